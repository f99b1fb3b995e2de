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

/**
 * '3 de 5 bebidas' when the type has a limit (raised by the ticket's top-ups: '3 de 7 bebidas'
 * with 2 added), else '3 bebidas (sin límite)'.
 */
export function drinksUsedText(
  used: number,
  tipo: { modo: TicketDetail['tipoTicket']['modo']; maxDrinks: number | null },
  toppedUp = 0,
): string {
  if (hasDrinkLimit(tipo)) return `${used} de ${(tipo.maxDrinks ?? 0) + toppedUp} bebidas`;
  return `${used} ${used === 1 ? 'bebida' : 'bebidas'} (sin límite)`;
}

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
