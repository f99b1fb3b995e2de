import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { scanSourceFor } from '../../src/modules/stats-stream/hub';
import { createScanNotifier } from '../../src/modules/stats-stream/scan-notifier';
import { openTestDatabase } from '../support/database';

const silent = { warn: () => undefined } as unknown as Parameters<typeof createScanNotifier>[1];

let database: Database;
const received: number[] = [];
let source: ReturnType<typeof scanSourceFor>;

beforeAll(async () => {
  database = await openTestDatabase();
  source = scanSourceFor(database.db, silent);
  await source.start(
    (eventoId) => received.push(eventoId),
    () => undefined,
  );
});
afterAll(async () => {
  await source?.stop();
  await database?.close();
});

const waitUntil = async (check: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('the scan notifier (docs/decisions/043)', () => {
  it('tells the listeners once per event however many scans arrive within its delay', async () => {
    received.length = 0;
    const notifier = createScanNotifier(database.db, silent, 150);
    for (let i = 0; i < 100; i++) notifier.scanned(7);
    notifier.scanned(9);
    expect(received).toEqual([]); // nothing before the delay: no notice inside a scan's transaction
    await waitUntil(() => received.length >= 2, 3_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...received].sort()).toEqual([7, 9]);
  });

  it('sends what is pending at once when flushed (the server closing)', async () => {
    received.length = 0;
    const notifier = createScanNotifier(database.db, silent, 60_000);
    notifier.scanned(11);
    await notifier.flush();
    await waitUntil(() => received.length >= 1, 3_000);
    expect(received).toEqual([11]);
  });
});
