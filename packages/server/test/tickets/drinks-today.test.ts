import type { TicketDetail } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { drinkAt, festivalSetup } from '../support/guest-ticket';
import { expectScan } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/festivals.md on the order detail: each ticket of a type with a per-day limit says "Hoy: 2 de 4",
// the drinks of the festival day the request falls on (since the event's cut-off), as the scanner
// counts them.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

async function listed(setup: Awaited<ReturnType<typeof festivalSetup>>): Promise<TicketDetail> {
  const res = await call(t, setup.owner, 'GET', `/api/tickets/${setup.pedido.id}`);
  expect(res.statusCode, res.body).toBe(200);
  const [ticket] = res.json<TicketDetail[]>();
  return ticket!;
}

describe('GET /api/tickets/{pedidoId}: drinks today', () => {
  it('counts only the drinks since the event’s own cut-off, before and after it', async () => {
    // 21:00 in Madrid (UTC+1) on 14 November; the event's cut-off 07:30 is 06:30Z the next morning.
    t.clock.set('2026-11-14T20:00:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: 2, corteDiario: '07:30' });
    await drinkAt(t, setup, '2026-11-14T06:29:00.000Z'); // the festival day before
    await drinkAt(t, setup, '2026-11-14T06:30:00.000Z'); // the cut-off itself: today
    await drinkAt(t, setup, '2026-11-14T19:30:00.000Z');

    expect(await listed(setup)).toMatchObject({ totalConsumos: 3, bebidasHoy: 2, maxDrinksPerDay: 2 });

    // 07:00 in Madrid: past the default 06:00, not the event's 07:30.
    t.clock.set('2026-11-15T06:00:00.000Z');
    expect(await listed(setup)).toMatchObject({ bebidasHoy: 2 });
    t.clock.set('2026-11-15T06:30:00.000Z');
    expect(await listed(setup)).toMatchObject({ totalConsumos: 3, bebidasHoy: 0, maxDrinksPerDay: 2 });

    // A drink served now through the scanner is today's, on both answers alike.
    const served = expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode }), {
      success: true,
    });
    expect(await listed(setup)).toMatchObject({ bebidasHoy: served.bebidasHoy, totalConsumos: 4 });
    expect(served.bebidasHoy).toBe(1);
  });

  it('puts the day’s end on the right instant across the October daylight-saving night', async () => {
    // 00:30 in Madrid on 25 October 2026 (UTC+2); the clocks go back at 03:00, so 06:00 is 05:00Z.
    t.clock.set('2026-10-24T22:30:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: 3 });
    await drinkAt(t, setup, '2026-10-24T22:00:00.000Z');
    await drinkAt(t, setup, '2026-10-25T04:30:00.000Z');

    t.clock.set('2026-10-25T04:59:00.000Z');
    expect(await listed(setup)).toMatchObject({ bebidasHoy: 2, maxDrinksPerDay: 3 });
    t.clock.set('2026-10-25T05:00:00.000Z');
    expect(await listed(setup)).toMatchObject({ bebidasHoy: 0, maxDrinksPerDay: 3 });
  });

  it('leaves the per-day figures out when the type has no per-day limit', async () => {
    t.clock.set('2026-11-14T22:00:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: null });
    await drinkAt(t, setup, '2026-11-14T21:00:00.000Z');

    const ticket = await listed(setup);
    expect(ticket.totalConsumos).toBe(1);
    expect(ticket).not.toHaveProperty('bebidasHoy');
    expect(ticket).not.toHaveProperty('maxDrinksPerDay');
  });
});
