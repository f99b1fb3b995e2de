import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How long a lease counts without renewal: a crashed process's streams stop counting after this. */
export const STREAM_LEASE_TTL_MS = 45_000;

/**
 * Namespace of the two-key advisory lock (namespace, account id) taken to open a stream; no other
 * lock of the application uses it, and the opening transaction takes no other lock.
 */
export const STREAM_LEASE_LOCK = 7021;

/**
 * The lease time-to-live in milliseconds: STREAM_LEASE_TTL_MS, or STREAM_LEASE_TTL_MS from the
 * environment (tests of a killed process shorten it; docs/decisions/051).
 */
export function leaseTtlFrom(env: NodeJS.ProcessEnv): number {
  const value = Number(env.STREAM_LEASE_TTL_MS);
  return Number.isInteger(value) && value >= 300 ? value : STREAM_LEASE_TTL_MS;
}

export interface StreamLeasesOptions {
  /** Live leases an account may hold across every process. */
  max: number;
  ttlMs?: number;
  log: FastifyBaseLogger;
}

/**
 * The shared count of an account's open streams, across every server process (docs/decisions/051):
 * one row of `stream_leases` per open stream. Opening takes the account's advisory lock, forgets its
 * expired rows, counts the live ones and adds one below `max`, in one transaction. The process
 * renews all its rows in one statement every ttl/3 and deletes a stream's row when it closes (the
 * closes of one turn of the event loop, e.g. a shutdown's, in one statement).
 */
export function createStreamLeases(db: Db, options: StreamLeasesOptions) {
  const ttlMs = options.ttlMs ?? STREAM_LEASE_TTL_MS;
  const ttl = `${ttlMs} milliseconds`;
  /** This process's leases: id → account. */
  const held = new Map<string, number>();
  const doomed = new Set<string>();
  /** Renewals and deletions one after another, so a renewal never brings back a deleted row. */
  let queue: Promise<void> = Promise.resolve();
  let deleteScheduled = false;
  let timer: NodeJS.Timeout | null = null;

  function enqueue(work: () => Promise<unknown>, what: string): Promise<void> {
    queue = queue
      .then(work)
      .then(() => undefined)
      .catch((error: unknown) => {
        options.log.warn({ err: { message: (error as Error).message } }, `stats-stream: ${what}`);
      });
    return queue;
  }

  /**
   * Every held lease expires ttl from now, in one statement. A row that is gone (the database was
   * unreachable for longer than the ttl and another process forgot it) is written again: it is an
   * open stream.
   */
  function renew(): Promise<void> {
    if (held.size === 0) return queue;
    return enqueue(() => {
      const ids = [...held.keys()];
      const userIds = ids.map((id) => held.get(id)!);
      return db.execute(sql`
        insert into stream_leases (id, user_id, expires_at)
        select lease.id, lease.user_id, now() + ${ttl}::interval
        from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${userIds.join(',')}}`}::int[]) as lease(id, user_id)
        where exists (select 1 from users where users.id = lease.user_id)
        on conflict (id) do update set expires_at = excluded.expires_at`);
    }, 'no se pudieron renovar las conexiones en directo');
  }

  function deleteDoomed(): Promise<void> {
    deleteScheduled = false;
    if (doomed.size === 0) return queue;
    const ids = [...doomed];
    doomed.clear();
    return enqueue(
      () => db.execute(sql`delete from stream_leases where id = any(${`{${ids.join(',')}}`}::uuid[])`),
      'no se pudieron liberar conexiones en directo',
    );
  }

  return {
    ttlMs,
    /** This process's open leases of `userId` (a refusal that needs no round trip). */
    heldBy(userId: number): number {
      let count = 0;
      for (const owner of held.values()) if (owner === userId) count++;
      return count;
    },
    /** A new lease's id, or null when the account already holds `max` live leases. */
    async acquire(userId: number): Promise<string | null> {
      const id = randomUUID();
      const granted = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${STREAM_LEASE_LOCK}::int, ${userId}::int)`);
        // One snapshot: the expired rows the delete removes are not among those counted.
        const inserted = await tx.execute<{ id: string }>(sql`
          with expired as (
            delete from stream_leases where user_id = ${userId} and expires_at <= now()
          ), live as (
            select count(*) as open from stream_leases where user_id = ${userId} and expires_at > now()
          )
          insert into stream_leases (id, user_id, expires_at)
          select ${id}::uuid, ${userId}, now() + ${ttl}::interval from live where live.open < ${options.max}
          returning id`);
        return (inserted as unknown as { rows: unknown[] }).rows.length > 0;
      });
      if (!granted) return null;
      held.set(id, userId);
      timer ??= setInterval(() => void renew(), Math.max(100, Math.floor(ttlMs / 3)));
      timer.unref();
      return id;
    },
    /** The stream closed: its lease goes (with the others closed in the same turn). */
    release(id: string): void {
      if (!held.delete(id)) return;
      doomed.add(id);
      if (held.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
      if (deleteScheduled) return;
      deleteScheduled = true;
      setImmediate(() => void deleteDoomed());
    },
    renew,
    /** Stops renewing and deletes every lease still held (the server is closing). */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      for (const id of held.keys()) doomed.add(id);
      held.clear();
      await deleteDoomed();
    },
  };
}

export type StreamLeases = ReturnType<typeof createStreamLeases>;
