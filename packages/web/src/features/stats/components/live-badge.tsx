import { cn } from '@/lib/utils';
import type { LiveStatus } from '../hooks/use-live-stats';

const texts: Record<LiveStatus, string> = {
  connecting: 'Conectando…',
  live: 'En directo',
  reconnecting: 'Reconectando…',
  stopped: 'Sin conexión en directo',
};

/** Whether the figures follow the bars' scans right now. */
export function LiveBadge({ status }: { status: LiveStatus }) {
  const live = status === 'live';
  return (
    <p
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium',
        live ? 'border-green-200 bg-green-50 text-green-800' : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      <span
        aria-hidden
        className={cn('h-2 w-2 rounded-full', live ? 'animate-pulse bg-green-600' : 'bg-amber-500')}
      />
      {texts[status]}
    </p>
  );
}
