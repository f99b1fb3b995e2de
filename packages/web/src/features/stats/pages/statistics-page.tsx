import { Printer, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { MyEventsGate } from '@/components/my-events-gate';
import { Button } from '@/components/ui/button';
import { useEventSelection } from '@/hooks/use-event-selection';
import { useMyEvents } from '@/hooks/use-my-events';
import { AlertsPanel } from '../components/alerts-panel';
import { EventPicker } from '../components/event-picker';
import { EventStatsView } from '../components/event-stats';
import { ExportData } from '../components/export-data';
import { LiveAlert } from '../components/live-alert';
import { LiveBadge } from '../components/live-badge';
import { SelectEvent } from '../components/select-event';
import { useLiveStats } from '../hooks/use-live-stats';
import { statsSelection, ticketTypesOf } from '../utils/stats-selection';

/** /organizer/estadisticas: one event's consumption, live while the bars scan. */
export function StatisticsPage() {
  const events = useMyEvents();
  const { selection, select } = useEventSelection(events.data, statsSelection);
  // 'todos' (a link from the lists) is no event here: ask for one.
  const eventoId = typeof selection === 'number' ? selection : null;
  const status = useLiveStats(eventoId);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Estadísticas</h1>
          <p className="text-slate-600">El consumo de tu evento, al momento.</p>
        </div>
        {eventoId !== null && (
          <div className="flex flex-wrap items-center gap-3">
            <LiveBadge status={status} />
            <Button asChild variant="outline">
              <Link to={ticketTypesOf(eventoId)}>
                <SlidersHorizontal className="h-4 w-4" aria-hidden />
                Ajustar límites
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.organizer.report(eventoId)}>
                <Printer className="h-4 w-4" aria-hidden />
                Informe imprimible
              </Link>
            </Button>
          </div>
        )}
      </div>
      <MyEventsGate events={events} selection={selection} noEvents={<SelectEvent hasEvents={false} />}>
        {(list) => (
          <>
            <EventPicker events={list} selected={eventoId} onChange={select} />
            {eventoId === null ? (
              <SelectEvent hasEvents />
            ) : (
              <>
                <LiveAlert key={`live-${eventoId}`} eventoId={eventoId} />
                <EventStatsView key={eventoId} eventoId={eventoId} />
                <AlertsPanel key={`alerts-${eventoId}`} eventoId={eventoId} />
                <ExportData eventoId={eventoId} />
              </>
            )}
          </>
        )}
      </MyEventsGate>
    </div>
  );
}
