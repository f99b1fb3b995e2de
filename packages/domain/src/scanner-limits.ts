// Plain numbers, no zod: the public scanner page reads them too.

/** Limits of the public scanner API (docs/rules/scanner.md). */
export const SCANNER_LIMITS = {
  qrCodeMax: 200,
  tipoBebidaMax: 50,
  scanIdMax: 100,
  barraMax: 60,
  deviceIdMax: 100,
  /** How long the device that recorded a drink may undo it. */
  undoWindowMs: 2 * 60_000,
} as const;

/**
 * The header that names the scanning device on every scanner request (its `deviceId`), so the
 * scanner's rate limits count per device, not per venue address (docs/rules/offline-and-field.md, docs/decisions/029).
 */
export const SCANNER_DEVICE_HEADER = 'X-Device-Id';
