export const scannerRateLimits = {
  /** Requests per minute per client and key (DECISIONS §7: a burst of 60 and 600 a minute pass). */
  defaultPerMinute: 600,
  /** Unknown keys one address may try in `guessWindowMs` before it gets only 429s. */
  unknownKeysPerAddress: 20,
  guessWindowMs: 10 * 60_000,
} as const;
