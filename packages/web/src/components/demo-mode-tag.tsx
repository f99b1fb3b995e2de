import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export const DEMO_MODE_HINT = 'Datos y cuentas de prueba: no usar para un evento real';

/**
 * Shown only in demo mode (docs/rules/operations.md): tells that the data and accounts are for trying the
 * product. The explanation is a tooltip for the mouse and hidden text for screen readers.
 */
export function DemoModeTag({ className }: { className?: string }) {
  return (
    <Badge tone="amber" title={DEMO_MODE_HINT} className={cn('gap-1', className)}>
      <FlaskConical className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>Modo demostración</span>
      <span className="sr-only">. {DEMO_MODE_HINT}</span>
    </Badge>
  );
}
