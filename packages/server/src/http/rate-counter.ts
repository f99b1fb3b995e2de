import { errorCodes } from '@drinkflow/domain/errors';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema';
import { HttpError } from './errors';

export interface RateWindow {
  bucket: string;
  key: string;
  windowMs: number;
}

export interface Hit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1): the 429's Retry-After. */
  retryAfterSeconds: number;
}

/** The fixed window `at` falls in, and the whole seconds until it ends (at least 1). */
export function windowAt(at: number, windowMs: number): { windowStart: Date; retryAfterSeconds: number } {
  const start = Math.floor(at / windowMs) * windowMs;
  return {
    windowStart: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - at) / 1000)),
  };
}

// Counters of windows older than this are of no use to anyone.
const KEEP_MS = 60 * 60_000;
const CLEAN_EVERY_MS = 5 * 60_000;

/**
 * Fixed-window request counters in the database, shared by every server process. A hit is one
 * upsert that increments and returns the count, so simultaneous requests cannot both read a
 * count under the limit (count-then-act would).
 */
export function createRateCounter(db: Db, now: () => Date) {
  let lastCleaned = 0;

  function cleanOldWindows(at: number) {
    if (at - lastCleaned < CLEAN_EVERY_MS) return;
    lastCleaned = at;
    // Housekeeping off the request's path; a failure only leaves rows for the next round.
    db.delete(rateCounters)
      .where(lt(rateCounters.windowStart, new Date(at - KEEP_MS)))
      .catch(() => undefined);
  }

  return {
    /** Drops the counters of long-gone windows, now and then (callers that count in their own SQL). */
    cleanOldWindows: () => cleanOldWindows(now().getTime()),

    async hit({ bucket, key, windowMs }: RateWindow): Promise<Hit> {
      const at = now().getTime();
      const { windowStart, retryAfterSeconds } = windowAt(at, windowMs);
      const [row] = await db
        .insert(rateCounters)
        .values({ bucket, key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateCounters.bucket, rateCounters.key, rateCounters.windowStart],
          set: { hits: sql`${rateCounters.hits} + 1` },
        })
        .returning({ hits: rateCounters.hits });
      cleanOldWindows(at);
      return { hits: row!.hits, retryAfterSeconds };
    },
  };
}

export type RateCounter = ReturnType<typeof createRateCounter>;

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, errorCodes.rateLimited, message, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
