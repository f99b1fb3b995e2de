import { createHash } from 'node:crypto';
import { errorCodes } from '@drinkflow/domain/errors';
import { and, count, eq, gt, inArray, lt, min, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters, throttleAttempts } from '../db/schema';
import { HttpError } from './errors';

/*
 * The application's rate limits, kept in the database so every server process shares them. Two
 * ways of counting one idea, "at most N of something per key in a window":
 *
 * - `createRateCounter`: fixed windows (one row per bucket, key and window, `hits` incremented by
 *   an upsert). Cheap enough for every scanner request; the scanner's key lookup counts its
 *   windows in its own statement (modules/scanner/admission/event-of-key.ts).
 * - `createThrottle`: a sliding count of recorded attempts under an advisory lock, for the few
 *   expensive or guarded actions (login failures, registrations, API key changes), where an
 *   attempt can be forgiven afterwards (a login that turned out right).
 */

/** The 429 answer of every limit: the API error shape, with Retry-After in whole seconds. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, errorCodes.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

// ---------------------------------------------------------------------------------------------
// Fixed windows

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

// Counters of windows older than this are of no use to anyone (the longest window is 10 minutes).
const KEEP_COUNTERS_MS = 60 * 60_000;
/**
 * The scanner's known link devices (modules/scanner/admission/new-devices.ts): one row per event, device
 * and day window, read back one window, so they are kept two days.
 */
export const KNOWN_DEVICE_BUCKET = 'scanner-device-seen';
const KEEP_KNOWN_DEVICES_MS = 2 * 24 * 60 * 60_000;
// Attempts older than this are outside every throttle's window (the longest is an hour).
const KEEP_ATTEMPTS_MS = 24 * 60 * 60_000;
const CLEAN_EVERY_MS = 5 * 60_000;

/**
 * Fixed-window request counters. A hit is one upsert that increments and returns the count, so
 * simultaneous requests cannot both read a count under the limit (count-then-act would).
 */
export function createRateCounter(db: Db, now: () => Date) {
  let lastCleaned = 0;

  function cleanOldWindows(at: number) {
    if (at - lastCleaned < CLEAN_EVERY_MS) return;
    lastCleaned = at;
    // Housekeeping off the request's path; a failure only leaves rows for the next round.
    db.delete(rateCounters)
      .where(
        or(
          and(
            lt(rateCounters.windowStart, new Date(at - KEEP_COUNTERS_MS)),
            ne(rateCounters.bucket, KNOWN_DEVICE_BUCKET),
          ),
          lt(rateCounters.windowStart, new Date(at - KEEP_KNOWN_DEVICES_MS)),
        ),
      )
      .catch(() => undefined);
    db.delete(throttleAttempts)
      .where(lt(throttleAttempts.createdAt, new Date(at - KEEP_ATTEMPTS_MS)))
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

// ---------------------------------------------------------------------------------------------
// Sliding throttles

/** One counter of a throttled action: at most `max` attempts per `key` in the window. */
export interface ThrottleRule {
  bucket: string;
  key: string;
  max: number;
}

export interface ThrottlePolicy {
  windowMinutes: number;
  /** The Spanish sentence of the 429 answer. */
  message: string;
}

/** Attempts recorded by `take`; `forgive` removes them (an attempt that turned out to be fine). */
export interface TakenAttempt {
  forgive(): Promise<void>;
}

// Namespace of the two-key advisory locks, so they never meet another lock of the application.
const THROTTLE_LOCK_NAMESPACE = 8008;

/** A stable 32-bit lock key per counter; locks are taken in ascending key order (no deadlock). */
const lockKey = (rule: ThrottleRule) =>
  createHash('sha256').update(`${rule.bucket}\u0000${rule.key}`).digest().readInt32BE(0);

/**
 * Counting and recording an attempt happen in one transaction under an advisory lock per counter,
 * so N simultaneous attempts can never let more than `max` through (count-then-act would).
 */
export function createThrottle(db: Db, now: () => Date = () => new Date()) {
  return {
    /**
     * Records one attempt on every rule, or throws 429 (with Retry-After) when any rule is already at
     * its limit. Call it before the expensive or guarded work.
     */
    async take(rules: ThrottleRule[], policy: ThrottlePolicy): Promise<TakenAttempt> {
      const windowMs = policy.windowMinutes * 60_000;
      const ids = await db.transaction(async (tx) => {
        const keys = [...new Set(rules.map(lockKey))].sort((a, b) => a - b);
        for (const key of keys) {
          await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_NAMESPACE}, ${key})`);
        }
        const at = now();
        const since = new Date(at.getTime() - windowMs);
        const blockedUntil: number[] = [];
        for (const rule of rules) {
          const [recent] = await tx
            .select({ attempts: count(), oldest: min(throttleAttempts.createdAt) })
            .from(throttleAttempts)
            .where(
              and(
                eq(throttleAttempts.bucket, rule.bucket),
                eq(throttleAttempts.key, rule.key),
                gt(throttleAttempts.createdAt, since),
              ),
            );
          if (recent!.attempts >= rule.max && recent!.oldest) {
            blockedUntil.push(new Date(recent!.oldest).getTime() + windowMs);
          }
        }
        if (blockedUntil.length > 0) {
          throw tooManyRequests(policy.message, Math.ceil((Math.max(...blockedUntil) - at.getTime()) / 1000));
        }
        const inserted = await tx
          .insert(throttleAttempts)
          .values(rules.map((rule) => ({ bucket: rule.bucket, key: rule.key, createdAt: at })))
          .returning({ id: throttleAttempts.id });
        return inserted.map((row) => row.id);
      });
      return {
        async forgive() {
          await db.delete(throttleAttempts).where(inArray(throttleAttempts.id, ids));
        },
      };
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
