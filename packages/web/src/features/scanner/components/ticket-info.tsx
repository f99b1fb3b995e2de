import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import { limitText } from '@drinkflow/domain/ticket-type-labels';
import type { ScannedTicket, ScannerTicketResponse } from '@drinkflow/domain/scanner';
import { CheckCircle2, XCircle } from 'lucide-react';
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

interface TicketInfoProps {
  data: ScannedTicket & Partial<Pick<ScannerTicketResponse, 'verificacion'>>;
  /** Advanced mode: what a drink now would get, before recording it. */
  showVerification: boolean;
}

/** The scanned ticket: its effective state, holder, type and limit, and the drinks it already had. */
export function TicketInfo({ data, showVerification }: TicketInfoProps) {
  const { ticket, tipoTicket, consumos, verificacion } = data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Información del Ticket</CardTitle>
        <Badge tone={estadoTones[ticket.estado] ?? 'neutral'} className="px-3 py-1 text-sm">
          {estadoLabel(ticket.estado)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Titular</dt>
          <dd className="font-semibold break-words text-slate-900">{ticket.titular}</dd>
          <dt className="text-slate-600">Tipo de ticket</dt>
          <dd className="break-words text-slate-900">{tipoTicket.nombre}</dd>
          <dt className="text-slate-600">Modalidad</dt>
          <dd className="text-slate-900">
            {modoLabel(tipoTicket.modo)} · {limitText(tipoTicket)}
          </dd>
          <dt className="text-slate-600">Bebidas</dt>
          <dd className="break-words text-slate-900">{drinkTypeLabel(tipoTicket.drinkType)}</dd>
          <dt className="text-slate-600">Válido</dt>
          <dd className="text-slate-900">
            {dateTime(tipoTicket.validoDesde)} – {dateTime(tipoTicket.validoHasta)}
          </dd>
        </dl>
        {showVerification && verificacion && <Verification result={verificacion} />}
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

function Verification({ result }: { result: ScannerTicketResponse['verificacion'] }) {
  const allowed = result.success;
  const Icon = allowed ? CheckCircle2 : XCircle;
  return (
    <div
      className={`flex items-start gap-3 rounded-lg p-3 ${allowed ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      <Icon className="mt-0.5 h-6 w-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{allowed ? 'Puede consumir' : 'No puede consumir'}</p>
        <p className="text-sm">{result.message}</p>
      </div>
    </div>
  );
}
