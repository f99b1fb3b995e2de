import { createHash } from 'node:crypto';
import { errorCodes } from '@drinkflow/domain/errors';
import { and, count, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttleAttempts } from '../db/schema';
import { HttpError } from './errors';

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
 * Database-backed rate limits shared by every server process. Counting and recording an attempt
 * happen in one transaction under an advisory lock per counter, so N simultaneous attempts can
 * never let more than `max` through (count-then-act would).
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
          const retryAfter = Math.max(1, Math.ceil((Math.max(...blockedUntil) - at.getTime()) / 1000));
          throw new HttpError(429, errorCodes.rateLimited, policy.message, undefined, {
            'retry-after': String(retryAfter),
          });
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
