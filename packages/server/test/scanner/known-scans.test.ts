import type { ScanResult } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { call, tally } from '../support/api';
import { eventBody } from '../support/events';
import { ticketTypeBody } from '../support/ticket-types';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerClient, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { awayFromMinuteBoundary } from '../support/time';

// docs/decisions/048: a scan of a ticket this process has read before is decided from that read
// and recorded in one statement that checks the event, the order, the type and the ticket are
// unchanged. Each case below scans once (the process now knows the ticket), changes something
// the rules depend on through the API or through another server process, and scans again: the
// answer must be the one a fresh read gives.

let t: ScannerTestApp;
/** A second server process on the same database, with its own memory of tickets. */
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createScannerApp();
  other = await buildApp({ db: t.db, demo: false, now: t.clock.now });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});
beforeEach(() => {
  t.clock.reset();
});

const consume = (s: ScannerSetup, body: Record<string, unknown> = {}) =>
  s.scanner.consume({ qrCode: s.ticket.qrCode, scanId: newScanId(), ...body });

/** The same scanner calls, answered by the other server process. */
const otherScanner = (s: ScannerSetup) => scannerClient({ ...t, app: other }, s.evento.apiKey);

describe('a scan of a ticket this process has read before', () => {
  it('is refused once the organizer lowers the type’s limit', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 3 } });
    expectScan(await consume(s), { success: true, remainingDrinks: 2 });

    const lowered = await call(t, s.owner, 'PUT', `/api/tipos-ticket/${s.tipo.id}`, {
      ...ticketTypeBody(s.evento, { nombre: s.tipo.nombre, maxDrinks: 1 }),
    });
    expect(lowered.statusCode, lowered.body).toBe(200);

    expectScan(await consume(s), { success: false, reason: 'agotado', remainingDrinks: 0 });
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(1);
  });

  it('is refused once the ticket is invalidated, and served again once reactivated', async () => {
    const s = await scannerSetup(t);
    expectScan(await consume(s), { success: true });

    expect((await call(t, s.owner, 'PATCH', `/api/tickets/${s.ticket.id}/invalidate`)).statusCode).toBe(200);
    expectScan(await consume(s), { success: false, reason: 'invalidado' });

    expect((await call(t, s.owner, 'PATCH', `/api/tickets/${s.ticket.id}/reactivate`)).statusCode).toBe(200);
    expectScan(await consume(s), { success: true, remainingDrinks: 2 });
  });

  it('is served after a top-up raised the limit it had reached', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 1 } });
    expectScan(await consume(s), { success: true, remainingDrinks: 0 });
    expectScan(await consume(s), { success: false, reason: 'agotado' });

    const topUp = await call(t, s.owner, 'POST', `/api/tickets/${s.ticket.id}/recargas`, { bebidas: 1 });
    expect(topUp.statusCode, topUp.body).toBe(201);

    expectScan(await consume(s), { success: true, remainingDrinks: 0 });
    expectScan(await consume(s), { success: false, reason: 'agotado' });
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(2);
  });

  it('counts the drinks another server process served since', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 3 } });
    const elsewhere = otherScanner(s);
    expectScan(await consume(s), { success: true, remainingDrinks: 2 });
    expectScan(await elsewhere.consume({ qrCode: s.ticket.qrCode, scanId: newScanId() }), {
      success: true,
      remainingDrinks: 1,
    });
    const answer = expectScan(await consume(s), { success: true, remainingDrinks: 0 });
    expect(answer.reason).toBe('ok');
    expectScan(await elsewhere.consume({ qrCode: s.ticket.qrCode, scanId: newScanId() }), {
      success: false,
      reason: 'agotado',
    });
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(3);
  });

  it('answers with every drink of the ticket, its own included', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 4 } });
    await consume(s, { barra: 'Barra 1' });
    await otherScanner(s).consume({ qrCode: s.ticket.qrCode, scanId: newScanId(), barra: 'Barra 2' });
    const res = await consume(s, { barra: 'Barra 3' });
    expectScan(res, { success: true, remainingDrinks: 1 });
    const drinks = res.json<ScanResult & { consumos: { barra: string | null }[] }>().consumos;
    expect(drinks.map((drink) => drink.barra)).toEqual(['Barra 1', 'Barra 2', 'Barra 3']);
  });

  it('is served again after its last drink was undone', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 1 } });
    const scanId = newScanId();
    expectScan(await consume(s, { scanId, deviceId: 'barra-1' }), { success: true });
    const undo = await s.scanner.undo({ scanId, deviceId: 'barra-1' });
    expect(undo.statusCode, undo.body).toBe(200);

    expectScan(await consume(s), { success: true, remainingDrinks: 0 });
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(1);
  });

  it('shows the holder’s new name after the order is edited', async () => {
    const s = await scannerSetup(t);
    expectScan(await consume(s));
    const edited = await call(t, s.owner, 'PUT', `/api/pedidos/${s.pedido.id}`, {
      nombreCompleto: 'Lucía Fernández Ruiz',
      email: 'lucia.fernandez@example.com',
      telefono: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const res = await consume(s);
    expectScan(res, { success: true });
    expect(res.json<{ ticket: { titular: string } }>().ticket.titular).toBe('Lucía Fernández Ruiz');
  });

  it('is refused at a bar the type no longer allows after the bar was renamed', async () => {
    const s = await scannerSetup(t, { tipo: {} });
    const bars = await call(t, s.owner, 'PUT', `/api/eventos/${s.evento.id}`, {
      ...eventBody(),
      nombre: s.evento.nombre,
      ubicacion: s.evento.ubicacion,
      fechaInicio: s.evento.fechaInicio,
      fechaFin: s.evento.fechaFin,
      barras: ['VIP', 'Pista'],
    });
    expect(bars.statusCode, bars.body).toBe(200);
    const vipOnly = await call(t, s.owner, 'PUT', `/api/tipos-ticket/${s.tipo.id}`, {
      ...ticketTypeBody(s.evento, { nombre: s.tipo.nombre, barrasPermitidas: ['VIP'] }),
    });
    expect(vipOnly.statusCode, vipOnly.body).toBe(200);
    expectScan(await consume(s, { barra: 'VIP' }), { success: true });

    const renamed = await call(t, s.owner, 'PATCH', `/api/eventos/${s.evento.id}/barras`, {
      de: 'VIP',
      a: 'Terraza VIP',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expectScan(await consume(s, { barra: 'VIP' }), { success: false, reason: 'barra_no_permitida' });
    expectScan(await consume(s, { barra: 'Terraza VIP' }), { success: true });
  });

  it('starts a new festival day when the organizer moves the event’s cut-off', async () => {
    t.clock.set('2026-07-10T08:00:00.000Z'); // 10:00 in Madrid
    const s = await scannerSetup(t, { tipo: { maxDrinks: 10, maxDrinksPerDay: 1 } });
    expectScan(await consume(s), { success: true });
    t.clock.advance(30 * 60_000);
    expectScan(await consume(s), { success: false, reason: 'limite_diario' });

    const moved = await call(t, s.owner, 'PUT', `/api/eventos/${s.evento.id}`, {
      ...eventBody(),
      nombre: s.evento.nombre,
      ubicacion: s.evento.ubicacion,
      fechaInicio: s.evento.fechaInicio,
      fechaFin: s.evento.fechaFin,
      corteDiario: '10:15',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expectScan(await consume(s), { success: true });
  });

  it('stops answering to an API key the organizer replaced', async () => {
    const s = await scannerSetup(t);
    expectScan(await consume(s));
    const regenerated = await call(t, s.owner, 'PATCH', `/api/eventos/${s.evento.id}/regenerate-api-key`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);

    expect((await consume(s)).statusCode).toBe(404);
    const fresh = scannerClient(t, regenerated.json<{ apiKey: string }>().apiKey);
    expectScan(await fresh.consume({ qrCode: s.ticket.qrCode, scanId: newScanId() }), {
      success: true,
      remainingDrinks: 2,
    });
  });

  it('replays a scanId it recorded, from either process, without a second drink', async () => {
    const s = await scannerSetup(t);
    expectScan(await consume(s));
    const scanId = newScanId();
    const first = await consume(s, { scanId });
    expectScan(first, { success: true, remainingDrinks: 2 });
    for (const again of [
      await consume(s, { scanId }),
      await otherScanner(s).consume({ qrCode: s.ticket.qrCode, scanId }),
    ]) {
      expectScan(again, { success: true, remainingDrinks: 2, scanId });
    }
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(2);
    expect((await scanLogRows(t.db, s.evento.id)).filter((row) => row.scanId === scanId)).toHaveLength(1);
  });

  it('keeps a ticket’s answers apart from another event’s ticket with the same process memory', async () => {
    const a = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 1 } });
    const b = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 1 } });
    expectScan(await consume(a), { success: true });
    // a's ticket through b's key: another event's ticket (403), remembered or not.
    expect((await b.scanner.consume({ qrCode: a.ticket.qrCode, scanId: newScanId() })).statusCode).toBe(403);
    expectScan(await consume(b), { success: true });
  });
});

describe('simultaneous scans through two processes that both know the ticket', () => {
  it('serve exactly the limit, and every scan is logged once', async () => {
    const s = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 5 } });
    const elsewhere = otherScanner(s);
    // Both processes read the ticket first.
    expectScan(await consume(s), { success: true });
    expectScan(await elsewhere.consume({ qrCode: s.ticket.qrCode, scanId: newScanId() }), { success: true });

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? elsewhere : s.scanner).consume({ qrCode: s.ticket.qrCode, scanId: newScanId() }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 40 });
    const served = responses.map((res) => res.json<ScanResult>()).filter((body) => body.success);
    expect(served).toHaveLength(3);
    expect(served.map((body) => body.remainingDrinks).sort()).toEqual([0, 1, 2]);
    expect(await consumoRows(t.db, s.ticket.id)).toHaveLength(5);
    expect(await scanLogRows(t.db, s.evento.id)).toHaveLength(42);
  });
});

describe('the rate limit', () => {
  it('counts scans decided from memory like any other', async () => {
    const limited = await createScannerApp({ scannerRateLimit: 3 });
    try {
      const s = await scannerSetup(limited);
      await awayFromMinuteBoundary();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await consume(s)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(await consumoRows(limited.db, s.ticket.id)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
