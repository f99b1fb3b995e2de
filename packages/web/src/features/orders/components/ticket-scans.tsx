import type { TicketDetail } from '@drinkflow/domain/orders';
import { formatDateTime } from '@/lib/format';
import { scanReasonLabel } from '@drinkflow/domain/stats-summary';
import { drinkLabel } from '@drinkflow/domain/bebidas';
import { useTicketConsumos } from '../api/get-ticket-consumos';
import { useTicketTopUps, topUpDrinks } from '@/hooks/use-top-ups';
import { useTicketRechazos } from '../api/get-ticket-rechazos';
import { todayText } from '@drinkflow/domain/daily-cutoff';
import { drinksLeftText, hasDrinkLimit, scanCountText } from '../utils/ticket-status';

/** 'No escaneado aún', or how often and when it was last scanned, with every drink served. */
export function TicketScans({
  ticket,
}: {
  ticket: Pick<
    TicketDetail,
    'id' | 'totalConsumos' | 'ultimoConsumo' | 'tipoTicket' | 'bebidasHoy' | 'maxDrinksPerDay'
  >;
}) {
  const consumos = useTicketConsumos(ticket.id, ticket.totalConsumos);
  const rechazos = useTicketRechazos(ticket.id, ticket.totalConsumos);
  const recargas = useTicketTopUps(ticket.id, hasDrinkLimit(ticket.tipoTicket));
  const today = todayText(ticket);
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium text-slate-900">{scanCountText(ticket.totalConsumos)}</p>
      <p className="flex flex-wrap gap-x-3 text-slate-900">
        <span>{drinksLeftText(ticket.totalConsumos, ticket.tipoTicket, topUpDrinks(recargas.data))}</span>
        {today && <span className="font-medium">{today}</span>}
      </p>
      {ticket.ultimoConsumo && (
        <p className="text-slate-600">Último escaneo: {formatDateTime(ticket.ultimoConsumo)}</p>
      )}
      {consumos.isError && <p className="text-red-700">No se pudo cargar el historial de consumos.</p>}
      {consumos.data && consumos.data.length > 0 && (
        <ol aria-label={`Consumos del ticket #${ticket.id}`} className="space-y-0.5 text-slate-700">
          {consumos.data.map((consumo) => (
            <li key={consumo.id} className="flex justify-between gap-3">
              <span>
                {drinkLabel(consumo.tipoBebida)}
                <span className="text-slate-600"> · {consumo.barra ?? 'Sin barra'}</span>
              </span>
              <span className="text-slate-600">{formatDateTime(consumo.timestamp)}</span>
            </li>
          ))}
        </ol>
      )}
      {rechazos.data && rechazos.data.length > 0 && (
        <div className="pt-1">
          <p className="font-medium text-red-800">
            {rechazos.data.length === 1
              ? '1 intento rechazado'
              : `${rechazos.data.length} intentos rechazados`}
          </p>
          <ol
            aria-label={`Intentos rechazados del ticket #${ticket.id}`}
            className="space-y-0.5 text-slate-700"
          >
            {rechazos.data.map((rechazo) => (
              <li key={rechazo.id} className="flex justify-between gap-3">
                <span>
                  {scanReasonLabel(rechazo.reason)}
                  <span className="text-slate-600"> · {rechazo.barra ?? 'Sin barra'}</span>
                </span>
                <span className="text-slate-600">{formatDateTime(rechazo.timestamp)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
