import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AlertList } from '@/components/alert-list';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { statsQueryOptions } from '@/features/stats';
import { alertsQueryOptions } from '@/hooks/use-alerts';
import { useEvent } from '@/hooks/use-event';
import { ApiError } from '@/lib/api';
import { useEventTopUps } from '../api/get-event-top-ups';
import { EventReport } from '../components/event-report';
import { ReportNotFound } from '../components/report-not-found';
import { ReportToolbar } from '../components/report-toolbar';
import { useReportTitle } from '../hooks/use-report-title';
import '../report-print.css';

/** The API says 404 for another organizer's event; 403 would mean the same to the reader. */
const isMissing = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/** /organizer/estadisticas/:eventoId/informe: the event's statistics, ready to print on A4. */
export function EventReportPage() {
  const eventoId = Number(useParams().eventoId);
  const valid = Number.isInteger(eventoId) && eventoId > 0;
  const event = useEvent(eventoId);
  const stats = useQuery({ ...statsQueryOptions(eventoId), enabled: valid });
  const alerts = useQuery({ ...alertsQueryOptions(eventoId), enabled: valid });
  const topUps = useEventTopUps(eventoId, valid);
  useReportTitle(event.data?.nombre);

  let content;
  if (!valid || isMissing(event.error) || isMissing(stats.error)) {
    content = <ReportNotFound />;
  } else if (event.isError || stats.isError || alerts.isError || topUps.isError) {
    content = (
      <LoadError
        message="No se pudo cargar el informe."
        onRetry={() => {
          if (event.isError) void event.refetch();
          if (stats.isError) void stats.refetch();
          if (alerts.isError) void alerts.refetch();
          if (topUps.isError) void topUps.refetch();
        }}
      />
    );
  } else if (!event.data || !stats.data || !alerts.data || !topUps.data) {
    content = <PageSpinner label="Cargando informe..." />;
  } else {
    content = (
      <EventReport
        evento={event.data}
        stats={stats.data}
        topUps={topUps.data}
        generatedAt={new Date(stats.dataUpdatedAt)}
        alerts={
          <section aria-labelledby="informe-alertas" className="space-y-2">
            <h2 id="informe-alertas" className="break-after-avoid text-lg font-bold text-slate-900">
              Alertas
            </h2>
            <AlertList alerts={alerts.data.alertas} />
          </section>
        }
      />
    );
  }

  return (
    <div className="min-h-screen bg-slate-100 sm:py-6 print:min-h-0 print:bg-white print:py-0">
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="event-report mx-auto max-w-[210mm] space-y-4 bg-white p-4 outline-none sm:rounded-lg sm:p-8 sm:shadow-sm print:max-w-none print:rounded-none print:p-0"
      >
        <ReportToolbar eventoId={valid ? eventoId : null} canPrint={Boolean(event.data && stats.data)} />
        {content}
      </main>
    </div>
  );
}
