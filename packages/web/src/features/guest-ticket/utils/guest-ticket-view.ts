import { formatDateTime, formatTime } from '@drinkflow/domain/dates';
import type { GuestTicket } from '../types';

/** What the guest page shows of a ticket, in Spanish, at `now`. */
export interface GuestTicketView {
  eventName: string;
  /** dd/MM/yyyy HH:mm, the event's start (Europe/Madrid, as the rest of the product). */
  when: string;
  place: string;
  holder: string;
  typeName: string;
  /** The ticket type's limit in words, as the API words it. */
  limit: string;
  /** The drinks left, as a figure ('3', 'Sin límite') and what it is out of ('de 4', or ''). */
  drinksLeft: { value: string; detail: string };
  /** 'Próxima bebida a las HH:mm' while an interval keeps the next drink waiting. */
  nextDrink: string | null;
  /** A state that stops or ends the ticket, said plainly. */
  notice: { tone: 'danger' | 'neutral'; text: string } | null;
  /** The code to draw; null when the ticket must not be shown at the bar. */
  qrCode: string | null;
}

export const INVALIDATED_MESSAGE = 'Ticket invalidado — pide ayuda al organizador';

const notices: Record<GuestTicket['estado'], GuestTicketView['notice']> = {
  activo: null,
  agotado: { tone: 'neutral', text: 'Has usado todas tus bebidas' },
  caducado: { tone: 'neutral', text: 'Este ticket ha caducado' },
  invalidado: { tone: 'danger', text: INVALIDATED_MESSAGE },
};

const drinks = (count: number) => `${count} ${count === 1 ? 'bebida' : 'bebidas'}`;

function drinksLeft(ticket: GuestTicket): GuestTicketView['drinksLeft'] {
  if (ticket.bebidasRestantes === null) {
    return {
      value: 'Sin límite',
      detail: ticket.bebidasConsumidas > 0 ? `llevas ${drinks(ticket.bebidasConsumidas)}` : '',
    };
  }
  const left = Math.max(0, ticket.bebidasRestantes);
  return { value: String(left), detail: `de ${left + Math.max(0, ticket.bebidasConsumidas)}` };
}

function nextDrink(ticket: GuestTicket, now: Date): string | null {
  if (ticket.estado !== 'activo' || !ticket.proximaBebida) return null;
  const next = new Date(ticket.proximaBebida);
  if (Number.isNaN(next.getTime()) || next.getTime() <= now.getTime()) return null;
  return `Próxima bebida a las ${formatTime(next)}`;
}

export function guestTicketView(ticket: GuestTicket, now: Date): GuestTicketView {
  return {
    eventName: ticket.evento.nombre,
    when: formatDateTime(new Date(ticket.evento.fechaInicio)),
    place: ticket.evento.ubicacion,
    holder: ticket.titular,
    typeName: ticket.tipoTicket.nombre,
    limit: ticket.tipoTicket.descripcionLimite,
    drinksLeft: drinksLeft(ticket),
    nextDrink: nextDrink(ticket, now),
    notice: notices[ticket.estado] ?? null,
    // An invalidated ticket shows no code, whatever the answer carries.
    qrCode: ticket.estado === 'invalidado' ? null : ticket.qrCode,
  };
}

/** 'Sin conexión — datos de las HH:mm': the page shows a copy received then. */
export const offlineText = (savedAt: Date) => `Sin conexión — datos de las ${formatTime(savedAt)}`;
