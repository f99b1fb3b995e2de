/** The scanner's limits: its rate limits (DECISIONS §7, §12; docs/decisions/016 and 029) and memory. */
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
   * Tickets a server process remembers, to decide and record their next scan in one round trip
   * (SCANNER_KNOWN_TICKETS, docs/decisions/048): a big festival's busy tickets, in about 47 MiB
   * (`npm run bench:known-tickets`: about 2.5 kB a ticket with 6 drinks).
   */
  defaultKnownTickets: 20_000,
} as const;
