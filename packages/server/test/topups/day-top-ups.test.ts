import type { OfflineData } from '@drinkflow/domain/offline-data';
import type { TicketDetail } from '@drinkflow/domain/orders';
import type { TopUpToday } from '@drinkflow/domain/topups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventos, recargas, tiposTicket } from '../../src/db/schema';
import { call } from '../support/api';
import { tokenOf } from '../support/guest-ticket';
import { consumoRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR } from '../support/time';

// docs/decisions/063: a top-up 'Usable también hoy' (paraHoy) on a ticket with a per-day limit
// raises that limit for the festival day it is made in. The scanner (online and offline data), the
// guest page, the order detail and the top-up dialog's read all agree.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

/** A 2-a-day ticket of 10 drinks valid for two days, at 23:00 in Madrid on 27 November (UTC+1). */
async function festival(maxDrinksPerDay: number | null = 2) {
  t.clock.set('2026-11-27T22:00:00.000Z');
  const setup = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 10 } });
  const end = new Date(t.clock.now().getTime() + 48 * HOUR);
  await t.db.update(eventos).set({ fechaFin: end }).where(eq(eventos.id, setup.evento.id));
  await t.db
    .update(tiposTicket)
    .set({ validoHasta: end, maxDrinksPerDay })
    .where(eq(tiposTicket.id, setup.tipo.id));
  const consume = () => setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() });
  const topUp = (body: Record<string, unknown>) =>
    call(t, setup.owner, 'POST', `/api/tickets/${setup.ticket.id}/recargas`, body);
  const today = async () => {
    const res = await call(t, setup.owner, 'GET', `/api/tickets/${setup.ticket.id}/recargas/hoy`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TopUpToday>();
  };
  return { ...setup, consume, topUp, today };
}

describe('POST /api/tickets/{id}/recargas with paraHoy', () => {
  it('lets the drinks be used today: consumes are served up to the raised limit, then refused', async () => {
    const { consume, topUp, today } = await festival();
    expectScan(await consume(), { success: true });
    expectScan(await consume(), { success: true, bebidasHoy: 2, maxDrinksPerDay: 2 });
    expectScan(await consume(), { reason: 'limite_diario' });
    expect(await today()).toEqual({
      hoy: { bebidasHoy: 2, maxDrinksPerDay: 2, limiteHoy: 2, proximoCorte: '2026-11-28T05:00:00.000Z' },
    });

    const res = await topUp({ bebidas: 2, importe: 10.5, metodo: 'efectivo', paraHoy: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bebidas: 2, paraHoy: true });
    expect((await today()).hoy).toMatchObject({ bebidasHoy: 2, limiteHoy: 4 });

    expectScan(await consume(), { success: true, bebidasHoy: 3, limiteHoy: 4, canConsume: true });
    expectScan(await consume(), { success: true, bebidasHoy: 4, limiteHoy: 4, canConsume: false });
    expectScan(await consume(), { reason: 'limite_diario', nextAllowedTime: '2026-11-28T05:00:00.000Z' });

    // The next festival day: the type's limit again, and the top-up's drinks still in the total.
    t.clock.set('2026-11-28T05:00:00.000Z');
    expect((await today()).hoy).toEqual({
      bebidasHoy: 0,
      maxDrinksPerDay: 2,
      limiteHoy: 2,
      proximoCorte: '2026-11-29T05:00:00.000Z',
    });
    const next = expectScan(await consume(), { success: true, bebidasHoy: 1, remainingDrinks: 7 });
    expect(next).not.toHaveProperty('limiteHoy');
  });

  it('without paraHoy, refuses today and serves after the cut-off', async () => {
    const { consume, topUp } = await festival();
    await consume();
    await consume();
    const res = await topUp({ bebidas: 2 });
    expect(res.json()).toMatchObject({ paraHoy: false });
    expectScan(await consume(), { reason: 'limite_diario', remainingDrinks: 10 });
    t.clock.set('2026-11-28T04:59:59.000Z');
    expectScan(await consume(), { reason: 'limite_diario' });
    t.clock.set('2026-11-28T05:00:00.000Z');
    expectScan(await consume(), { success: true, bebidasHoy: 1 });
  });

  it('keeps paraHoy only where a per-day limit exists; a type without one answers hoy null', async () => {
    const { topUp, today, ticket } = await festival(null);
    expect(await today()).toEqual({ hoy: null });
    expect((await topUp({ bebidas: 1, paraHoy: true })).json()).toMatchObject({ paraHoy: false });
    const [row] = await t.db.select().from(recargas).where(eq(recargas.ticketId, ticket.id));
    expect(row!.paraHoy).toBe(false);
  });

  it('refuses a paraHoy that is not a boolean, and an amount above 99.999.999,99 €, in Spanish', async () => {
    const { topUp } = await festival();
    const notBoolean = await topUp({ bebidas: 1, paraHoy: 'sí' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().details).toEqual([
      { field: 'paraHoy', message: 'Usables también hoy debe ser verdadero o falso' },
    ]);
    const tooMuch = await topUp({ bebidas: 1, importe: 100_000_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toEqual([
      { field: 'importe', message: 'El importe no puede superar 99.999.999,99 €' },
    ]);
  });

  it('is shown alike by the guest page, the order detail and the offline data', async () => {
    const { consume, topUp, ticket, pedido, owner, evento } = await festival();
    await consume();
    await consume();
    await topUp({ bebidas: 3, paraHoy: true });
    const guest = await t.app.inject({ method: 'GET', url: `/api/t/${tokenOf(ticket.enlaceInvitado)}` });
    expect(guest.json()).toMatchObject({
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      limiteHoy: 5,
      proximaBebidaDiaria: null,
    });
    const detail = await call(t, owner, 'GET', `/api/tickets/${pedido.id}`);
    expect(detail.json<TicketDetail[]>()[0]).toMatchObject({
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      limiteHoy: 5,
    });

    const offline = await t.app.inject({ method: 'GET', url: `/api/scanner/${evento.apiKey}/offline` });
    expect(offline.statusCode, offline.body).toBe(200);
    const [stored] = offline.json<OfflineData>().tickets;
    expect(stored).toMatchObject({
      recargas: 3,
      recargasHoy: [{ createdAt: '2026-11-27T22:00:00.000Z', bebidas: 3 }],
    });
  });

  it('judges an offline upload with the raised limit: no conflict within it', async () => {
    const { scanner, ticket, consume, topUp } = await festival();
    await consume();
    await consume();
    await topUp({ bebidas: 1, paraHoy: true });
    t.clock.set('2026-11-27T22:30:00.000Z');
    const upload = (escaneadoEn: string) =>
      scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId(), offline: true, escaneadoEn });
    expectScan(await upload('2026-11-27T22:10:00.000Z'), { success: true, conflicto: false });
    expectScan(await upload('2026-11-27T22:20:00.000Z'), { conflicto: true, reason: 'limite_diario' });
  });

  it('never lets concurrent consumes pass the raised limit', async () => {
    const { consume, topUp, ticket } = await festival();
    await consume();
    await consume();
    await topUp({ bebidas: 3, paraHoy: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => consume()));
    const served = answers.filter((res) => res.statusCode === 200 && res.json().success === true);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    expect(served).toHaveLength(3);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(5);
  });

  it('never lets consumes racing the top-up pass the type’s limit nor the raised one', async () => {
    const { consume, topUp, ticket } = await festival();
    await consume();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => consume()),
      topUp({ bebidas: 2, paraHoy: true }),
      ...Array.from({ length: 5 }, () => consume()),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(10).fill(200), 201]);
    const drinks = await consumoRows(t.db, ticket.id);
    // Served before the top-up committed: up to 2; after it, up to 4 in all.
    expect(drinks.length).toBeGreaterThanOrEqual(2);
    expect(drinks.length).toBeLessThanOrEqual(4);
    for (let more = drinks.length; more < 4; more++) expectScan(await consume(), { success: true });
    expectScan(await consume(), { reason: 'limite_diario' });
  });
});
