import type { BoardDevice } from '@drinkflow/domain/devices';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositivos } from '../../src/db/schema';
import { call, tally } from '../support/api';
import { ownedEvent } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { pairedDevice, revokeUrl } from './device-calls';

// The revocation lock protocol (docs/rules/devices.md): a revoke takes the device row `for update`,
// so it waits for a scanner statement that holds the row `for key share` while it records a drink,
// and a drink recorded under that lock is never after the revocation. Concurrent revokes keep one
// time. PostgreSQL only: PGlite runs one transaction at a time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const revokedAt = async (id: number) =>
  (await t.db.select({ at: dispositivos.revocadoEn }).from(dispositivos).where(eq(dispositivos.id, id)))[0]!
    .at;

describe('revoking a device', () => {
  it('waits for a recording that holds the device row, then revokes after it', async () => {
    const event = await ownedEvent(t);
    const { dispositivo } = await pairedDevice(t, event.owner, event.evento.id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // A scanner's recording: the device row `for key share`, with `revocado_en is null`, until commit.
    const recording = t.db.transaction(async (tx) => {
      const locked = await tx.execute(sql`
        select id from dispositivos where id = ${dispositivo.id} and revocado_en is null for key share`);
      expect((locked as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      held();
      await released;
      const [row] = await tx
        .execute<{ at: string }>(sql`select clock_timestamp()::text as at`)
        .then((result) => (result as unknown as { rows: { at: string }[] }).rows);
      return new Date(row!.at);
    });
    await holding;
    let answered = false;
    const revoke = call(t, event.owner, 'POST', revokeUrl(event.evento.id, dispositivo.id)).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered, 'the revoke waits for the recording').toBe(false);
    expect(await revokedAt(dispositivo.id)).toBeNull();

    release();
    const recordedAt = await recording;
    const res = await revoke;
    expect(res.statusCode, res.body).toBe(200);
    const revocadoEn = Date.parse(res.json<BoardDevice>().revocadoEn!);
    expect(revocadoEn).toBeGreaterThanOrEqual(recordedAt.getTime() - 1_000);
    // After the revocation committed, a recording finds no live device row to hold.
    const after = await t.db.execute(sql`
      select id from dispositivos where id = ${dispositivo.id} and revocado_en is null for key share`);
    expect((after as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('keeps the first time when many revokes race', async () => {
    const event = await ownedEvent(t);
    for (let round = 0; round < 5; round++) {
      const { dispositivo } = await pairedDevice(t, event.owner, event.evento.id);
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(t, event.owner, 'POST', revokeUrl(event.evento.id, dispositivo.id)),
        ),
      );
      expect(tally(responses)).toEqual({ 200: 8 });
      const stored = (await revokedAt(dispositivo.id))!.toISOString();
      expect(new Set(responses.map((res) => res.json<BoardDevice>().revocadoEn))).toEqual(new Set([stored]));
    }
  });
});
