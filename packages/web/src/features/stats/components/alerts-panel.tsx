import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertList } from '@/components/alert-list';
import { Skeleton } from '@/components/ui/skeleton';
import { useEventAlerts } from '@/hooks/use-alerts';
import { AlertRulesForm } from './alert-rules-form';

/** The event's alerts on the statistics page: every alert fired, and the thresholds. */
export function AlertsPanel({ eventoId }: { eventoId: number }) {
  const alerts = useEventAlerts(eventoId);

  if (alerts.isError && !alerts.data) {
    return <LoadError message="No se pudieron cargar las alertas." onRetry={() => void alerts.refetch()} />;
  }
  return (
    <section aria-labelledby="alerts-heading">
      <Card>
        <CardHeader>
          <CardTitle id="alerts-heading" className="text-lg">
            Alertas
          </CardTitle>
          <CardDescription>
            El servidor comprueba los umbrales tras cada escaneo y cada minuto; cada alerta queda registrada.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {alerts.data ? (
            <>
              <AlertList alerts={alerts.data.alertas} />
              <div className="space-y-3 border-t border-slate-200 pt-4">
                <h3 className="font-semibold text-slate-900">Umbrales</h3>
                <AlertRulesForm eventoId={eventoId} rules={alerts.data.reglas} />
              </div>
            </>
          ) : (
            <div role="status" aria-label="Cargando alertas">
              <Skeleton className="h-32 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
