import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  offlineData,
  offlineTicketId,
  openHolderName,
  type OfflineData,
} from '@drinkflow/domain/offline-data';
import type { Ticket } from '@drinkflow/domain/orders';
import { scannerMessages } from '@drinkflow/domain/scanner';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumos } from '../../src/db/schema';
import { call, expectApiError } from '../support/api';
import { createTicketType } from '../support/ticket-types';
import { uniqueAddress, uniqueContact } from '../support/unique-values';
import { createOrder } from '../support/orders';
import { expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { awayFromMinuteBoundary, MINUTE } from '../support/time';

// docs/rules/offline-and-field.md, docs/decisions/035: GET /api/scanner/{apiKey}/offline gives a bar's device the
// event, its ticket types and every ticket (named by SHA-256 of its QR code, holder's name sealed
// with a key derived from the code) with its drinks, so it can decide scans without the server.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function offline(apiKey: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'GET',
    url: `/api/scanner/${encodeURIComponent(apiKey)}/offline`,
    headers,
    remoteAddress,
  });
}

/** A 200 whose JSON is exactly what the domain's schema reads (nothing more, nothing less). */
function expectOfflineData(res: LightMyRequestResponse): OfflineData {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<OfflineData>();
  expect(offlineData.parse(body)).toEqual(body);
  return body;
}

/** The ticket of `qrCode` in the offline data, found as the device finds it. */
const ticketOf = (data: OfflineData, qrCode: string) => data.tickets.find(({ id }) => id === sha256(qrCode));

/**
 * An event with two ticket types and two orders (three and two tickets, with email and phone), and
 * another organizer's event with a ticket of its own.
 */
async function festival() {
  const setup = await scannerSetup(t, {
    quantity: 3,
    order: { nombreCompleto: 'Íñigo Núñez 🍻', ...uniqueContact() },
  });
  const vip = await createTicketType(t, setup.owner, setup.evento, {
    nombre: 'VIP controlada',
    modo: 'intervalos_controlados',
    maxDrinks: null,
    drinkIntervalMinutes: 30,
    durationMinutes: 240,
    drinkType: 'copas',
  });
  const secondContact = uniqueContact();
  const second = await createOrder(
    t,
    setup.owner,
    { evento: setup.evento, tipo: vip },
    { quantity: 2, nombreCompleto: 'María José Güell', ...secondContact },
  );
  const other = await scannerSetup(t, { order: { nombreCompleto: 'Persona De Otro Evento' } });
  return {
    ...setup,
    vip,
    secondContact,
    firstContact: setup.pedido,
    allTickets: [...setup.tickets, ...second.tickets],
    second,
    other,
  };
}

describe('GET /api/scanner/{apiKey}/offline', () => {
  it('answers the event with the time zone, its ticket types and every ticket of it, none of another', async () => {
    const f = await festival();

    const data = expectOfflineData(await offline(f.evento.apiKey));

    expect(data.evento).toEqual({
      nombre: f.evento.nombre,
      ubicacion: f.evento.ubicacion,
      fechaInicio: f.evento.fechaInicio,
      fechaFin: f.evento.fechaFin,
      zonaHoraria: 'Europe/Madrid',
      // When the festival day ends (docs/rules/festivals.md), for per-day limits decided offline.
      corteDiario: '06:00',
    });
    expect(data.tiposTicket).toEqual(
      [f.tipo, f.vip].map((tipo) => ({
        id: tipo.id,
        nombre: tipo.nombre,
        modo: tipo.modo,
        maxDrinks: tipo.maxDrinks,
        drinkIntervalMinutes: tipo.drinkIntervalMinutes,
        durationMinutes: tipo.durationMinutes,
        drinkType: tipo.drinkType,
        validoDesde: tipo.validoDesde,
        validoHasta: tipo.validoHasta,
      })),
    );
    expect(data.tiposTicket[1]).toMatchObject({ modo: 'intervalos_controlados', maxDrinks: 8 });
    const expected = f.allTickets.map((ticket: Ticket) => ({
      id: sha256(ticket.qrCode),
      ticketId: ticket.id,
      ticketTypeId: ticket.ticketTypeId,
      estado: 'activo',
      createdAt: ticket.createdAt,
      consumos: [],
    }));
    expect(data.tickets.map(({ titular: _titular, ...ticket }) => ticket)).toEqual(
      expect.arrayContaining(expected),
    );
    expect(data.tickets).toHaveLength(5);
    expect(data.tickets.map(({ ticketId }) => ticketId)).not.toContain(f.other.ticket.id);
    expect(ticketOf(data, f.other.ticket.qrCode)).toBeUndefined();
  });

  it('names each ticket by the SHA-256 of its QR code, the same id the domain computes on the device', async () => {
    const f = await festival();

    const data = expectOfflineData(await offline(f.evento.apiKey));

    for (const ticket of f.allTickets) {
      const found = ticketOf(data, ticket.qrCode);
      expect(found?.ticketId).toBe(ticket.id);
      expect(found?.id).toBe(await offlineTicketId(ticket.qrCode));
    }
  });

  it('seals each holder’s name so that it opens with that ticket’s code and with no other', async () => {
    const f = await festival();

    const data = expectOfflineData(await offline(f.evento.apiKey));

    const names = new Map([
      ...f.tickets.map((ticket) => [ticket.qrCode, 'Íñigo Núñez 🍻'] as const),
      ...f.second.tickets.map((ticket) => [ticket.qrCode, 'María José Güell'] as const),
    ]);
    for (const [qrCode, name] of names) {
      const found = ticketOf(data, qrCode)!;
      expect(await openHolderName(qrCode, found.titular)).toBe(name);
      for (const other of f.allTickets.filter((ticket) => ticket.qrCode !== qrCode)) {
        expect(await openHolderName(other.qrCode, found.titular)).toBeNull();
      }
      expect(await openHolderName(f.other.ticket.qrCode, found.titular)).toBeNull();
    }
    // Tickets of one order share a name but not a sealed value.
    const sealed = f.tickets.map((ticket) => ticketOf(data, ticket.qrCode)!.titular.datos);
    expect(new Set(sealed).size).toBe(sealed.length);
  });

  it('carries no QR code, email, phone, holder’s name in clear or API key anywhere in its text', async () => {
    const f = await festival();

    const res = await offline(f.evento.apiKey);

    expectOfflineData(res);
    const text = res.body;
    for (const ticket of [...f.allTickets, f.other.ticket]) expect(text).not.toContain(ticket.qrCode);
    for (const contact of [f.firstContact, f.secondContact]) {
      expect(text).not.toContain(contact.email);
      expect(text).not.toContain(contact.telefono!);
      expect(text).not.toContain(contact.telefono!.replace(/\D/g, '').slice(2));
    }
    expect(text).not.toContain('@');
    for (const name of ['Íñigo', 'Núñez', 'María José', 'Güell', 'Lucía']) expect(text).not.toContain(name);
    expect(text).not.toContain(f.evento.apiKey);
  });

  it('shows an invalidated ticket as invalidado, and a regenerated QR code by its new hash only', async () => {
    const f = await festival();
    const [invalidated, regenerated] = f.tickets as [Ticket, Ticket, Ticket];
    const res = await call(t, f.owner, 'PATCH', `/api/tickets/${invalidated.id}/invalidate`);
    expect(res.statusCode, res.body).toBe(200);
    const regen = await call(t, f.owner, 'PATCH', `/api/tickets/${regenerated.id}/regenerate-qr`);
    expect(regen.statusCode, regen.body).toBe(200);
    const newCode = regen.json<{ qrCode: string }>().qrCode;

    const data = expectOfflineData(await offline(f.evento.apiKey));

    expect(ticketOf(data, invalidated.qrCode)).toMatchObject({
      ticketId: invalidated.id,
      estado: 'invalidado',
    });
    expect(ticketOf(data, regenerated.qrCode)).toBeUndefined();
    const renewed = ticketOf(data, newCode)!;
    expect(renewed).toMatchObject({ ticketId: regenerated.id, estado: 'activo' });
    expect(await openHolderName(newCode, renewed.titular)).toBe('Íñigo Núñez 🍻');
    expect(await openHolderName(regenerated.qrCode, renewed.titular)).toBeNull();
    expect(data.tickets.filter(({ estado }) => estado === 'invalidado')).toHaveLength(1);
  });

  it('lists each ticket’s drinks in time order and leaves out a drink that was undone', async () => {
    const f = await festival();
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

    const data = expectOfflineData(await offline(f.evento.apiKey));

    expect(ticketOf(data, drinker.qrCode)!.consumos).toEqual([
      earlier.toISOString(),
      start.toISOString(),
      new Date(start.getTime() + 20 * MINUTE).toISOString(),
    ]);
    expect(ticketOf(data, undone.qrCode)!.consumos).toEqual([]);
    expect(ticketOf(data, f.tickets[2]!.qrCode)!.consumos).toEqual([]);
  });

  it('is built when asked: a drink served since the last download is in the next one, with a new generadoEn', async () => {
    const f = await festival();
    const first = expectOfflineData(await offline(f.evento.apiKey));
    expect(first.generadoEn).toBe(t.clock.iso());

    t.clock.advance(5 * MINUTE);
    expectScan(await scannerClient(t, f.evento.apiKey).consume({ qrCode: f.ticket.qrCode }), {
      success: true,
    });
    const second = expectOfflineData(await offline(f.evento.apiKey));

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
    const first = expectOfflineData(await offline(f.evento.apiKey));
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
    const second = expectOfflineData(await offline(f.evento.apiKey));

    expect(await openHolderName(renamed.qrCode, ticketOf(second, renamed.qrCode)!.titular)).toBe(
      'Nombre Nuevo Ñandú',
    );
    expect(ticketOf(second, regenerated.qrCode)).toBeUndefined();
    expect(await openHolderName(newCode, ticketOf(second, newCode)!.titular)).toBe('Lucía Fernández');
    expect(await openHolderName(kept.qrCode, ticketOf(second, kept.qrCode)!.titular)).toBe('Lucía Fernández');
    expect(second.tickets).toHaveLength(3);
  });

  it('answers every one of many devices that download at once, each with the whole data', async () => {
    const f = await festival();
    const devices = Array.from({ length: 6 }, (_, n) => ({ 'x-device-id': `movil-${n}` }));

    const answers = await Promise.all(devices.map((headers) => offline(f.evento.apiKey, headers)));

    for (const res of answers) {
      const data = expectOfflineData(res);
      expect(data.tickets).toHaveLength(5);
      const found = ticketOf(data, f.second.tickets[1]!.qrCode)!;
      expect(await openHolderName(f.second.tickets[1]!.qrCode, found.titular)).toBe('María José Güell');
    }
  });

  it('answers an event without tickets with empty lists', async () => {
    const f = await scannerSetup(t);
    const deleted = await call(t, f.owner, 'DELETE', `/api/pedidos/${f.pedido.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const data = expectOfflineData(await offline(f.evento.apiKey));

    expect(data.tickets).toEqual([]);
    expect(data.tiposTicket.map(({ id }) => id)).toEqual([f.tipo.id]);
  });

  it('answers 404 with the Spanish message for an unknown API key', async () => {
    const res = await offline('clave-que-no-existe-en-ningun-evento', {}, uniqueAddress());

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
  });

  it('answers Cache-Control: no-store, so no browser or proxy keeps a copy', async () => {
    const f = await scannerSetup(t);

    const res = await offline(f.evento.apiKey);

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers compressed with brotli or gzip when the client accepts it, decoding to the same data', async () => {
    const f = await scannerSetup(t, { quantity: 10 });
    await createOrder(
      t,
      f.owner,
      { evento: f.evento, tipo: f.tipo },
      { quantity: 10, nombreCompleto: 'Ana Pérez' },
    );
    const qrCodes = new Map(f.tickets.map((ticket) => [sha256(ticket.qrCode), ticket.qrCode]));

    const plain = await offline(f.evento.apiKey);
    const br = await offline(f.evento.apiKey, { 'accept-encoding': 'br' });
    const gzip = await offline(f.evento.apiKey, { 'accept-encoding': 'gzip' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const decoded = [
      JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')) as OfflineData,
      JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')) as OfflineData,
    ];
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // Equal but for the sealed names, which get a fresh IV each time; those open to the same name.
    const withoutNames = (data: OfflineData) => ({
      ...data,
      tickets: data.tickets.map(({ titular: _titular, ...ticket }) => ticket),
    });
    const reference = expectOfflineData(plain);
    expect(reference.tickets).toHaveLength(20);
    for (const data of decoded) {
      expect(offlineData.parse(data)).toEqual(data);
      expect(withoutNames(data)).toEqual(withoutNames(reference));
      for (const ticket of data.tickets.filter(({ id }) => qrCodes.has(id))) {
        expect(await openHolderName(qrCodes.get(ticket.id)!, ticket.titular)).toBe('Lucía Fernández');
      }
    }
  });
});

describe('GET /api/scanner/{apiKey}/offline, rate limit', () => {
  const LIMIT = 3;
  let limited: ScannerTestApp;
  beforeAll(async () => {
    limited = await createScannerApp({ scannerRateLimit: LIMIT });
  });
  afterAll(() => limited?.close());

  it('counts in the same per-device window as the other scanner routes and answers 429 beyond it', async () => {
    await awayFromMinuteBoundary();
    limited.clock.reset();
    const { evento, ticket } = await scannerSetup(limited, { remoteAddress: uniqueAddress() });
    const address = uniqueAddress();
    const device = { 'x-device-id': 'movil-barra-offline' };
    const scanner = scannerClient(limited, evento.apiKey, address, 'movil-barra-offline');
    const download = () =>
      limited.app.inject({
        method: 'GET',
        url: `/api/scanner/${evento.apiKey}/offline`,
        headers: device,
        remoteAddress: address,
      });

    expect((await scanner.event()).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(200);
    expect((await scanner.ticket(ticket.qrCode)).statusCode).toBe(200);

    const refused = await download();
    const body = expectApiError(refused, 429, 'rate_limited');
    expect(body.message).toBe(scannerMessages.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await scanner.event()).statusCode).toBe(429);
    // Another device on the same address has its own window.
    const otherDevice = await limited.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/offline`,
      headers: { 'x-device-id': 'movil-barra-2' },
      remoteAddress: address,
    });
    expect(otherDevice.statusCode).toBe(200);
  });
});
