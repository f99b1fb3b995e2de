import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import type { TicketDetail } from '@drinkflow/domain/orders';
import { validOnlyAtText } from '@drinkflow/domain/scan-rules';
import { limitText, modoLabels } from '@drinkflow/domain/ticket-types';
import { useId } from 'react';
import { formatDateTime } from '@/lib/format';
import {
  displayedTicketStatus,
  effectiveStateAddsTo,
  hasDrinkLimit,
  ticketEffectiveState,
} from '../utils/ticket-status';
import { TicketActions } from './ticket-actions';
import { TicketQr } from './ticket-qr';
import { TicketScans } from './ticket-scans';
import { TicketTopUps } from './ticket-top-ups';
import { EffectiveStateBadge, TicketStatusBadge } from './ticket-status-badge';
import { TicketWhatsappButton } from './ticket-whatsapp-button';

/** 'Válido solo en: VIP' for a type that names bars (docs/rules/festivals.md); nothing otherwise. */
function ValidAt({ barras }: { barras: readonly string[] | null | undefined }) {
  const text = validOnlyAtText(barras);
  return text && <p className="text-sm font-semibold text-slate-900">{text}</p>;
}

/** One ticket: its status, its type's rules, its scans, its QR code and what can be done with it. */
export function TicketCard({ ticket, now }: { ticket: TicketDetail; now: Date }) {
  const titleId = useId();
  const tipo = ticket.tipoTicket;
  const status = displayedTicketStatus(ticket, now);
  const details = [
    { label: 'Tipo de bebida', value: drinkTypeLabel(tipo.drinkType) },
    { label: 'Modo de control', value: modoLabels[tipo.modo] },
    { label: 'Límite', value: limitText(tipo) },
    { label: 'Válido desde', value: formatDateTime(tipo.validoDesde) },
    { label: 'Válido hasta', value: formatDateTime(tipo.validoHasta) },
  ];
  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-slate-900">
            Ticket #{ticket.id}
          </h3>
          <p className="text-sm text-slate-600">Creado el {formatDateTime(ticket.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <TicketStatusBadge status={status} />
          {effectiveStateAddsTo(status) && <EffectiveStateBadge estado={ticketEffectiveState(ticket, now)} />}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="space-y-4">
          <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,7rem),1fr))] gap-3 text-sm">
            {details.map((detail) => (
              <div key={detail.label}>
                <dt className="text-xs font-medium text-slate-600">{detail.label}</dt>
                <dd className="text-slate-900">{detail.value}</dd>
              </div>
            ))}
          </dl>
          <ValidAt barras={tipo.barrasPermitidas} />
          <TicketScans ticket={ticket} />
          {hasDrinkLimit(tipo) && <TicketTopUps ticket={ticket} />}
        </div>
        <TicketQr ticketId={ticket.id} qrCode={ticket.qrCode} invalidated={ticket.estado === 'invalidado'} />
      </div>
      <TicketActions ticket={ticket} />
      <TicketWhatsappButton ticket={ticket} />
    </article>
  );
}
