import { deviceMessages, type BoardDevice, type PairedDevice } from '@drinkflow/domain/devices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, dispositivos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, tally } from '../support/api';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { MINUTE } from '../support/time';
import { boardUrl, member, ownUrl, pairedDevice, revokeUrl } from './device-calls';

// The device board and revocation (docs/rules/devices.md): both kinds of device with their person,
// drinks of the last 10 minutes, live ones by newest contact, revoked ones last; revoking is idempotent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const board = async (event: OwnedEvent) => {
  const res = await call(t, event.owner, 'GET', boardUrl(event.evento.id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BoardDevice[]>();
};

/** `n` drinks of the event's ticket served by `dispositivoId`, `minutesAgo` minutes ago. */
async function drinks(
  event: OwnedEvent,
  ticketId: number,
  dispositivoId: number | null,
  n: number,
  minutesAgo: number,
) {
  const timestamp = new Date(Date.now() - minutesAgo * MINUTE);
  await t.db.insert(consumos).values(
    Array.from({ length: n }, () => ({
      ticketId,
      eventoId: event.evento.id,
      tipoBebida: 'copa',
      timestamp,
      dispositivoId,
    })),
  );
}

describe('GET /api/eventos/{id}/dispositivos', () => {
  it('lists both kinds with their person and counts each one’s drinks of the last 10 minutes', async () => {
    const event = await ownedEvent(t);
    const ticket = (await createOrder(t, event.owner, event)).tickets[0]!;
    const bartender = await member(t, event.evento.id, 'barra', 'Ana');
    const paired = await pairedDevice(t, event.owner, event.evento.id, { nombre: 'Tablet caja' });
    const ownRes = await call(t, bartender, 'POST', ownUrl(event.evento.id), { nombre: 'Móvil de Ana' });
    expect(ownRes.statusCode, ownRes.body).toBe(201);
    const own = ownRes.json<PairedDevice>();
    const [link] = await t.db
      .insert(dispositivos)
      .values({
        eventoId: event.evento.id,
        tipo: 'enlace',
        nombre: 'Enlace 1',
        deviceId: 'barra-norte-1',
        barra: 'Norte',
        pendientes: 3,
      })
      .returning();
    const contact = new Date(Date.now() - 30_000);
    const offlineData = new Date(Date.now() - 3_600_000);
    await t.db
      .update(dispositivos)
      .set({ ultimoContacto: contact, pendientes: 2, datosOfflineDe: offlineData })
      .where(eq(dispositivos.id, own.dispositivo.id));

    await drinks(event, ticket.id, paired.dispositivo.id, 3, 1);
    await drinks(event, ticket.id, paired.dispositivo.id, 2, 11); // older than 10 minutes
    await drinks(event, ticket.id, own.dispositivo.id, 4, 9);
    await drinks(event, ticket.id, null, 5, 1); // no device
    // Another event's drink of the same device id counts nowhere here.
    const other = await ownedEvent(t);
    const otherTicket = (await createOrder(t, other.owner, other)).tickets[0]!;
    await drinks(other, otherTicket.id, paired.dispositivo.id, 7, 1);

    const devices = await board(event);
    expect(devices).toHaveLength(3);
    const byId = new Map(devices.map((device) => [device.id, device]));
    expect(byId.get(own.dispositivo.id)).toEqual({
      id: own.dispositivo.id,
      nombre: 'Móvil de Ana',
      tipo: 'autorizado',
      barra: null,
      usuario: { id: bartender.user.id, nombre: 'Ana' },
      creadoEn: expect.any(String),
      ultimoContacto: contact.toISOString(),
      revocadoEn: null,
      pendientes: 2,
      datosOfflineDe: offlineData.toISOString(),
      consumos10min: 4,
    });
    expect(byId.get(paired.dispositivo.id)).toMatchObject({
      nombre: 'Tablet caja',
      tipo: 'autorizado',
      usuario: null,
      ultimoContacto: null,
      consumos10min: 3,
    });
    expect(byId.get(link!.id)).toMatchObject({
      nombre: 'Enlace 1',
      tipo: 'enlace',
      barra: 'Norte',
      pendientes: 3,
      consumos10min: 0,
    });
    // The one with a contact first.
    expect(devices[0]!.id).toBe(own.dispositivo.id);
  });

  it('puts the newest contact first and revoked devices last', async () => {
    const event = await ownedEvent(t);
    const ids: number[] = [];
    for (const nombre of ['A', 'B', 'C', 'D'])
      ids.push((await pairedDevice(t, event.owner, event.evento.id, { nombre })).dispositivo.id);
    const [a, b, c, d] = ids as [number, number, number, number];
    const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
    await t.db
      .update(dispositivos)
      .set({ ultimoContacto: at(5) })
      .where(eq(dispositivos.id, a));
    await t.db
      .update(dispositivos)
      .set({ ultimoContacto: at(1) })
      .where(eq(dispositivos.id, b));
    await t.db
      .update(dispositivos)
      .set({ ultimoContacto: at(0) })
      .where(eq(dispositivos.id, c));
    expect((await call(t, event.owner, 'POST', revokeUrl(event.evento.id, c))).statusCode).toBe(200);
    // Never seen: after every device with a contact, still before the revoked one.
    expect((await board(event)).map((device) => device.id)).toEqual([b, a, d, c]);
  });

  it('is empty for an event without devices', async () => {
    expect(await board(await ownedEvent(t))).toEqual([]);
  });
});

describe('POST /api/eventos/{id}/dispositivos/{dispositivoId}/revocar', () => {
  it('revokes once: a second revoke answers the same board device with the first time', async () => {
    const event = await ownedEvent(t);
    const paired = await pairedDevice(t, event.owner, event.evento.id);
    const first = await call(t, event.owner, 'POST', revokeUrl(event.evento.id, paired.dispositivo.id));
    expect(first.statusCode, first.body).toBe(200);
    const revoked = first.json<BoardDevice>();
    expect(revoked).toMatchObject({
      id: paired.dispositivo.id,
      revocadoEn: expect.any(String),
      consumos10min: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await call(t, event.owner, 'POST', revokeUrl(event.evento.id, paired.dispositivo.id));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<BoardDevice>()).toEqual(revoked);
    const [row] = await t.db.select().from(dispositivos).where(eq(dispositivos.id, paired.dispositivo.id));
    expect(row!.revocadoEn!.toISOString()).toBe(revoked.revocadoEn);
  });

  it('keeps one revocation time when two revokes arrive at once', async () => {
    const event = await ownedEvent(t);
    const paired = await pairedDevice(t, event.owner, event.evento.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, event.owner, 'POST', revokeUrl(event.evento.id, paired.dispositivo.id)),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 5 });
    const times = new Set(responses.map((res) => res.json<BoardDevice>().revocadoEn));
    expect(times.size).toBe(1);
  });

  it('answers 404 for a device of another event, and 400 for ids past the database integer', async () => {
    const event = await ownedEvent(t);
    const other = await ownedEvent(t, event.owner);
    const theirs = await pairedDevice(t, event.owner, other.evento.id);
    const res = await call(t, event.owner, 'POST', revokeUrl(event.evento.id, theirs.dispositivo.id));
    expect(expectApiError(res, 404, 'not_found').message).toBe(deviceMessages.notFound);
    const [row] = await t.db.select().from(dispositivos).where(eq(dispositivos.id, theirs.dispositivo.id));
    expect(row!.revocadoEn).toBeNull();
    expectApiError(
      await call(t, event.owner, 'POST', revokeUrl(event.evento.id, '2147483648')),
      400,
      'validation_error',
    );
    expectApiError(
      await call(t, event.owner, 'POST', revokeUrl(event.evento.id, 'abc')),
      400,
      'validation_error',
    );
    expectApiError(
      await call(t, event.owner, 'POST', revokeUrl(event.evento.id, '2147483647')),
      404,
      'not_found',
    );
  });
});

describe('POST /api/eventos/{id}/dispositivos/propio', () => {
  it('pairs the signed-in member’s scanner, tied to their account, a new device each time', async () => {
    const event = await ownedEvent(t);
    const bartender = await member(t, event.evento.id, 'barra', 'Luis');
    const first = await call(t, bartender, 'POST', ownUrl(event.evento.id), { nombre: 'Mi móvil' });
    const second = await call(t, bartender, 'POST', ownUrl(event.evento.id), { nombre: 'Mi móvil' });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [first.json<PairedDevice>(), second.json<PairedDevice>()];
    expect(a.dispositivo.id).not.toBe(b.dispositivo.id);
    expect(a.token).not.toBe(b.token);
    expect(a.apiKey).toBe(event.evento.apiKey);
    const rows = await t.db.select().from(dispositivos).where(eq(dispositivos.eventoId, event.evento.id));
    expect(rows.map((row) => row.usuarioId)).toEqual([bartender.user.id, bartender.user.id]);
  });

  it('checks the bar against the event’s bars, and the name', async () => {
    const owner = await signIn(t.db, 'organizer', 'Dueña');
    const event = await ownedEvent(t, owner);
    await t.db.execute(`update eventos set barras = '{"Barra Norte"}' where id = ${event.evento.id}`);
    const url = ownUrl(event.evento.id);
    expectApiError(
      await call(t, owner, 'POST', url, { nombre: 'Móvil', barra: 'Sur' }),
      400,
      'validation_error',
    );
    expectApiError(await call(t, owner, 'POST', url, { nombre: ' ' }), 400, 'validation_error');
    expectApiError(await call(t, owner, 'POST', url, { nombre: 'a\u0000b' }), 400);
    const res = await call(t, owner, 'POST', url, { nombre: 'Móvil', barra: 'BARRA NORTE' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PairedDevice>().dispositivo.barra).toBe('Barra Norte');
  });
});

describe('hostile paths', () => {
  it('answers 400 or 404, never 500, to NUL, 10 KB and out-of-range ids in the path', async () => {
    const event = await ownedEvent(t);
    const id = event.evento.id;
    const urls = [
      boardUrl('%00'),
      boardUrl(`${id}%00`),
      boardUrl('9'.repeat(400)),
      boardUrl('-1'),
      boardUrl('0x10'),
      revokeUrl(id, '%00'),
      revokeUrl(id, '4294967296'),
      revokeUrl(id, '1'.repeat(10_240)),
      ownUrl('2147483648'),
    ];
    for (const url of urls) {
      const res = await call(
        t,
        event.owner,
        url.endsWith('/dispositivos') ? 'GET' : 'POST',
        url,
        url.endsWith('/propio') ? { nombre: 'x' } : undefined,
      );
      expect(res.statusCode, `${url.slice(0, 80)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url.slice(0, 80)).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await board(event)).toEqual([]);
  });
});
