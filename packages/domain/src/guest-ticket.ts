import { z } from 'zod';
import { DEFAULT_TIME_ZONE, formatDateTime, formatTime } from './dates';
import { effectiveEstados } from './scanner';
import { modos, type Modo } from './ticket-type-labels';

/** A guest's own ticket page, /t/{token} (docs/rules/guests.md). */

export const guestTicketMessages = {
  notFound: 'Ticket no encontrado',
  rateLimited: 'Demasiadas solicitudes. Inténtalo de nuevo en un momento.',
} as const;

/**
 * A guest token as the server issues it: 18 random bytes in base64url (24 characters). Anything
 * else cannot be a ticket's token and is answered as unknown without asking the database.
 */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const isGuestTokenShape = (token: string) => GUEST_TOKEN_PATTERN.test(token);

export interface LimitDescriptionInput {
  modo: Modo;
  maxDrinks: number | null;
  drinkIntervalMinutes: number | null;
  validoDesde: Date;
  validoHasta: Date;
  /** Drinks per festival day (docs/rules/festivals.md), when the type has that limit. */
  maxDrinksPerDay?: number | null;
}

const drinks = (n: number) => (n === 1 ? '1 bebida' : `${n} bebidas`);
const DAY_MS = 24 * 60 * 60_000;

/** "de 21:00 a 02:00" within a day; "del 04/07/2026 21:00 al 06/07/2026 02:00" for longer windows. */
function windowText(from: Date, to: Date, timeZone: string): string {
  if (to.getTime() - from.getTime() <= DAY_MS) {
    return `de ${formatTime(from, timeZone)} a ${formatTime(to, timeZone)}`;
  }
  return `del ${formatDateTime(from, timeZone)} al ${formatDateTime(to, timeZone)}`;
}

/**
 * The ticket type's limit in words, as a guest reads it: "5 bebidas", "Barra libre de 21:00 a
 * 02:00", "1 bebida cada 30 min, hasta 8 bebidas (de 21:00 a 02:00)".
 */
export function limitDescription(tipo: LimitDescriptionInput, timeZone = DEFAULT_TIME_ZONE): string {
  const window = windowText(tipo.validoDesde, tipo.validoHasta, timeZone);
  const perDay = tipo.maxDrinksPerDay ? `, máximo ${drinks(tipo.maxDrinksPerDay)} al día` : '';
  if (tipo.modo === 'temporal') return `Barra libre ${window}${perDay}`;
  if (tipo.modo === 'intervalos_controlados') {
    const every = tipo.drinkIntervalMinutes ? `1 bebida cada ${tipo.drinkIntervalMinutes} min` : 'Bebidas';
    const upTo = tipo.maxDrinks !== null ? `, hasta ${drinks(tipo.maxDrinks)}` : '';
    return `${every}${upTo}${perDay} (${window})`;
  }
  const total = tipo.maxDrinks !== null ? drinks(tipo.maxDrinks) : 'Bebidas sin límite';
  return `${total}${perDay}`;
}

/** GET /api/t/{token}: what the guest sees, never their email or phone (docs/rules/guests.md). */
export const guestTicket = z.object({
  evento: z.object({
    nombre: z.string(),
    ubicacion: z.string(),
    fechaInicio: z.string(),
    fechaFin: z.string(),
  }),
  /** The order's `nombreCompleto`. */
  titular: z.string(),
  tipoTicket: z.object({
    nombre: z.string(),
    modo: z.enum(modos),
    descripcionLimite: z.string(),
    /** The bars that serve this type, when it names any: 'Válido solo en: VIP' (docs/rules/festivals.md). */
    barrasPermitidas: z.array(z.string()).optional(),
  }),
  /** Effective state: invalidado > caducado > agotado > activo (docs/rules/scan-rules.md). */
  estado: z.enum(effectiveEstados),
  bebidasConsumidas: z.number().int().nonnegative(),
  /** Null when the ticket has no count limit. */
  bebidasRestantes: z.number().int().nonnegative().nullable(),
  /** ISO time of the next drink when an interval holds it back; else null. */
  proximaBebida: z.string().nullable(),
  /** The QR text to show; null when the ticket is invalidated (no usable QR). */
  qrCode: z.string().nullable(),
  /**
   * "Hoy: 2 de 4" (docs/rules/festivals.md), only when the type has a per-day limit: the drinks of the
   * festival day the request falls on (since the event's last cut-off) and the limit — the
   * scanner's `bebidasHoy` and `maxDrinksPerDay`.
   */
  bebidasHoy: z.number().int().nonnegative().optional(),
  maxDrinksPerDay: z.number().int().positive().optional(),
  /** Today's per-day limit, only when today's top-ups 'Usables también hoy' raised it (docs/decisions/063). */
  limiteHoy: z.number().int().positive().optional(),
  /**
   * Only when the type has a per-day limit: the ISO time the next drink is allowed (the next
   * cut-off) once today's limit is reached — the scanner's `nextAllowedTime` of `limite_diario`;
   * null while the limit is not reached, or when that cut-off falls after the ticket's validity.
   */
  proximaBebidaDiaria: z.string().nullable().optional(),
});
export type GuestTicket = z.infer<typeof guestTicket>;

export const guestTicketParams = z.object({ token: z.string() });
