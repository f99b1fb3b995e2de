import type { TicketDetail } from '@drinkflow/domain/orders';
import { effectiveTicketState, type TicketEstadoEfectivo } from '@drinkflow/domain/scan-rules';

export type DisplayedTicketStatus = 'Expirado' | 'Inválido' | 'Escaneado' | 'Activo';

/**
 * docs/rules/states-and-flows.md "Displayed ticket status on order detail": 'Expirado' once its type's validity has
 * ended (first), else 'Inválido' when invalidated, else 'Escaneado' when it has drinks, else 'Activo'.
 */
export function displayedTicketStatus(
  ticket: Pick<TicketDetail, 'estado' | 'totalConsumos'> & {
    tipoTicket: Pick<TicketDetail['tipoTicket'], 'validoHasta'>;
  },
  now: Date,
): DisplayedTicketStatus {
  if (now.getTime() > new Date(ticket.tipoTicket.validoHasta).getTime()) return 'Expirado';
  if (ticket.estado === 'invalidado') return 'Inválido';
  if (ticket.totalConsumos > 0) return 'Escaneado';
  return 'Activo';
}

/** 'No escaneado aún', 'Escaneado 1 vez', 'Escaneado 3 veces'. */
export const scanCountText = (count: number) =>
  count === 0 ? 'No escaneado aún' : `Escaneado ${count} ${count === 1 ? 'vez' : 'veces'}`;

/** The type counts the ticket's drinks, so top-ups apply to it (docs/rules/festivals.md). */
export const hasDrinkLimit = (tipo: { modo: TicketDetail['tipoTicket']['modo']; maxDrinks: number | null }) =>
  tipo.modo !== 'temporal' && tipo.maxDrinks !== null;

const usedText = (used: number) => (used > 0 ? ` (${used} ${used === 1 ? 'usada' : 'usadas'})` : '');

/**
 * What is left, as the guest page says it ('Bebidas restantes: 10 de 12'), and what was used, in
 * words: 'Quedan 10 de 12 bebidas (2 usadas)' when the type has a limit (raised by the ticket's
 * top-ups), 'Queda 1 de 5 bebidas (4 usadas)', else 'Sin límite de bebidas (3 usadas)'.
 */
export function drinksLeftText(
  used: number,
  tipo: { modo: TicketDetail['tipoTicket']['modo']; maxDrinks: number | null },
  toppedUp = 0,
): string {
  if (!hasDrinkLimit(tipo)) return `Sin límite de bebidas${usedText(used)}`;
  const total = (tipo.maxDrinks ?? 0) + toppedUp;
  // Offline drinks served past the limit (conflicts) never make it negative.
  const left = Math.max(0, total - used);
  return `${left === 1 ? 'Queda' : 'Quedan'} ${left} de ${total} bebidas${usedText(used)}`;
}

/**
 * Whether the effective state adds to the status badge: only beside 'Escaneado' ('Activo' or
 * 'Agotado'); elsewhere it would repeat it ('Activo' and 'Activo', 'Inválido' and 'Invalidado').
 */
export const effectiveStateAddsTo = (status: DisplayedTicketStatus) => status === 'Escaneado';

/** The effective state (docs/rules/scan-rules.md) the scanner, the statistics and pedidos.csv show. */
export const ticketEffectiveState = (
  ticket: Pick<TicketDetail, 'estado' | 'totalConsumos' | 'tipoTicket'>,
  now: Date,
): TicketEstadoEfectivo =>
  effectiveTicketState(
    { estado: ticket.estado },
    { ...ticket.tipoTicket, validoHasta: new Date(ticket.tipoTicket.validoHasta) },
    ticket.totalConsumos,
    now,
  );
