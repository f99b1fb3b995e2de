import { openHolderName } from '@drinkflow/domain/offline-data';
import type { Ticket } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumos } from '../../src/db/schema';
import { call } from '../support/api';
import { createOrder } from '../support/orders';
import { expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';
import { expectOfflineData, festival, offline, ticketOf } from './offline-data-fixtures';

// docs/rules/offline-and-field.md, docs/decisions/035: each offline download is built when asked,
// with the drinks served and the names and codes changed since the last one.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('GET /api/scanner/{apiKey}/offline', () => {
  it('lists each ticket’s drinks in time order and leaves out a drink that was undone', async () => {
    const f = await festival(t);
    const [drinker, undone] = f.tickets as [Ticket, Ticket, Ticket];
    const start = t.clock.now();
    const scanner = scannerClient(t, f.evento.apiKey);
    expectScan(await scanner.consume({ qrCode: drinker.qrCode }), { success: true });
    t.clock.advance(20 * MINUTE);
    expectScan(await scanner.consume({ qrCode: drinker.qrCode }), { success: true });
    // A drink recorded later with an earlier time (a higher id, an earlier timestamp).
    const earlier = new Date(start.getTime() - 10 * MINUTE);
    await t.db.insert(consumos).values({
      ticketId: drinker.id,
      eventoId: f.evento.id,
      tipoBebida: 'copa',
      timestamp: earlier,
    });
    const scanId = newScanId();
    t.clock.advance(MINUTE);
    expectScan(await scanner.consume({ qrCode: undone.qrCode, scanId, deviceId: 'movil-barra' }), {
      success: true,
    });
    expect((await scanner.undo({ scanId, deviceId: 'movil-barra' })).statusCode).toBe(200);

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(ticketOf(data, drinker.qrCode)!.consumos).toEqual([
      earlier.toISOString(),
      start.toISOString(),
      new Date(start.getTime() + 20 * MINUTE).toISOString(),
    ]);
    expect(ticketOf(data, undone.qrCode)!.consumos).toEqual([]);
    expect(ticketOf(data, f.tickets[2]!.qrCode)!.consumos).toEqual([]);
  });

  it('is built when asked: a drink served since the last download is in the next one, with a new generadoEn', async () => {
    const f = await festival(t);
    const first = expectOfflineData(await offline(t, f.evento.apiKey));
    expect(first.generadoEn).toBe(t.clock.iso());

    t.clock.advance(5 * MINUTE);
    expectScan(await scannerClient(t, f.evento.apiKey).consume({ qrCode: f.ticket.qrCode }), {
      success: true,
    });
    const second = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(second.generadoEn).toBe(t.clock.iso());
    expect(ticketOf(first, f.ticket.qrCode)!.consumos).toEqual([]);
    expect(ticketOf(second, f.ticket.qrCode)!.consumos).toEqual([t.clock.iso()]);
    expect(await openHolderName(f.ticket.qrCode, ticketOf(second, f.ticket.qrCode)!.titular)).toBe(
      'Íñigo Núñez 🍻',
    );
  });

  it('seals again what changed since the last download: a new holder’s name, a regenerated QR code', async () => {
    const f = await scannerSetup(t, { quantity: 2 });
    const [kept, regenerated] = f.tickets as [Ticket, Ticket];
    const other = await createOrder(t, f.owner, f, { nombreCompleto: 'Nombre Antiguo' });
    const renamed = other.tickets[0]!;
    const first = expectOfflineData(await offline(t, f.evento.apiKey));
    expect(await openHolderName(renamed.qrCode, ticketOf(first, renamed.qrCode)!.titular)).toBe(
      'Nombre Antiguo',
    );

    const put = await call(t, f.owner, 'PUT', `/api/pedidos/${other.id}`, {
      nombreCompleto: 'Nombre Nuevo Ñandú',
      email: other.email,
    });
    expect(put.statusCode, put.body).toBe(200);
    const regen = await call(t, f.owner, 'PATCH', `/api/tickets/${regenerated.id}/regenerate-qr`);
    expect(regen.statusCode, regen.body).toBe(200);
    const newCode = regen.json<{ qrCode: string }>().qrCode;
    const second = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(await openHolderName(renamed.qrCode, ticketOf(second, renamed.qrCode)!.titular)).toBe(
      'Nombre Nuevo Ñandú',
    );
    expect(ticketOf(second, regenerated.qrCode)).toBeUndefined();
    expect(await openHolderName(newCode, ticketOf(second, newCode)!.titular)).toBe('Lucía Fernández');
    expect(await openHolderName(kept.qrCode, ticketOf(second, kept.qrCode)!.titular)).toBe('Lucía Fernández');
    expect(second.tickets).toHaveLength(3);
  });
});
