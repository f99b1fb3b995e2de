import type { TicketDetail } from '@drinkflow/domain/orders';
import { formatDateTime } from '@/lib/format';
import { useTicketConsumos } from '../api/get-ticket-consumos';
import { scanCountText } from '../utils/ticket-status';

/** 'No escaneado aún', or how often and when it was last scanned, with every drink served. */
export function TicketScans({
  ticket,
}: {
  ticket: Pick<TicketDetail, 'id' | 'totalConsumos' | 'ultimoConsumo'>;
}) {
  const consumos = useTicketConsumos(ticket.id, ticket.totalConsumos);
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium text-slate-900">{scanCountText(ticket.totalConsumos)}</p>
      {ticket.ultimoConsumo && (
        <p className="text-slate-600">Último escaneo: {formatDateTime(ticket.ultimoConsumo)}</p>
      )}
      {consumos.isError && <p className="text-red-700">No se pudo cargar el historial de consumos.</p>}
      {consumos.data && consumos.data.length > 0 && (
        <ol aria-label={`Consumos del ticket #${ticket.id}`} className="space-y-0.5 text-slate-700">
          {consumos.data.map((consumo) => (
            <li key={consumo.id} className="flex justify-between gap-3">
              <span>
                <span className="inline-block first-letter:uppercase">{consumo.tipoBebida}</span>
                {consumo.barra && <span className="text-slate-600"> · {consumo.barra}</span>}
              </span>
              <span className="text-slate-600">{formatDateTime(consumo.timestamp)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
