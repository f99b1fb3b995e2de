import { z } from 'zod';
import { isoDateTime } from './iso-date-time';
import { scanRefusals, scanRuleReasons, type ScanReason } from './scan-rules';
import { SCANNER_LIMITS } from './scanner-limits';
import { singleLineText } from './text';
import { modos } from './ticket-type-labels';

export { SCANNER_LIMITS };

export const scannerMessages = {
  invalidKey: 'API Key inválida o evento no encontrado',
  ticketNotFound: 'Ticket no encontrado',
  otherEvent: 'Este ticket no pertenece a este evento',
  scanIdReused: 'Este identificador de escaneo ya se usó con otro código QR',
  undoTooLate: 'Ya no se puede deshacer este consumo',
  undoUnknown: 'Escaneo no encontrado',
  rateLimited: 'Demasiados escaneos seguidos. Espera unos segundos e inténtalo de nuevo.',
  guessing: 'Demasiados intentos con una API Key inválida. Inténtalo más tarde.',
  qrRequired: 'El código QR es obligatorio',
  /** A repeated scanId of a drink that was undone (docs/rules/offline-and-field.md). */
  undone: 'Este consumo se deshizo',
  deviceIdInvalid: 'El identificador del dispositivo no es válido',
} as const;

/** An offline upload's messages (docs/rules/offline-and-field.md, docs/decisions/036). */
export const offlineUploadMessages = {
  offlineInvalid: 'El campo offline debe ser verdadero o falso',
  scanIdRequired: 'El identificador de escaneo es obligatorio en un escaneo sin conexión',
  escaneadoEnRequired: 'La hora del escaneo es obligatoria en un escaneo sin conexión',
  escaneadoEnInvalid: 'La hora del escaneo no es una fecha válida (ISO 8601 con zona horaria)',
  escaneadoEnOnlyOffline: 'La hora del escaneo solo se admite en un escaneo sin conexión',
  rechazoInvalid: 'El motivo del rechazo no es válido',
  rechazoOnlyOffline: 'El motivo del rechazo solo se admite en un escaneo sin conexión',
  /** The answer's message for an offline drink stored as a conflict, before the reason. */
  conflict: 'Consumo sin conexión registrado con conflicto',
  /** The answer's message for an offline refusal logged, before the reason. */
  refusal: 'Rechazo sin conexión registrado',
} as const;

/** The refusals docs/rules/festivals.md adds (per bar, per festival day); the wire accepts both lists. */
export const limitScanReasons = [
  'barra_no_permitida',
  'limite_diario',
] as const satisfies readonly ScanReason[];
type LimitScanReason = (typeof limitScanReasons)[number];

/**
 * The wire's first reasons: the rule function's (scan-rules.ts) but {@link limitScanReasons}, and
 * `deshecho`: the scanId's drink was recorded, then undone, so a replay of it is never green
 * (docs/rules/offline-and-field.md).
 */
export const scanReasons = [
  ...scanRuleReasons.filter(
    (reason): reason is Exclude<ScanReason, LimitScanReason> =>
      !(limitScanReasons as readonly ScanReason[]).includes(reason),
  ),
  'deshecho',
] as const;
export const allScanReasons = [...scanReasons, ...limitScanReasons] as const;

/**
 * Optional one-line text (a bar, a drink, a device): `typeMessage` when it is not a text, `message`
 * when it is too long; a control or bidirectional character is refused, as in every one-line field
 * (docs/decisions/052), since bars and devices are shown in statistics, exports and alerts.
 */
const optionalText = (max: number, message: string, typeMessage = message) =>
  singleLineText(typeMessage)
    .max(max, message)
    .nullish()
    .transform((value) => value || undefined);

/** A QR code as typed or scanned: trimmed, never empty. */
const qrCode = z
  .string({ error: scannerMessages.qrRequired })
  .trim()
  .min(1, scannerMessages.qrRequired)
  .max(SCANNER_LIMITS.qrCodeMax, 'El código QR no es válido');

export const scannerKeyParams = z.object({
  apiKey: z.string().min(1, scannerMessages.invalidKey).max(200, scannerMessages.invalidKey),
});
export const scannerTicketParams = scannerKeyParams.extend({ qrCode });

/**
 * GET …/ticket/{qrCode}?barra=…: the device's bar, so the verification applies a ticket type's
 * allowed bars (docs/rules/festivals.md); without it that rule is skipped.
 */
export const scannerTicketQuery = z.object({
  barra: optionalText(
    SCANNER_LIMITS.barraMax,
    `El nombre de la barra no puede exceder ${SCANNER_LIMITS.barraMax} caracteres`,
    'El nombre de la barra debe ser un texto',
  ),
});

/** POST /api/scanner/{apiKey}/consume (docs/rules/scanner.md). */
export const consumeBody = z
  .object({
    qrCode,
    tipoBebida: optionalText(
      SCANNER_LIMITS.tipoBebidaMax,
      `El tipo de bebida no puede exceder ${SCANNER_LIMITS.tipoBebidaMax} caracteres`,
      'El tipo de bebida debe ser un texto',
    ),
    scanId: optionalText(SCANNER_LIMITS.scanIdMax, 'El identificador de escaneo no es válido'),
    barra: optionalText(
      SCANNER_LIMITS.barraMax,
      `El nombre de la barra no puede exceder ${SCANNER_LIMITS.barraMax} caracteres`,
      'El nombre de la barra debe ser un texto',
    ),
    deviceId: optionalText(SCANNER_LIMITS.deviceIdMax, scannerMessages.deviceIdInvalid),
    /** A drink served while the device had no network, uploaded now (docs/rules/offline-and-field.md). */
    offline: z
      .boolean({ error: offlineUploadMessages.offlineInvalid })
      .nullish()
      .transform((value) => value ?? undefined),
    /**
     * When the device scanned it (offline only): ISO 8601 with `Z` or an offset, a real calendar
     * date. How far from now it may be is the server's check (its clock, offline-sync.ts).
     */
    escaneadoEn: isoDateTime(offlineUploadMessages.escaneadoEnInvalid)
      .refine((value) => /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value), {
        message: offlineUploadMessages.escaneadoEnInvalid,
        when: (payload) => payload.issues.length === 0,
      })
      .nullish()
      .transform((value) => value ?? undefined),
    /**
     * A scan the device refused without the server, uploaded now with the refusal's reason: logged,
     * never served (docs/rules/offline-and-field.md, docs/decisions/067). Offline only.
     */
    rechazo: z
      .enum(scanRefusals, { error: offlineUploadMessages.rechazoInvalid })
      .nullish()
      .transform((value) => value ?? undefined),
  })
  .superRefine((body, context) => {
    if (body.offline === true) {
      if (!body.scanId) {
        context.addIssue({
          code: 'custom',
          path: ['scanId'],
          message: offlineUploadMessages.scanIdRequired,
        });
      }
      if (body.escaneadoEn === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['escaneadoEn'],
          message: offlineUploadMessages.escaneadoEnRequired,
        });
      }
    } else if (body.escaneadoEn !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['escaneadoEn'],
        message: offlineUploadMessages.escaneadoEnOnlyOffline,
      });
    }
    if (body.rechazo !== undefined && body.offline !== true) {
      context.addIssue({
        code: 'custom',
        path: ['rechazo'],
        message: offlineUploadMessages.rechazoOnlyOffline,
      });
    }
  });
export type ConsumeInput = z.input<typeof consumeBody>;

/**
 * The `X-Device-Id` header every scanner request may carry (the GETs have no body): the device's
 * id, so rate limits count per device (docs/rules/offline-and-field.md, docs/decisions/029). Absent or blank: none.
 */
export const scannerDeviceHeader = singleLineText(scannerMessages.deviceIdInvalid)
  .max(SCANNER_LIMITS.deviceIdMax, scannerMessages.deviceIdInvalid)
  .optional()
  .transform((value) => value || undefined);

/** POST /api/scanner/{apiKey}/undo. */
export const undoBody = z.object({
  scanId: z
    .string({ error: 'El identificador de escaneo es obligatorio' })
    .trim()
    .min(1, 'El identificador de escaneo es obligatorio')
    .max(SCANNER_LIMITS.scanIdMax, 'El identificador de escaneo no es válido'),
  deviceId: z
    .string({ error: 'El identificador del dispositivo es obligatorio' })
    .trim()
    .min(1, 'El identificador del dispositivo es obligatorio')
    .max(SCANNER_LIMITS.deviceIdMax, 'El identificador del dispositivo no es válido'),
});
export type UndoInput = z.input<typeof undoBody>;
export const undoResponse = z.object({ undone: z.literal(true), message: z.string() });
export type UndoResponse = z.infer<typeof undoResponse>;

/** GET /api/scanner/{apiKey}/event: what the scanner's banner shows. */
export const scannerEvent = z.object({
  nombre: z.string(),
  ubicacion: z.string(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  /** The event's bars, for "¿En qué barra estás?" (docs/rules/festivals.md); the event answer sends them. */
  barras: z.array(z.string()).optional(),
  /**
   * Some ticket type of the event names bars: the scanner asks for its bar before the first scan,
   * with no way to skip it (docs/decisions/065). The event answer sends it.
   */
  barraObligatoria: z.boolean().optional(),
});
export type ScannerEvent = z.infer<typeof scannerEvent>;

export const effectiveEstados = ['activo', 'invalidado', 'caducado', 'agotado'] as const;

/** A scanned ticket as the bartender sees it: only what a bartender needs (no email, no phone). */
export const scannedTicket = z.object({
  ticket: z.object({
    id: z.number(),
    /** Effective state: invalidado > caducado > agotado > activo (docs/rules/scan-rules.md). */
    estado: z.enum(effectiveEstados),
    titular: z.string(),
    createdAt: z.string(),
    /** Drinks its top-ups added (docs/rules/festivals.md); present when the answer knows them. */
    recargas: z.number().int().optional(),
  }),
  tipoTicket: z.object({
    nombre: z.string(),
    modo: z.enum(modos),
    maxDrinks: z.number().nullable(),
    drinkIntervalMinutes: z.number().nullable(),
    durationMinutes: z.number().nullable(),
    drinkType: z.string(),
    validoDesde: z.string(),
    validoHasta: z.string(),
    /** Drinks per festival day (docs/rules/festivals.md); present when the type has that limit. */
    maxDrinksPerDay: z.number().int().optional(),
    /** The bars that serve this type (docs/rules/festivals.md); present when the type names bars. */
    barrasPermitidas: z.array(z.string()).optional(),
  }),
  consumos: z.array(
    z.object({ id: z.number(), tipoBebida: z.string(), timestamp: z.string(), barra: z.string().nullable() }),
  ),
});
export type ScannedTicket = z.infer<typeof scannedTicket>;

/** The rule function's answer as the wire carries it (docs/rules/scanner.md). */
export const scanDecision = z.object({
  /** This drink was recorded. */
  success: z.boolean(),
  /** Another drink of a type the ticket allows could be served right now. */
  canConsume: z.boolean(),
  message: z.string(),
  reason: z.enum(allScanReasons),
  remainingDrinks: z.number().int().optional(),
  nextAllowedTime: z.string().optional(),
  /**
   * "Hoy: 2 de 4" (docs/rules/festivals.md), only when the type has a per-day limit: the drinks of this
   * festival day (this one included when recorded) and the limit.
   */
  bebidasHoy: z.number().int().optional(),
  maxDrinksPerDay: z.number().int().optional(),
  /** Today's per-day limit, only when today's top-ups 'Usables también hoy' raised it above `maxDrinksPerDay`. */
  limiteHoy: z.number().int().optional(),
  /** The drink this scan asked for (recorded when `success`). */
  tipoBebida: z.string(),
});

/**
 * POST …/consume's answer: the decision, the scan's id (to undo it; present when the device sent
 * one) and the ticket as it is now (after this drink), so the scanner shows the holder and the
 * history without asking again (docs/decisions/029). A repeated scanId answers the first decision
 * (`deshecho` once undone) with the ticket as it is now.
 * An offline upload (`offline: true`) is always recorded (`success: true`) and says whether the
 * rules, with every drink the server knows, would have refused it: `conflicto`, with that refusal
 * as `reason` (`ok` without a conflict). Online answers carry no `conflicto`.
 */
export const scanResult = scanDecision.extend({
  scanId: z.string().optional(),
  conflicto: z.boolean().optional(),
  ...scannedTicket.partial().shape,
});
export type ScanResult = z.infer<typeof scanResult>;

/** GET /api/scanner/{apiKey}/ticket/{qrCode}. */
export const scannerTicketResponse = scannedTicket.extend({
  evento: scannerEvent,
  /** What a drink now would get; nothing recorded (advanced mode's 'Verificar Ticket'). */
  verificacion: scanDecision,
});
export type ScannerTicketResponse = z.infer<typeof scannerTicketResponse>;
