import { alertText, alertTitles, type Alerta, type AlertType } from '@drinkflow/domain/alerts';
import { Activity, Clock, QrCode, Undo2 } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

const icons: Record<AlertType, typeof QrCode> = {
  qr_compartido: QrCode,
  consumo_alto: Activity,
  barra_inactiva: Clock,
  deshechos_frecuentes: Undo2,
};

/** The alerts fired, newest first, each with what was seen and when (dd/MM/yyyy HH:mm). */
export function AlertList({ alerts }: { alerts: readonly Alerta[] }) {
  if (alerts.length === 0) return <p className="text-sm text-slate-600">Sin alertas.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Alertas disparadas">
      {alerts.map((alert) => {
        const Icon = icons[alert.tipo];
        return (
          <li key={alert.id} className="flex gap-3 py-3 break-inside-avoid">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium text-slate-900">{alertTitles[alert.tipo]}</p>
              <p className="text-sm break-words text-slate-700">{alertText(alert)}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={alert.disparadaEn}>{formatDateTime(alert.disparadaEn)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
