import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventos, tickets, tiposTicket } from '../../src/db/schema';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR } from '../support/time';

// docs/rules/festivals.md at the bar: the scanner passes the event's cut-off, the scan's bar and the
// ticket's top-ups to the one rule function, online and for offline uploads.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

/** A festival night: the ticket type's festival fields and the event's cut-off, set in the database. */
async function festival(
  options: {
    tipo?: Record<string, unknown>;
    maxDrinksPerDay?: number | null;
    barrasPermitidas?: string[] | null;
    corteDiario?: string;
    recargas?: number;
  } = {},
) {
  const setup = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 10, ...options.tipo } });
  // A festival: the event and the ticket valid for two days from now (the fixture's night is 6 h).
  const end = new Date(t.clock.now().getTime() + 48 * HOUR);
  await t.db.update(eventos).set({ fechaFin: end }).where(eq(eventos.id, setup.evento.id));
  await t.db.update(tiposTicket).set({ validoHasta: end }).where(eq(tiposTicket.id, setup.tipo.id));
  await t.db
    .update(tiposTicket)
    .set({
      maxDrinksPerDay: options.maxDrinksPerDay ?? null,
      barrasPermitidas: options.barrasPermitidas ?? null,
    })
    .where(eq(tiposTicket.id, setup.tipo.id));
  if (options.corteDiario) {
    await t.db
      .update(eventos)
      .set({ corteDiario: options.corteDiario })
      .where(eq(eventos.id, setup.evento.id));
  }
  if (options.recargas) {
    await t.db
      .update(tickets)
      .set({ recargasBebidas: sql`${tickets.recargasBebidas} + ${options.recargas}` })
      .where(eq(tickets.id, setup.ticket.id));
  }
  return setup;
}

describe('drinks per day', () => {
  it('refuses the third drink of a 2-a-day ticket until the cut-off, then serves again', async () => {
    // 23:00 in Madrid (UTC+1) on 14 November: the next cut-off at 06:00 is 05:00Z the next day.
    t.clock.set('2026-11-14T22:00:00.000Z');
    const { scanner, ticket } = await festival({
      maxDrinksPerDay: 2,
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
      bebidasHoy: 1,
      maxDrinksPerDay: 2,
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
      bebidasHoy: 2,
    });
    const refused = expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: false,
      reason: 'limite_diario',
      message: 'Límite diario alcanzado',
    });
    expect(refused.nextAllowedTime).toBe('2026-11-15T05:00:00.000Z');

    t.clock.set('2026-11-15T05:00:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
      bebidasHoy: 1,
    });
  });

  it('puts the cut-off on the right instant across the March daylight-saving night', async () => {
    // 00:30 in Madrid on 29 March 2026 (UTC+1); the clocks go to UTC+2 at 02:00, so 06:00 is 04:00Z.
    t.clock.set('2026-03-28T23:30:00.000Z');
    const { scanner, ticket } = await festival({
      maxDrinksPerDay: 1,
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    const refused = expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'limite_diario' });
    expect(refused.nextAllowedTime).toBe('2026-03-29T04:00:00.000Z');
    t.clock.set('2026-03-29T03:59:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'limite_diario' });
    t.clock.set('2026-03-29T04:00:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
  });

  it('puts the cut-off on the right instant across the October daylight-saving night', async () => {
    // 00:30 in Madrid on 25 October 2026 (UTC+2); the clocks go back to UTC+1 at 03:00, so 06:00 is 05:00Z.
    t.clock.set('2026-10-24T22:30:00.000Z');
    const { scanner, ticket } = await festival({ maxDrinksPerDay: 1 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    const refused = expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'limite_diario' });
    expect(refused.nextAllowedTime).toBe('2026-10-25T05:00:00.000Z');
    t.clock.set('2026-10-25T04:59:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'limite_diario' });
    t.clock.set('2026-10-25T05:00:00.000Z');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
  });

  it('uses the event’s own cut-off', async () => {
    t.clock.set('2026-11-14T22:00:00.000Z');
    const { scanner, ticket } = await festival({
      maxDrinksPerDay: 1,
      corteDiario: '23:30',
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    const refused = expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'limite_diario' });
    expect(refused.nextAllowedTime).toBe('2026-11-14T22:30:00.000Z');
  });
});

describe('tickets valid at chosen bars', () => {
  it('serves at an allowed bar (any case), refuses elsewhere and with no bar, and keeps canConsume false', async () => {
    const { scanner, ticket } = await festival({ barrasPermitidas: ['VIP'] });
    const elsewhere = expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'Terraza' }), {
      success: false,
      reason: 'barra_no_permitida',
      message: 'Este ticket no es válido en esta barra. Válido en: VIP',
    });
    expect(elsewhere.canConsume).toBe(false);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'barra_no_permitida' });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'vip' }), { success: true });
  });

  it('names every bar where the ticket is valid, in the type’s order, online and in the lookup', async () => {
    const { scanner, ticket, evento } = await festival({ barrasPermitidas: ['VIP', 'Terraza'] });
    const message = 'Este ticket no es válido en esta barra. Válido en: VIP, Terraza';
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'Carpa' }), {
      reason: 'barra_no_permitida',
      message,
    });
    // A device that named no bar reads the same words.
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'barra_no_permitida', message });
    const atCarpa = await t.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/ticket/${ticket.qrCode}?barra=Carpa`,
    });
    expect(atCarpa.json().verificacion).toMatchObject({ reason: 'barra_no_permitida', message });
  });

  it('lets a lookup skip the bar rule unless the device names its bar', async () => {
    const { scanner, ticket, evento } = await festival({ barrasPermitidas: ['VIP'] });
    const anywhere = await scanner.ticket(ticket.qrCode);
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect(anywhere.json().verificacion).toMatchObject({ success: true, reason: 'ok' });
    const atTerraza = await t.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/ticket/${ticket.qrCode}?barra=Terraza`,
    });
    expect(atTerraza.statusCode, atTerraza.body).toBe(200);
    expect(atTerraza.json().verificacion).toMatchObject({ success: false, reason: 'barra_no_permitida' });
  });
});

describe('top-ups', () => {
  it('raise the ticket’s limit by their drinks', async () => {
    const { scanner, ticket } = await festival({ tipo: { maxDrinks: 1 }, recargas: 2 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 2 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 1 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'agotado' });
  });

  it('count for an offline upload too', async () => {
    const { scanner, ticket } = await festival({ tipo: { maxDrinks: 1 }, recargas: 1 });
    const at = t.clock.now().getTime();
    for (const minutesAgo of [20, 10]) {
      const upload = await scanner.consume({
        qrCode: ticket.qrCode,
        scanId: newScanId(),
        offline: true,
        escaneadoEn: new Date(at - minutesAgo * 60_000).toISOString(),
      });
      expectScan(upload, { success: true, conflicto: false });
    }
  });
});
