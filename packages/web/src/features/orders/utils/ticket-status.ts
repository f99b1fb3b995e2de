import type { TicketDetail } from '@drinkflow/domain/orders';

export type DisplayedTicketStatus = 'Expirado' | 'Inválido' | 'Escaneado' | 'Activo';

/**
 * Spec §4 "Displayed ticket status on order detail": 'Expirado' once its type's validity has
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
