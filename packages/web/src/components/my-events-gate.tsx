import type { Evento } from '@drinkflow/domain/events';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';

interface MyEventsGateProps<S> {
  events: UseQueryResult<Evento[]>;
  /** The list's selected event, undefined until it is known (it needs the events). */
  selection: S | undefined;
  /** What to show when the organizer has no events yet. */
  noEvents: ReactNode;
  children(events: Evento[], selection: S): ReactNode;
}

/**
 * The lists that show one event's records or all of them (ticket types, orders) wait for the
 * organizer's events: their failure with a retry, a skeleton meanwhile, `noEvents` when there are none.
 */
export function MyEventsGate<S>({ events, selection, noEvents, children }: MyEventsGateProps<S>) {
  if (events.isError) {
    return <LoadError message="No se pudieron cargar tus eventos." onRetry={() => void events.refetch()} />;
  }
  if (!events.data || selection === undefined) {
    return (
      <div className="space-y-4" role="status" aria-label="Cargando eventos">
        <Skeleton className="h-16 w-full max-w-md" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (events.data.length === 0) return noEvents;
  return children(events.data, selection);
}
