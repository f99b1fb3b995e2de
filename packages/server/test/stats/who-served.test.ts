import type { DispositivoStats, EventStats, PersonaStats } from '@drinkflow/domain/stats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, dispositivos, scanLog, users } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import { createEvent } from '../support/events';
import { insertTicketType } from '../support/stats-night';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';

// docs/rules/statistics.md (per device and per person), docs/decisions/061: who served each drink
// and refused each scan, from the rows the scanner writes (`dispositivo_id`, `usuario_id`).

let t: TestApp;
let owner: Account;

const night = { fechaInicio: '2026-10-24T18:00:00.000Z', fechaFin: '2026-10-25T06:00:00.000Z' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
});
afterAll(async () => {
  await t?.close();
});

async function insertPerson(nombre: string, apellido: string | null) {
  const [row] = await t.db
    .insert(users)
    .values({ email: uniqueEmail('barra'), nombre, apellido, rol: 'scanner', passwordHash: 'sin-contraseña' })
    .returning();
  return row!;
}

async function insertDevice(
  eventoId: number,
  nombre: string,
  barra: string | null,
  usuarioId: number | null,
) {
  const [row] = await t.db
    .insert(dispositivos)
    .values({ eventoId, tipo: usuarioId ? 'autorizado' : 'enlace', nombre, barra, usuarioId })
    .returning();
  return row!;
}

/** A drink as the scanner records it: who served it, when. */
interface Drink {
  dispositivoId: number | null;
  usuarioId: number | null;
  at: string;
}

/** A scan-log row: a refusal unless `allowed`; an undo when `accion` says so. */
interface Scan {
  dispositivoId: number | null;
  usuarioId: number | null;
  allowed?: boolean;
  accion?: 'consumo' | 'deshacer';
}

async function insertDrinks(eventoId: number, ticketId: number, drinks: readonly Drink[]) {
  const ids: number[] = [];
  for (const drink of drinks) {
    const [row] = await t.db
      .insert(consumos)
      .values({
        eventoId,
        ticketId,
        tipoBebida: 'copa',
        barra: 'Terraza',
        timestamp: new Date(drink.at),
        ...drink,
      })
      .returning({ id: consumos.id });
    ids.push(row!.id);
  }
  return ids;
}

async function insertScans(eventoId: number, scans: readonly Scan[]) {
  for (const scan of scans) {
    const allowed = scan.allowed ?? false;
    await t.db.insert(scanLog).values({
      eventoId,
      accion: scan.accion ?? 'consumo',
      qrCode: 'codigo-qr-secreto',
      tipoBebida: 'copa',
      allowed,
      reason: allowed ? 'ok' : 'agotado',
      response: { reason: allowed ? 'ok' : 'agotado' },
      dispositivoId: scan.dispositivoId,
      usuarioId: scan.usuarioId,
    });
  }
}

/** Drinks per calendar minute (UTC), the busiest minute of a list of instants. */
function busiestMinute(instants: readonly string[]) {
  const perMinute = new Map<string, number>();
  for (const at of instants) {
    const minute = new Date(at).toISOString().slice(0, 16);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  return Math.max(0, ...perMinute.values());
}

/** What the statistics must say, recounted here from the rows the test wrote. */
function recount(
  devices: readonly (typeof dispositivos.$inferSelect)[],
  people: readonly (typeof users.$inferSelect)[],
  drinks: readonly Drink[],
  scans: readonly Scan[],
) {
  const refusal = (scan: Scan) => !scan.allowed && (scan.accion ?? 'consumo') === 'consumo';
  const porDispositivo: DispositivoStats[] = devices
    .map((device) => {
      const served = drinks.filter((drink) => drink.dispositivoId === device.id);
      return {
        dispositivoId: device.id,
        nombre: device.nombre,
        barra: device.barra,
        consumos: served.length,
        rechazos: scans.filter((scan) => scan.dispositivoId === device.id && refusal(scan)).length,
        maxPorMinuto: busiestMinute(served.map((drink) => drink.at)),
      };
    })
    .filter((row) => row.consumos + row.rechazos > 0);
  const porPersona: PersonaStats[] = people
    .map((person) => ({
      usuarioId: person.id,
      nombre: [person.nombre, person.apellido].filter(Boolean).join(' '),
      consumos: drinks.filter((drink) => drink.dispositivoId !== null && drink.usuarioId === person.id)
        .length,
      rechazos: scans.filter(
        (scan) => scan.dispositivoId !== null && scan.usuarioId === person.id && refusal(scan),
      ).length,
    }))
    .filter((row) => row.consumos + row.rechazos > 0);
  const order = (a: PersonaStats | DispositivoStats, b: PersonaStats | DispositivoStats) =>
    b.consumos - a.consumos || b.rechazos - a.rechazos || a.nombre.localeCompare(b.nombre, 'es');
  return { porDispositivo: porDispositivo.sort(order), porPersona: porPersona.sort(order) };
}

async function statsOf(eventoId: number): Promise<EventStats> {
  const res = await call(t, owner, 'GET', `/api/stats/${eventoId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventStats>();
}

async function eventWithTicket(nombre: string) {
  const evento = await createEvent(t, owner, { nombre, ...night });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'Barra libre',
    modo: 'temporal',
    maxDrinks: null,
  });
  const order = await insertOrder(t.db, evento.id);
  const ticket = await insertTicket(t.db, order.id, tipo.id);
  return { evento, ticket };
}

describe('GET /api/stats/{eventoId}: porDispositivo and porPersona', () => {
  it('count each device’s and each person’s drinks, refusals and busiest minute from the stored rows', async () => {
    const { evento, ticket } = await eventWithTicket('Noche de los dispositivos');
    const lucia = await insertPerson('Lucía', 'Fernández');
    const mario = await insertPerson('Mario', null);
    const idle = await insertPerson('Sin Turno', 'Nadie');
    const terraza = await insertDevice(evento.id, 'Móvil Terraza', 'Terraza', lucia.id);
    const pista = await insertDevice(evento.id, 'Tablet Pista', null, mario.id);
    const link = await insertDevice(evento.id, 'Enlace de la barra', 'Barra 1', null);
    const refusing = await insertDevice(evento.id, 'Móvil Puerta', 'Puerta', mario.id);
    await insertDevice(evento.id, 'Móvil de reserva', 'Terraza', idle.id); // paired, never scanned

    const drinks: Drink[] = [
      // Terraza: 2 drinks in 21:00 and 3 in 21:01 — five within one minute, but the busiest
      // calendar minute holds 3.
      { dispositivoId: terraza.id, usuarioId: lucia.id, at: '2026-10-24T21:00:40.000Z' },
      { dispositivoId: terraza.id, usuarioId: lucia.id, at: '2026-10-24T21:00:59.999Z' },
      { dispositivoId: terraza.id, usuarioId: lucia.id, at: '2026-10-24T21:01:00.000Z' },
      { dispositivoId: terraza.id, usuarioId: lucia.id, at: '2026-10-24T21:01:20.000Z' },
      { dispositivoId: terraza.id, usuarioId: lucia.id, at: '2026-10-24T21:01:40.000Z' },
      // Pista changes hands within 22:00 (Lucía, then Mario): that minute is 3 for the device.
      { dispositivoId: pista.id, usuarioId: lucia.id, at: '2026-10-24T22:00:05.000Z' },
      { dispositivoId: pista.id, usuarioId: mario.id, at: '2026-10-24T22:00:30.000Z' },
      { dispositivoId: pista.id, usuarioId: mario.id, at: '2026-10-24T22:00:50.000Z' },
      { dispositivoId: pista.id, usuarioId: mario.id, at: '2026-10-24T23:10:00.000Z' },
      // A link device has no person.
      { dispositivoId: link.id, usuarioId: null, at: '2026-10-24T23:00:00.000Z' },
      // Older data: no device, so in no row (not even with a person).
      { dispositivoId: null, usuarioId: null, at: '2026-10-24T21:00:45.000Z' },
      { dispositivoId: null, usuarioId: lucia.id, at: '2026-10-24T21:00:50.000Z' },
    ];
    await insertDrinks(evento.id, ticket.id, drinks);
    const scans: Scan[] = [
      { dispositivoId: terraza.id, usuarioId: lucia.id },
      { dispositivoId: terraza.id, usuarioId: lucia.id },
      { dispositivoId: refusing.id, usuarioId: mario.id },
      // Allowed scans and undos are no refusals; a refusal without a device is older data.
      { dispositivoId: terraza.id, usuarioId: lucia.id, allowed: true },
      { dispositivoId: pista.id, usuarioId: mario.id, allowed: true, accion: 'deshacer' },
      { dispositivoId: null, usuarioId: null },
    ];
    await insertScans(evento.id, scans);

    const stats = await statsOf(evento.id);
    const expected = recount([terraza, pista, link, refusing], [lucia, mario, idle], drinks, scans);
    expect(stats.porDispositivo).toEqual(expected.porDispositivo);
    expect(stats.porPersona).toEqual(expected.porPersona);
    // The same figures written out, so a mistake shared by the recount cannot hide.
    expect(stats.porDispositivo).toEqual([
      {
        dispositivoId: terraza.id,
        nombre: 'Móvil Terraza',
        barra: 'Terraza',
        consumos: 5,
        rechazos: 2,
        maxPorMinuto: 3,
      },
      {
        dispositivoId: pista.id,
        nombre: 'Tablet Pista',
        barra: null,
        consumos: 4,
        rechazos: 0,
        maxPorMinuto: 3,
      },
      {
        dispositivoId: link.id,
        nombre: 'Enlace de la barra',
        barra: 'Barra 1',
        consumos: 1,
        rechazos: 0,
        maxPorMinuto: 1,
      },
      {
        dispositivoId: refusing.id,
        nombre: 'Móvil Puerta',
        barra: 'Puerta',
        consumos: 0,
        rechazos: 1,
        maxPorMinuto: 0,
      },
    ]);
    expect(stats.porPersona).toEqual([
      { usuarioId: lucia.id, nombre: 'Lucía Fernández', consumos: 6, rechazos: 2 },
      { usuarioId: mario.id, nombre: 'Mario', consumos: 3, rechazos: 1 },
    ]);
    // Every drink with a device is in one device's row; the totals still count them all.
    expect(stats.totalConsumos).toBe(drinks.length);
  });

  it('take an undone drink away from its device and person, and count the undo as no refusal', async () => {
    const { evento, ticket } = await eventWithTicket('Noche de los deshechos');
    const ana = await insertPerson('Ana', 'Ruiz');
    const device = await insertDevice(evento.id, 'Móvil Ana', 'Barra 2', ana.id);
    const served: Drink[] = [
      { dispositivoId: device.id, usuarioId: ana.id, at: '2026-10-24T20:10:00.000Z' },
      { dispositivoId: device.id, usuarioId: ana.id, at: '2026-10-24T20:10:10.000Z' },
      { dispositivoId: device.id, usuarioId: ana.id, at: '2026-10-24T20:30:00.000Z' },
    ];
    const [, undoneId] = await insertDrinks(evento.id, ticket.id, served);
    const before = await statsOf(evento.id);
    expect(before.porDispositivo).toEqual([
      {
        dispositivoId: device.id,
        nombre: 'Móvil Ana',
        barra: 'Barra 2',
        consumos: 3,
        rechazos: 0,
        maxPorMinuto: 2,
      },
    ]);

    // An undo deletes the drink and writes an undo row (docs/rules/offline-and-field.md).
    await t.db.delete(consumos).where(eq(consumos.id, undoneId!));
    const undo: Scan = { dispositivoId: device.id, usuarioId: ana.id, allowed: true, accion: 'deshacer' };
    await insertScans(evento.id, [undo]);

    const stats = await statsOf(evento.id);
    const expected = recount([device], [ana], [served[0]!, served[2]!], [undo]);
    expect(stats.porDispositivo).toEqual(expected.porDispositivo);
    expect(stats.porDispositivo).toEqual([
      {
        dispositivoId: device.id,
        nombre: 'Móvil Ana',
        barra: 'Barra 2',
        consumos: 2,
        rechazos: 0,
        maxPorMinuto: 1,
      },
    ]);
    expect(stats.porPersona).toEqual([{ usuarioId: ana.id, nombre: 'Ana Ruiz', consumos: 2, rechazos: 0 }]);
  });

  it('list only the event’s own devices, and none for an event without devices', async () => {
    const { evento, ticket } = await eventWithTicket('Noche propia');
    const { evento: other, ticket: otherTicket } = await eventWithTicket('Noche ajena');
    const pablo = await insertPerson('Pablo', 'Sanz');
    const mine = await insertDevice(evento.id, 'Móvil propio', 'Barra 1', pablo.id);
    const theirs = await insertDevice(other.id, 'Móvil ajeno', 'Barra 1', pablo.id);
    await insertDrinks(evento.id, ticket.id, [
      { dispositivoId: mine.id, usuarioId: pablo.id, at: '2026-10-24T20:00:00.000Z' },
    ]);
    await insertDrinks(other.id, otherTicket.id, [
      { dispositivoId: theirs.id, usuarioId: pablo.id, at: '2026-10-24T20:00:01.000Z' },
      { dispositivoId: theirs.id, usuarioId: pablo.id, at: '2026-10-24T20:00:02.000Z' },
    ]);
    await insertScans(other.id, [{ dispositivoId: theirs.id, usuarioId: pablo.id }]);
    // A row of this event naming the other event's device (never written by the scanner) is in no row.
    await insertDrinks(evento.id, ticket.id, [
      { dispositivoId: theirs.id, usuarioId: pablo.id, at: '2026-10-24T20:00:03.000Z' },
    ]);
    await insertScans(evento.id, [{ dispositivoId: theirs.id, usuarioId: pablo.id }]);

    const stats = await statsOf(evento.id);
    expect(stats.porDispositivo).toEqual([
      {
        dispositivoId: mine.id,
        nombre: 'Móvil propio',
        barra: 'Barra 1',
        consumos: 1,
        rechazos: 0,
        maxPorMinuto: 1,
      },
    ]);
    expect(stats.porPersona).toEqual([
      { usuarioId: pablo.id, nombre: 'Pablo Sanz', consumos: 1, rechazos: 0 },
    ]);
    expect((await statsOf(other.id)).porDispositivo).toEqual([
      {
        dispositivoId: theirs.id,
        nombre: 'Móvil ajeno',
        barra: 'Barra 1',
        consumos: 2,
        rechazos: 1,
        maxPorMinuto: 2,
      },
    ]);

    const { evento: empty } = await eventWithTicket('Noche sin dispositivos');
    expect(await statsOf(empty.id)).toMatchObject({ porDispositivo: [], porPersona: [] });
  });
});
