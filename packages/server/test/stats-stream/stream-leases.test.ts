import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamLeases } from '../../src/db/schema';
import {
  createStreamLeases,
  leaseTtlFrom,
  STREAM_LEASE_TTL_MS,
} from '../../src/modules/stats-stream/stream-leases';
import { signIn } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';

// docs/decisions/051: the shared count of an account's open streams. Opening counts the account's
// live rows under its advisory lock; the process renews all its rows in ONE statement per tick and
// deletes the rows of streams closed in the same turn in one statement.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

const leasesOf = (userId: number) =>
  t.db
    .select({ id: streamLeases.id, expiresAt: streamLeases.expiresAt })
    .from(streamLeases)
    .where(eq(streamLeases.userId, userId));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('stream leases', () => {
  it('grants up to max live leases per account, forgets expired ones, and leaves other accounts alone', async () => {
    const owner = await signIn(t.db, 'organizer', 'Arrendataria');
    const other = await signIn(t.db, 'organizer', 'Otra');
    const leases = createStreamLeases(t.db, { max: 3, ttlMs: 60_000, log: t.app.log });
    try {
      // A crashed process's lease: expired, it no longer counts and opening forgets it.
      await t.db.execute(
        sql`insert into stream_leases (id, user_id, expires_at) values (gen_random_uuid(), ${owner.user.id}, now() - interval '1 second')`,
      );
      const granted = [
        await leases.acquire(owner.user.id),
        await leases.acquire(owner.user.id),
        await leases.acquire(owner.user.id),
      ];
      expect(granted.every((id) => typeof id === 'string')).toBe(true);
      expect(await leases.acquire(owner.user.id)).toBeNull();
      expect((await leasesOf(owner.user.id)).map((row) => row.id).sort()).toEqual([...granted].sort());
      expect(leases.heldBy(owner.user.id)).toBe(3);
      expect(await leases.acquire(other.user.id)).toEqual(expect.any(String));

      // Another process's live lease counts too.
      leases.release(granted[0]!);
      await nextTurn();
      await leases.renew();
      await t.db.execute(
        sql`insert into stream_leases (id, user_id, expires_at) values (gen_random_uuid(), ${owner.user.id}, now() + interval '1 minute')`,
      );
      expect(await leases.acquire(owner.user.id)).toBeNull();
    } finally {
      await leases.close();
    }
    expect(await leasesOf(other.user.id)).toEqual([]);
  });

  it('renews every held lease in one statement, writing back a row another process forgot', async () => {
    const owner = await signIn(t.db, 'organizer', 'Renovada');
    const other = await signIn(t.db, 'admin', 'Renovado');
    const leases = createStreamLeases(t.db, { max: 10, ttlMs: 60_000, log: t.app.log });
    try {
      const ids = [
        await leases.acquire(owner.user.id),
        await leases.acquire(owner.user.id),
        await leases.acquire(other.user.id),
      ];
      await t.db.execute(sql`update stream_leases set expires_at = now() + interval '1 second'`);
      await t.db.delete(streamLeases).where(eq(streamLeases.id, ids[2]!));

      const execute = vi.spyOn(t.db, 'execute');
      const transaction = vi.spyOn(t.db, 'transaction');
      await leases.renew();
      expect(execute).toHaveBeenCalledTimes(1);
      expect(transaction).not.toHaveBeenCalled();
      vi.restoreAllMocks();

      const rows = [...(await leasesOf(owner.user.id)), ...(await leasesOf(other.user.id))];
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      for (const row of rows) expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await leases.close();
    }
  });

  it('deletes the leases closed in one turn in one statement, and a renewal does not bring them back', async () => {
    const owner = await signIn(t.db, 'organizer', 'Cerrada');
    const leases = createStreamLeases(t.db, { max: 10, ttlMs: 60_000, log: t.app.log });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await leases.acquire(owner.user.id))!);

    const execute = vi.spyOn(t.db, 'execute');
    const renewing = leases.renew(); // in flight while the streams close
    for (const id of ids.slice(0, 3)) leases.release(id);
    await renewing;
    await nextTurn();
    await leases.renew();
    // A renewal, one delete of the 3 closed, a renewal of the one left.
    expect(execute).toHaveBeenCalledTimes(3);
    vi.restoreAllMocks();
    expect((await leasesOf(owner.user.id)).map((row) => row.id)).toEqual([ids[3]]);

    await leases.close();
    expect(await leasesOf(owner.user.id)).toEqual([]);
  });

  it('reads its ttl from STREAM_LEASE_TTL_MS, keeping the default for a missing or unusable value', () => {
    expect(leaseTtlFrom({})).toBe(STREAM_LEASE_TTL_MS);
    expect(leaseTtlFrom({ STREAM_LEASE_TTL_MS: '2000' })).toBe(2_000);
    expect(leaseTtlFrom({ STREAM_LEASE_TTL_MS: 'mucho' })).toBe(STREAM_LEASE_TTL_MS);
    expect(leaseTtlFrom({ STREAM_LEASE_TTL_MS: '5' })).toBe(STREAM_LEASE_TTL_MS);
  });
});
