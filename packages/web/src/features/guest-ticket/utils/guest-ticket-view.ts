import { todayText } from '@drinkflow/domain/daily-cutoff';
import { validOnlyAtText } from '@drinkflow/domain/scan-rules';
import {
  formatMadridDate as formatDate,
  formatMadridDateTime as formatDateTime,
  formatMadridTime as formatTime,
} from '@/lib/madrid-time';
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
  /** 'Válido solo en: VIP' when the type names bars (docs/rules/festivals.md), else null. */
  validAt: string | null;
  /** The drinks left, as a figure ('3', 'Sin límite') and what it is out of ('de 4', or ''). */
  drinksLeft: { value: string; detail: string };
  /** 'Hoy: 2 de 4' (docs/rules/festivals.md) when the type has a per-day limit, else null. */
  today: string | null;
  /**
   * 'Próxima bebida a las HH:mm' while an interval keeps the next drink waiting; once today's
   * limit is reached, the next cut-off ('Próxima bebida mañana a las 06:00' on the next day).
   */
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

const DAY_MS = 24 * 60 * 60_000;

/** 'a las 06:00' today, 'mañana a las 06:00', else 'el 06/07 a las 06:00' (Madrid's calendar). */
function dayAndTime(next: Date, now: Date): string {
  const day = formatDate(next);
  if (day === formatDate(now)) return `a las ${formatTime(next)}`;
  if (day === formatDate(new Date(now.getTime() + DAY_MS))) return `mañana a las ${formatTime(next)}`;
  return `el ${day.slice(0, 5)} a las ${formatTime(next)}`;
}

function nextDrink(ticket: GuestTicket, now: Date): string | null {
  if (ticket.estado !== 'activo') return null;
  const interval = ticket.proximaBebida;
  // An interval's wait, else today's limit reached: the scanner's next allowed time either way.
  const next = new Date(interval ?? ticket.proximaBebidaDiaria ?? Number.NaN);
  if (Number.isNaN(next.getTime()) || next.getTime() <= now.getTime()) return null;
  // An interval's wait is minutes long; the next cut-off is often on the next calendar day.
  return interval ? `Próxima bebida a las ${formatTime(next)}` : `Próxima bebida ${dayAndTime(next, now)}`;
}

export function guestTicketView(ticket: GuestTicket, now: Date): GuestTicketView {
  return {
    eventName: ticket.evento.nombre,
    when: formatDateTime(new Date(ticket.evento.fechaInicio)),
    place: ticket.evento.ubicacion,
    holder: ticket.titular,
    typeName: ticket.tipoTicket.nombre,
    limit: ticket.tipoTicket.descripcionLimite,
    validAt: validOnlyAtText(ticket.tipoTicket.barrasPermitidas),
    drinksLeft: drinksLeft(ticket),
    today: todayText(ticket),
    nextDrink: nextDrink(ticket, now),
    notice: notices[ticket.estado] ?? null,
    // An invalidated ticket shows no code, whatever the answer carries.
    qrCode: ticket.estado === 'invalidado' ? null : ticket.qrCode,
  };
}

/** 'Sin conexión — datos de las HH:mm': the page shows a copy received then. */
export const offlineText = (savedAt: Date) => `Sin conexión — datos de las ${formatTime(savedAt)}`;
