import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOf } from '../../src/db/client';
import { scanStatements } from '../../src/modules/scanner/scan-statements';
import { tally } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { deviceClient, pairDevice, tokenHeaders } from './device-fixtures';

// docs/decisions/062: a ticket scanned at once by many calls of one paired device is decided again,
// and under its row lock after three tries (docs/decisions/043); the drinks recorded on that locked
// path carry the device and its person like any other.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * How many scans took the locked path while `work` ran on PostgreSQL: the ticket's row lock
 * statement, sent on a transaction's own client. Null on PGlite, which runs one statement at a time
 * and rarely makes a scan decide three times.
 */
async function lockedPathsDuring(work: () => Promise<unknown>): Promise<number | null> {
  if (driverOf(t.db).kind === 'pglite') {
    await work();
    return null;
  }
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.filter(
      ([query]) => (query as { text?: string }).text === scanStatements.lockTicket.text,
    ).length;
  } finally {
    spy.mockRestore();
  }
}

describe('one paired device scanning one ticket from many calls at once', () => {
  it('records every drink with the device and its person, the locked path included', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    });
    const device = await pairDevice(t.db, setup.evento.id, { usuarioId: setup.owner.user.id });
    const paired = deviceClient(t, setup.evento.apiKey, tokenHeaders(device.token));
    let answers: Awaited<ReturnType<typeof paired.consume>>[] = [];
    const locked = await lockedPathsDuring(async () => {
      answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          paired.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }),
        ),
      );
    });
    expect(tally(answers)).toEqual({ 200: 30 });
    // On PostgreSQL some calls went through the ticket's row lock (the locked fallback).
    if (locked !== null) expect(locked).toBeGreaterThan(0);
    const who = { dispositivoId: device.id, usuarioId: setup.owner.user.id };
    const drinks = await consumoRows(t.db, setup.ticket.id);
    expect(drinks).toHaveLength(30);
    for (const drink of drinks) expect(drink).toMatchObject(who);
    for (const row of await scanLogRows(t.db, setup.evento.id)) expect(row).toMatchObject(who);
  });
});
