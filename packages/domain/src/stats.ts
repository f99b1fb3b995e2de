import { z } from 'zod';

const cantidad = z.number().int().nonnegative();

/** One hour of the day (APP_TIME_ZONE) with consumptions: `"23:00"`. */
export const horaPico = z.object({ hora: z.string().regex(/^\d{2}:00$/), cantidad });
export type HoraPico = z.infer<typeof horaPico>;

/** One hour of the timeline: the ISO start of the UTC hour. */
export const consumosHora = z.object({ hora: z.string(), cantidad });
export type ConsumosHora = z.infer<typeof consumosHora>;

export const bebidaPopular = z.object({ tipoBebida: z.string(), cantidad });
export type BebidaPopular = z.infer<typeof bebidaPopular>;

/** Tickets by effective state now (invalidado > caducado > agotado > activo, DECISIONS §5). */
export const estadoTickets = z.object({
  activo: cantidad,
  agotado: cantidad,
  invalidado: cantidad,
  caducado: cantidad,
});
export type EstadoTickets = z.infer<typeof estadoTickets>;

/**
 * One bar: drinks it served, scans it refused and drinks it undid (DECISIONS §12); `'Sin barra'`
 * for devices that gave no name.
 */
export const barraStats = z.object({
  barra: z.string(),
  consumos: cantidad,
  rechazos: cantidad,
  deshechos: cantidad,
});
export type BarraStats = z.infer<typeof barraStats>;

/**
 * GET /api/stats/{eventoId} (DECISIONS §8).
 * - totalAsistentes: tickets issued; promedioConsumos: consumos / asistentes, 2 decimals (0 without tickets).
 * - horasPico: one entry per hour of day with consumptions, by cantidad desc then hour; sum = totalConsumos.
 * - consumosPorHora: hours with consumptions, in time order.
 * - rechazos: refused scans by reason (`agotado`, `intervalo`, … `no_encontrado`, `otro_evento`).
 * - deshechos: drinks undone by the scanner (DECISIONS §12); they no longer count in totalConsumos.
 * - porBarra: by consumos desc, then rechazos desc, then name.
 */
export const eventStats = z.object({
  totalConsumos: cantidad,
  totalAsistentes: cantidad,
  promedioConsumos: z.number().nonnegative(),
  horasPico: z.array(horaPico),
  consumosPorHora: z.array(consumosHora),
  bebidasPopulares: z.array(bebidaPopular),
  estadoTickets,
  rechazos: z.record(z.string(), cantidad),
  deshechos: cantidad,
  porBarra: z.array(barraStats),
});
export type EventStats = z.infer<typeof eventStats>;
