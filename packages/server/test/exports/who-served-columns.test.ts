import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, dispositivos, scanLog, users } from '../../src/db/schema';
import { EXPORT_BATCH } from '../../src/modules/exports/service';
import { type Account, signIn } from '../support/accounts';
import { expectCsv, type ExportName, getExport } from '../support/csv-exports';
import { createEvent } from '../support/events';
import { insertTicketType } from '../support/stats-night';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';

// docs/rules/statistics.md (exports), docs/decisions/061: consumos.csv and escaneos.csv name the
// device and the person that served or scanned each row, empty when unknown.

let t: TestApp;
let owner: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
});
afterAll(async () => {
  await t?.close();
});

const download = async (name: ExportName, id: number) =>
  expectCsv(await getExport(t, owner, id, name), `${name}-evento-${id}.csv`);

async function insertPerson(nombre: string, apellido: string | null) {
  const [row] = await t.db
    .insert(users)
    .values({ email: uniqueEmail('barra'), nombre, apellido, rol: 'scanner', passwordHash: 'sin-contraseña' })
    .returning();
  return row!;
}

async function insertDevice(eventoId: number, nombre: string, usuarioId: number | null) {
  const [row] = await t.db
    .insert(dispositivos)
    .values({ eventoId, tipo: usuarioId ? 'autorizado' : 'enlace', nombre, barra: 'Terraza', usuarioId })
    .returning();
  return row!;
}

async function eventWithTicket(nombre: string) {
  const evento = await createEvent(t, owner, {
    nombre,
    fechaInicio: '2026-10-24T18:00:00.000Z',
    fechaFin: '2026-10-25T06:00:00.000Z',
  });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'Libre',
    modo: 'temporal',
    maxDrinks: null,
  });
  const ticket = await insertTicket(t.db, (await insertOrder(t.db, evento.id)).id, tipo.id);
  return { evento, ticket };
}

describe('the Dispositivo and Persona columns', () => {
  it('name the device and the person of each drink and scan; empty for older rows and unknown ids', async () => {
    const { evento, ticket } = await eventWithTicket('Quién sirvió');
    const lucia = await insertPerson('Lucía', 'Fernández');
    const mario = await insertPerson('Mario', null);
    const terraza = await insertDevice(evento.id, 'Móvil; Terraza', lucia.id);
    const formula = await insertDevice(evento.id, '=Tablet', mario.id);
    const link = await insertDevice(evento.id, 'Enlace barra', null);
    const gone = 2_000_000_000; // an id that names no device and no account

    const drink = (minute: number, dispositivoId: number | null, usuarioId: number | null) => ({
      eventoId: evento.id,
      ticketId: ticket.id,
      tipoBebida: 'copa',
      barra: 'Terraza',
      timestamp: new Date(`2026-10-24T20:0${minute}:00Z`),
      dispositivoId,
      usuarioId,
    });
    await t.db
      .insert(consumos)
      .values([
        drink(1, terraza.id, lucia.id),
        drink(2, formula.id, mario.id),
        drink(3, link.id, null),
        drink(4, null, null),
        drink(5, gone, gone),
      ]);
    const scan = (
      minute: number,
      allowed: boolean,
      dispositivoId: number | null,
      usuarioId: number | null,
    ) => ({
      eventoId: evento.id,
      ticketId: ticket.id,
      qrCode: 'codigo-qr-secreto',
      tipoBebida: 'copa',
      barra: 'Terraza',
      allowed,
      reason: allowed ? 'ok' : 'agotado',
      response: {},
      createdAt: new Date(`2026-10-24T20:0${minute}:00Z`),
      dispositivoId,
      usuarioId,
    });
    await t.db
      .insert(scanLog)
      .values([
        scan(1, true, terraza.id, lucia.id),
        scan(2, false, formula.id, mario.id),
        scan(3, false, null, null),
      ]);

    const [drinkHeader, ...drinks] = await download('consumos', evento.id);
    expect(drinkHeader!.slice(-3)).toEqual(['Offline', 'Dispositivo', 'Persona']);
    expect(drinks.map((row) => row.slice(-2))).toEqual([
      ['Móvil; Terraza', 'Lucía Fernández'],
      ["'=Tablet", 'Mario'], // a name that reads as a formula stays text
      ['Enlace barra', ''],
      ['', ''],
      ['', ''],
    ]);

    const [scanHeader, ...scans] = await download('escaneos', evento.id);
    expect(scanHeader!.slice(5, 8)).toEqual(['Barra', 'Dispositivo', 'Persona']);
    expect(scans.map((row) => [row[2], ...row.slice(6, 8)])).toEqual([
      ['Permitido', 'Móvil; Terraza', 'Lucía Fernández'],
      ['Rechazado', "'=Tablet", 'Mario'],
      ['Rechazado', '', ''],
    ]);
  });

  it('name a device first seen in a later batch of a long download', async () => {
    const { evento, ticket } = await eventWithTicket('Descarga larga');
    const first = await insertDevice(evento.id, 'Móvil temprano', null);
    const late = await insertDevice(evento.id, 'Móvil tardío', null);
    const rows = EXPORT_BATCH.first + 5;
    await t.db.execute(sql`
      insert into consumos (evento_id, ticket_id, tipo_bebida, "timestamp", dispositivo_id)
      select ${evento.id}, ${ticket.id}, 'copa', timestamptz '2026-10-24T20:00:00Z' + g * interval '1 second',
             case when g = ${rows} then ${late.id}::int else ${first.id}::int end
      from generate_series(1, ${rows}) g`);

    const [, ...drinks] = await download('consumos', evento.id);
    expect(drinks).toHaveLength(rows);
    expect(drinks[0]!.at(-2)).toBe('Móvil temprano');
    expect(drinks.at(-1)!.at(-2)).toBe('Móvil tardío');
  });
});
