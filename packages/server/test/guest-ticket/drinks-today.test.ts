import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tiposTicket } from '../../src/db/schema';
import { drinkAt, expectGuest, festivalSetup, guestGet, tokenOf } from '../support/guest-ticket';
import { expectScan, newScanId } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { uniqueAddress } from '../support/unique-values';

// docs/rules/festivals.md on the guest's page: "Hoy: 2 de 4" — the drinks of the festival day the request
// falls on (since the event's cut-off, in APP_TIME_ZONE) and, once today's limit is reached, when
// the next drink is allowed (the next cut-off), exactly as the scanner decides them.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('GET /api/t/{token}: drinks today', () => {
  it('counts only the drinks since the event’s own cut-off and says when the limit lifts', async () => {
    // 21:00 in Madrid (UTC+1) on 14 November; the event's cut-off 07:30 is 06:30Z the next morning.
    t.clock.set('2026-11-14T20:00:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: 2, corteDiario: '07:30' });
    const { scanner, ticket } = setup;
    const token = tokenOf(ticket.enlaceInvitado);
    // Yesterday's festival day (before 07:30 on the 14th) does not count today.
    await drinkAt(t, setup, '2026-11-14T06:29:00.000Z');

    expectGuest(await guestGet(t, token, uniqueAddress()), {
      bebidasConsumidas: 1,
      bebidasHoy: 0,
      maxDrinksPerDay: 2,
      proximaBebidaDiaria: null,
    });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
      bebidasHoy: 1,
    });
    t.clock.set('2026-11-14T23:00:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
      bebidasHoy: 2,
    });
    const refused = expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      reason: 'limite_diario',
    });

    // At 07:00 in Madrid the default 06:00 cut-off would have passed; the event's 07:30 has not.
    t.clock.set('2026-11-15T06:00:00.000Z');
    const full = expectGuest(await guestGet(t, token, uniqueAddress()), {
      estado: 'activo',
      bebidasConsumidas: 3,
      bebidasRestantes: 7,
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      proximaBebida: null,
      proximaBebidaDiaria: '2026-11-15T06:30:00.000Z',
    });
    expect(full.proximaBebidaDiaria).toBe(refused.nextAllowedTime);

    t.clock.set('2026-11-15T06:30:00.000Z');
    expectGuest(await guestGet(t, token, uniqueAddress()), {
      bebidasConsumidas: 3,
      bebidasHoy: 0,
      proximaBebidaDiaria: null,
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    expectGuest(await guestGet(t, token, uniqueAddress()), { bebidasHoy: 1, bebidasRestantes: 6 });
  });

  it('puts the day’s end on the right instant across the October daylight-saving night', async () => {
    // 00:30 in Madrid on 25 October 2026 (UTC+2); the clocks go back at 03:00, so 06:00 is 05:00Z.
    t.clock.set('2026-10-24T22:30:00.000Z');
    const { scanner, ticket } = await festivalSetup(t, { maxDrinksPerDay: 1 });
    const token = tokenOf(ticket.enlaceInvitado);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    t.clock.set('2026-10-25T04:59:00.000Z');
    expectGuest(await guestGet(t, token, uniqueAddress()), {
      bebidasHoy: 1,
      proximaBebidaDiaria: '2026-10-25T05:00:00.000Z',
    });
    t.clock.set('2026-10-25T05:00:00.000Z');
    expectGuest(await guestGet(t, token, uniqueAddress()), { bebidasHoy: 0, proximaBebidaDiaria: null });
  });

  it('gives no next time when the next cut-off falls after the ticket’s validity', async () => {
    t.clock.set('2026-11-14T22:00:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: 1 });
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode }), { success: true });
    // The festival's last night: valid until 04:00 in Madrid, before the 06:00 cut-off.
    t.clock.set('2026-11-15T02:00:00.000Z');
    await t.db
      .update(tiposTicket)
      .set({ validoHasta: new Date('2026-11-15T03:00:00.000Z') })
      .where(eq(tiposTicket.id, setup.tipo.id));

    expectGuest(await guestGet(t, tokenOf(setup.ticket.enlaceInvitado), uniqueAddress()), {
      estado: 'activo',
      bebidasHoy: 1,
      proximaBebidaDiaria: null,
    });
  });

  it('leaves the per-day figures out when the type has no per-day limit', async () => {
    t.clock.set('2026-11-14T22:00:00.000Z');
    const setup = await festivalSetup(t, { maxDrinksPerDay: null });
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode }), { success: true });

    const body = expectGuest(await guestGet(t, tokenOf(setup.ticket.enlaceInvitado), uniqueAddress()), {
      bebidasConsumidas: 1,
    });
    expect(body).not.toHaveProperty('bebidasHoy');
    expect(body).not.toHaveProperty('maxDrinksPerDay');
    expect(body).not.toHaveProperty('proximaBebidaDiaria');
  });
});
