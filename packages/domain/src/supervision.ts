import { z } from 'zod';
import { SUPERVISOR_UNDO_MINUTES } from './team';

/**
 * A supervisor's undo of any drink of the event (docs/rules/devices.md): the drinks of the last
 * SUPERVISOR_UNDO_MINUTES, and taking one of them back.
 */
export const supervisionMessages = {
  tooLate: `Solo se pueden deshacer consumos de los últimos ${SUPERVISOR_UNDO_MINUTES} minutos`,
  notFound: 'Consumo no encontrado',
  undone: 'Consumo deshecho',
} as const;

/** The most drinks `GET …/consumos/recientes` lists, newest first: a rush fills a screen long before. */
export const RECENT_DRINKS_LIMIT = 500;

/** `GET /api/eventos/{id}/consumos/recientes`: one drink of the last 30 minutes. */
export const recentDrink = z.object({
  id: z.number(),
  ticketId: z.number(),
  titular: z.string(),
  tipoBebida: z.string(),
  barra: z.string().nullable(),
  timestamp: z.string(),
  /** The device that served it; null for drinks of scanners without one. */
  dispositivo: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  /** The person whose device served it; null when no account was behind it. */
  persona: z.object({ id: z.number(), nombre: z.string() }).nullable(),
});
export type RecentDrink = z.infer<typeof recentDrink>;

export const supervisorUndoResponse = z.object({ undone: z.literal(true), message: z.string() });
export type SupervisorUndoResponse = z.infer<typeof supervisorUndoResponse>;
