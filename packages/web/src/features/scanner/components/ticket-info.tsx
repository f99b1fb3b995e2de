import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import { limitText } from '@drinkflow/domain/ticket-type-labels';
import type { ScannedTicket } from '@drinkflow/domain/scanner';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  dateTime,
  drinkLabel,
  estadoLabel,
  modoLabel,
  shortDateTime,
  type EstadoEfectivo,
} from '../utils/ticket-display';

const estadoTones: Record<EstadoEfectivo, 'green' | 'amber' | 'red' | 'neutral'> = {
  activo: 'green',
  agotado: 'amber',
  invalidado: 'red',
  caducado: 'neutral',
};

/**
 * The scanned ticket: its effective state, holder, type and limit, and the drinks it already had.
 * The answer to the scan itself (and advanced mode's 'Puede consumir') is the result above.
 */
export function TicketInfo({ data, actions }: { data: ScannedTicket; actions?: ReactNode }) {
  const { ticket, tipoTicket, consumos } = data;
  return (
    <Card role="region" aria-labelledby="scanner-ticket">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="scanner-ticket">Información del Ticket</CardTitle>
        <Badge tone={estadoTones[ticket.estado] ?? 'neutral'} className="px-3 py-1 text-sm">
          {estadoLabel(ticket.estado)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Titular</dt>
          <dd className="text-base font-semibold break-words text-slate-900">{ticket.titular}</dd>
          <dt className="text-slate-600">Tipo de ticket</dt>
          <dd className="break-words text-slate-900">{tipoTicket.nombre}</dd>
          <dt className="text-slate-600">Modalidad</dt>
          <dd className="text-slate-900">
            {modoLabel(tipoTicket.modo)} · {limitText(tipoTicket)}
            {!!ticket.recargas && ` (+${ticket.recargas} de recargas)`}
          </dd>
          <dt className="text-slate-600">Bebidas</dt>
          <dd className="break-words text-slate-900">{drinkTypeLabel(tipoTicket.drinkType)}</dd>
          <dt className="text-slate-600">Válido</dt>
          <dd className="text-slate-900">
            {dateTime(tipoTicket.validoDesde)} – {dateTime(tipoTicket.validoHasta)}
          </dd>
        </dl>
        {actions}
        <section aria-labelledby="scanner-history" className="space-y-2">
          <h3 id="scanner-history" className="font-semibold text-slate-900">
            Historial de consumos ({consumos.length})
          </h3>
          {consumos.length === 0 ? (
            <p className="text-sm text-slate-600">Sin consumos registrados.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
              {consumos.map((consumo) => (
                <li key={consumo.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <span className="font-medium text-slate-900 tabular-nums">
                    {shortDateTime(consumo.timestamp)}
                  </span>
                  <span className="text-slate-800">{drinkLabel(consumo.tipoBebida)}</span>
                  <span className="text-slate-600">{consumo.barra ?? 'Barra sin indicar'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
