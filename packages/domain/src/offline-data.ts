import { z } from 'zod';
import { scannedTicket } from './scanner';

/**
 * The scanner's offline data (docs/rules/offline-and-field.md): everything a bar's device needs to decide a scan
 * with the same rule function when the server cannot be reached. A ticket is known by the hex
 * SHA-256 of its QR code, never the code, and its holder's name is encrypted with a key derived
 * from the code, so a copy of the file reveals neither valid codes nor guests' names: only the
 * device that has just read a code finds its ticket and reads its holder's name.
 *
 * The crypto lives in offline-crypto.ts, re-exported here: without zod, so the scanner page can load
 * it alone (the schemas would add about 27 kB gz to its bundle).
 */

const base64Url = z.string().regex(/^[A-Za-z0-9_-]+$/);

/**
 * A holder's name sealed with AES-256-GCM: base64url of the 12-byte IV and of ciphertext+tag. The
 * plaintext is the name's UTF-8 bytes padded to a multiple of 32 bytes (0x80, then zeros), so the
 * ciphertext's length does not tell a short name from a long one (docs/decisions/035).
 */
export const sealedName = z.object({ iv: base64Url, datos: base64Url });

export const offlineTicket = z.object({
  /** Hex SHA-256 of the ticket's QR code (offlineTicketId). */
  id: z.string().regex(/^[0-9a-f]{64}$/),
  /** The ticket's own id, as the online answers give it. */
  ticketId: z.number(),
  ticketTypeId: z.number(),
  /** Stored state: only `activo` or `invalidado` (docs/rules/scan-rules.md). */
  estado: z.enum(['activo', 'invalidado']),
  createdAt: z.string(),
  /** Times of the drinks the server knows, ISO, in time order. */
  consumos: z.array(z.string()),
  titular: sealedName,
  /** Drinks its top-ups added (docs/rules/festivals.md); absent: none. */
  recargas: z.number().int().positive().optional(),
  /**
   * Its top-ups 'Usables también hoy' (rule 7, docs/decisions/063): when each was made (ISO) and
   * its drinks, which also raise that festival day's limit; absent: none.
   */
  recargasHoy: z.array(z.object({ createdAt: z.string(), bebidas: z.number().int().positive() })).optional(),
});
export type OfflineTicket = z.infer<typeof offlineTicket>;

/** A ticket type with its rule fields, as a scanned ticket's `tipoTicket`, and its id. */
export const offlineTicketType = scannedTicket.shape.tipoTicket.extend({ id: z.number() });
export type OfflineTicketType = z.infer<typeof offlineTicketType>;

/** GET /api/scanner/{apiKey}/offline. */
export const offlineData = z.object({
  evento: z.object({
    nombre: z.string(),
    ubicacion: z.string(),
    fechaInicio: z.string(),
    fechaFin: z.string(),
    /** The time zone the server states times in (its messages' "hasta las HH:mm"). */
    zonaHoraria: z.string(),
    /** When the festival day ends, "HH:mm" in `zonaHoraria` (docs/rules/festivals.md); absent: 06:00. */
    corteDiario: z.string().optional(),
  }),
  tiposTicket: z.array(offlineTicketType),
  tickets: z.array(offlineTicket),
  /** When the server built this data (never older than the request). */
  generadoEn: z.string(),
});
export type OfflineData = z.infer<typeof offlineData>;

export * from './offline-crypto';
