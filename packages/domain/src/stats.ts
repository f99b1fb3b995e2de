import { z } from 'zod';
import { recargasStats } from './topups';

const cantidad = z.number().int().nonnegative();

/** One hour of the day (APP_TIME_ZONE) with consumptions: `"23:00"`. */
export const horaPico = z.object({ hora: z.string().regex(/^\d{2}:00$/), cantidad });
export type HoraPico = z.infer<typeof horaPico>;

/** One hour of the timeline: the ISO start of the UTC hour. */
export const consumosHora = z.object({ hora: z.string(), cantidad });
export type ConsumosHora = z.infer<typeof consumosHora>;

export const bebidaPopular = z.object({ tipoBebida: z.string(), cantidad });
export type BebidaPopular = z.infer<typeof bebidaPopular>;

/** Tickets by effective state now (invalidado > caducado > agotado > activo, docs/rules/scan-rules.md). */
export const estadoTickets = z.object({
  activo: cantidad,
  agotado: cantidad,
  invalidado: cantidad,
  caducado: cantidad,
});
export type EstadoTickets = z.infer<typeof estadoTickets>;

/**
 * One bar: drinks it served, scans it refused and drinks it undid (docs/rules/offline-and-field.md); `'Sin barra'`
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
 * One device of the event that served or refused (docs/rules/statistics.md#per-device-and-per-person):
 * its name and bar as paired, drinks it recorded (undone ones no longer count), scans it refused,
 * and its busiest calendar minute (most drinks recorded in one minute).
 */
export const dispositivoStats = z.object({
  dispositivoId: z.number().int(),
  nombre: z.string(),
  barra: z.string().nullable(),
  consumos: cantidad,
  rechazos: cantidad,
  maxPorMinuto: cantidad,
});
export type DispositivoStats = z.infer<typeof dispositivoStats>;

/** One person whose devices served or refused: `nombre` is their name and surname. */
export const personaStats = z.object({
  usuarioId: z.number().int(),
  nombre: z.string(),
  consumos: cantidad,
  rechazos: cantidad,
});
export type PersonaStats = z.infer<typeof personaStats>;

/** How many offline conflicts the statistics list (the newest); `conflictosOffline` counts them all. */
export const CONFLICTOS_LIST_LIMIT = 100;

/**
 * A drink served offline that the rules, with every drink the server knew, would have refused
 * (docs/rules/offline-and-field.md, docs/decisions/036): when it was scanned, the ticket, its holder and type, the
 * bar, and the refusal's reason (`agotado`, `intervalo`, …).
 */
export const conflictoOffline = z.object({
  /** The drink's id. */
  id: z.number(),
  /** When the device scanned it (ISO, UTC). */
  escaneadoEn: z.string(),
  ticketId: z.number(),
  titular: z.string(),
  tipoTicket: z.string(),
  barra: z.string().nullable(),
  reason: z.string(),
});
export type ConflictoOffline = z.infer<typeof conflictoOffline>;

/**
 * GET /api/stats/{eventoId} (docs/rules/statistics.md).
 * - totalAsistentes: tickets issued; promedioConsumos: consumos / asistentes, 2 decimals (0 without tickets).
 * - horasPico: one entry per hour of day with consumptions, by cantidad desc then hour; sum = totalConsumos.
 * - consumosPorHora: hours with consumptions, in time order.
 * - rechazos: refused scans by reason (`agotado`, `intervalo`, … `no_encontrado`, `otro_evento`).
 * - deshechos: drinks undone by the scanner (docs/rules/offline-and-field.md); they no longer count in totalConsumos.
 * - porBarra: by consumos desc, then rechazos desc, then name.
 * - conflictosOffline: drinks served offline that the rules would have refused (docs/rules/offline-and-field.md),
 *   still stored; conflictos: the newest {@link CONFLICTOS_LIST_LIMIT} of them, newest first.
 * - recargas: the event's top-ups (docs/rules/festivals.md): drinks added and euros taken (`importe` summed,
 *   top-ups without one count 0).
 * - porDispositivo / porPersona: who served it (docs/decisions/061); drinks and refusals recorded
 *   without a device (older data) are in no row. By consumos desc, then rechazos desc, then name.
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
  // Optional in the schema so answers and fixtures written before them still parse
  // (docs/decisions/036); the server always sends both.
  conflictosOffline: cantidad,
  conflictos: z.array(conflictoOffline),
  // Optional so answers and fixtures written before top-ups still parse; the server always sends it.
  recargas: recargasStats.optional(),
  // Optional so answers and fixtures written before devices still parse; the server always sends both.
  porDispositivo: z.array(dispositivoStats).optional(),
  porPersona: z.array(personaStats).optional(),
});
export type EventStats = z.infer<typeof eventStats>;
