import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, dispositivos } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { insertTicketType } from '../support/stats-night';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';

// docs/decisions/061: the `consumos_count` trigger keeps `consumo_dispositivo_counters` (drinks per
// device, person and minute) equal to the drinks themselves, whatever happens to a drink.

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

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A minute as UTC text, whatever the session's time zone. */
const utcMinute = (instant: ReturnType<typeof sql>) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** What the trigger keeps (zero rows left out), and the same figures counted from the drinks. */
async function countersAndTruth(eventoId: number) {
  const kept = await rows<{ key: string; n: number }>(sql`
    select concat_ws('|', dispositivo_id, usuario_id, ${utcMinute(sql`minuto`)}) as key, consumos as n
    from consumo_dispositivo_counters where evento_id = ${eventoId} and consumos <> 0
    order by dispositivo_id, usuario_id, minuto`);
  const counted = await rows<{ key: string; n: number }>(sql`
    select concat_ws('|', dispositivo_id, coalesce(usuario_id, 0),
                     ${utcMinute(sql`date_trunc('minute', "timestamp")`)}) as key,
           count(*)::int as n
    from consumos where evento_id = ${eventoId} and dispositivo_id is not null
    group by dispositivo_id, coalesce(usuario_id, 0), date_trunc('minute', "timestamp")
    order by dispositivo_id, coalesce(usuario_id, 0), date_trunc('minute', "timestamp")`);
  return { kept, counted };
}

async function expectCountersTrue(eventoId: number) {
  const { kept, counted } = await countersAndTruth(eventoId);
  expect(kept).toEqual(counted);
  return kept;
}

async function eventWithDevices(nombre: string) {
  const evento = await createEvent(t, owner, { nombre, ...night });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'Barra libre',
    modo: 'temporal',
    maxDrinks: null,
  });
  const ticket = await insertTicket(t.db, (await insertOrder(t.db, evento.id)).id, tipo.id);
  const [terraza, enlace] = await t.db
    .insert(dispositivos)
    .values([
      {
        eventoId: evento.id,
        tipo: 'autorizado',
        nombre: 'Móvil Terraza',
        barra: 'Terraza',
        usuarioId: owner.user.id,
      },
      { eventoId: evento.id, tipo: 'enlace', nombre: 'Enlace', barra: 'Barra 1' },
    ])
    .returning();
  return { evento, ticket, terraza: terraza!, enlace: enlace! };
}

describe('per-device counters (trigger consumos_count, consumo_dispositivo_counters)', () => {
  it('count inserts, take away undone drinks and move a drink whose time or device changes', async () => {
    const { evento, ticket, terraza, enlace } = await eventWithDevices('Contadores por dispositivo');
    const drink = (dispositivoId: number | null, usuarioId: number | null, at: string) => ({
      eventoId: evento.id,
      ticketId: ticket.id,
      tipoBebida: 'copa',
      barra: 'Terraza',
      timestamp: new Date(at),
      dispositivoId,
      usuarioId,
    });
    const inserted = await t.db
      .insert(consumos)
      .values([
        drink(terraza.id, owner.user.id, '2026-10-24T21:00:10.000Z'),
        drink(terraza.id, owner.user.id, '2026-10-24T21:00:50.000Z'),
        drink(terraza.id, owner.user.id, '2026-10-24T21:01:00.000Z'),
        drink(enlace.id, null, '2026-10-24T21:00:20.000Z'),
        drink(null, null, '2026-10-24T21:00:30.000Z'), // older than devices: not counted here
      ])
      .returning({ id: consumos.id });
    const ids = inserted.map((row) => row.id);
    expect(await expectCountersTrue(evento.id)).toEqual([
      { key: `${terraza.id}|${owner.user.id}|2026-10-24 21:00:00`, n: 2 },
      { key: `${terraza.id}|${owner.user.id}|2026-10-24 21:01:00`, n: 1 },
      { key: `${enlace.id}|0|2026-10-24 21:00:00`, n: 1 },
    ]);

    // An undo deletes the drink.
    await t.db.delete(consumos).where(eq(consumos.id, ids[1]!));
    await expectCountersTrue(evento.id);

    // A drink moved to another minute, one moved to another device, one that gains a device.
    await t.db
      .update(consumos)
      .set({ timestamp: new Date('2026-10-24T23:45:00.000Z') })
      .where(eq(consumos.id, ids[0]!));
    await t.db
      .update(consumos)
      .set({ dispositivoId: enlace.id, usuarioId: null })
      .where(eq(consumos.id, ids[2]!));
    await t.db
      .update(consumos)
      .set({ dispositivoId: terraza.id, usuarioId: owner.user.id })
      .where(eq(consumos.id, ids[4]!));
    expect(await expectCountersTrue(evento.id)).toEqual([
      { key: `${terraza.id}|${owner.user.id}|2026-10-24 21:00:00`, n: 1 },
      { key: `${terraza.id}|${owner.user.id}|2026-10-24 23:45:00`, n: 1 },
      { key: `${enlace.id}|0|2026-10-24 21:00:00`, n: 1 },
      { key: `${enlace.id}|0|2026-10-24 21:01:00`, n: 1 },
    ]);

    // A bar renamed keeps every drink where it was.
    await t.db.update(consumos).set({ barra: 'Terraza alta' }).where(eq(consumos.eventoId, evento.id));
    await expectCountersTrue(evento.id);

    // A drink that loses its device leaves the counters; deleting the event takes them with it.
    await t.db.update(consumos).set({ dispositivoId: null }).where(eq(consumos.id, ids[3]!));
    await expectCountersTrue(evento.id);
    await t.db.execute(sql`delete from eventos where id = ${evento.id}`);
    expect(
      await rows(sql`select 1 from consumo_dispositivo_counters where evento_id = ${evento.id}`),
    ).toEqual([]);
  });
});
