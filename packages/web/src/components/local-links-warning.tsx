import { LOCAL_LINKS_WARNING } from '@drinkflow/domain/link-base';
import { TriangleAlert } from 'lucide-react';

/**
 * Shown, before anything is sent, on every screen that sends guest links whose base is this
 * computer (docs/rules/guests.md#links-that-cannot-work): a guest's phone could not open them.
 */
export function LocalLinksWarning() {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {LOCAL_LINKS_WARNING}
    </p>
  );
}
