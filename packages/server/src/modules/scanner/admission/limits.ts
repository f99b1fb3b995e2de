/** The scanner's limits: its rate limits (docs/rules/scanner.md, docs/rules/offline-and-field.md; docs/decisions/016 and 029) and memory. */
export const scannerRateLimits = {
  /**
   * Requests per minute per API key and device (per address for requests that name no device):
   * a burst of 60 and 600 a minute pass (SCANNER_RATE_LIMIT; 0 turns every scanner limit off).
   */
  defaultPerMinute: 600,
  /** Requests per minute per API key and client address, all devices together (SCANNER_ADDRESS_LIMIT). */
  defaultPerAddress: 20_000,
  /** Unknown keys one address may try in `guessWindowMs` before it gets only 429s. */
  unknownKeysPerAddress: 20,
  guessWindowMs: 10 * 60_000,
  /**
   * Link devices (`deviceId`s) one address may introduce per API key in `newDeviceWindowMs`, so a
   * client that names a new device on each request does not escape the per-device limit
   * (docs/decisions/051).
   */
  newDevicesPerAddress: 50,
  newDeviceWindowMs: 10 * 60_000,
  /** A device seen in this window or the one before is not new (docs/decisions/051). */
  knownDeviceWindowMs: 24 * 60 * 60_000,
  /** Offline data downloads per API key and device, and per API key and address, a minute. */
  offlinePerDevice: 6,
  offlinePerAddress: 120,
  /**
   * Tickets a server process remembers, to decide and record their next scan in one round trip
   * (SCANNER_KNOWN_TICKETS, docs/decisions/048): a big festival's busy tickets, in about 47 MiB
   * (`npm run bench:known-tickets`: about 2.5 kB a ticket with 6 drinks).
   */
  defaultKnownTickets: 20_000,
} as const;

/** The Spanish sentences of the limits of docs/decisions/051 (the API error shape, status 429). */
export const abuseLimitMessages = {
  newDevices:
    'Demasiados dispositivos nuevos desde esta conexión. Usa el mismo dispositivo o inténtalo en unos minutos.',
  offlineDownloads: 'Demasiadas descargas de los datos sin conexión. Espera un minuto e inténtalo de nuevo.',
} as const;
