import { limits, type TicketTypeValues, type TipoTicket } from '@drinkflow/domain/ticket-types';

const COPY_SUFFIX = ' (Copia)';

/** The duplicate's name: ' (Copia)' appended, the original shortened to stay within 100 characters. */
export const duplicateName = (nombre: string) =>
  `${nombre.slice(0, limits.nombre.max - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

/** The body that creates a copy of a ticket type in the same event. */
export const duplicateBody = (tipo: TipoTicket): TicketTypeValues => ({
  eventoId: tipo.eventoId,
  nombre: duplicateName(tipo.nombre),
  modo: tipo.modo,
  maxDrinks: tipo.maxDrinks,
  durationMinutes: tipo.durationMinutes,
  drinkIntervalMinutes: tipo.drinkIntervalMinutes,
  drinkType: tipo.drinkType,
  validoDesde: tipo.validoDesde,
  validoHasta: tipo.validoHasta,
  maxDrinksPerDay: tipo.maxDrinksPerDay,
  barrasPermitidas: tipo.barrasPermitidas,
});
