import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, pedidos } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertConsumo, seedNight } from '../support/stats-night';

let t: TestApp;
let owner: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
});
afterAll(async () => {
  await t?.close();
});

const night = { fechaInicio: '2026-10-24T18:00:00.000Z', fechaFin: '2026-10-25T06:00:00.000Z' };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** What the trigger keeps, and the same figures counted from the consumptions themselves. */
async function countersAndTruth(eventoId: number) {
  const kept = await rows<{ key: string; n: number }>(sql`
    select concat_ws('|', bloque::text, tipo_bebida, barra) as key, sum(consumos)::int as n
    from consumo_counters where evento_id = ${eventoId}
    group by 1 having sum(consumos) <> 0 order by 1`);
  const counted = await rows<{ key: string; n: number }>(sql`
    select concat_ws('|', date_bin('15 minutes', "timestamp", timestamptz '2000-01-01 00:00:00+00')::text,
                     tipo_bebida, coalesce(barra, '')) as key, count(*)::int as n
    from consumos where evento_id = ${eventoId} group by 1 order by 1`);
  const usedKept = await rows<{ id: number; n: number }>(sql`
    select t.id, t.consumos_usados as n from tickets t join pedidos p on p.id = t.pedido_id
    where p.evento_id = ${eventoId} order by 1`);
  const usedCounted = await rows<{ id: number; n: number }>(sql`
    select t.id, (select count(*)::int from consumos c where c.ticket_id = t.id) as n
    from tickets t join pedidos p on p.id = t.pedido_id where p.evento_id = ${eventoId} order by 1`);
  return { kept, counted, usedKept, usedCounted };
}

async function expectCountersTrue(eventoId: number) {
  const { kept, counted, usedKept, usedCounted } = await countersAndTruth(eventoId);
  expect(kept).toEqual(counted);
  expect(usedKept).toEqual(usedCounted);
}

describe('consumption counters (trigger consumos_count)', () => {
  it('count each insert per quarter hour, drink and bar, and each ticket’s drinks', async () => {
    const evento = await createEvent(t, owner, { nombre: 'Contadores', ...night });
    const { tickets } = await seedNight(t.db, evento);
    await expectCountersTrue(evento.id);

    const { usedKept } = await countersAndTruth(evento.id);
    expect(usedKept.find((row) => row.id === tickets.E.id)?.n).toBe(3);
    expect(usedKept.find((row) => row.id === tickets.G.id)?.n).toBe(0);
  });

  it('take away deleted drinks (an undo) and move updated ones', async () => {
    const evento = await createEvent(t, owner, { nombre: 'Contadores que cambian', ...night });
    const { tickets } = await seedNight(t.db, evento);

    const [first] = await t.db.select().from(consumos).where(eq(consumos.ticketId, tickets.E.id)).limit(1);
    await t.db.delete(consumos).where(eq(consumos.id, first!.id));
    await expectCountersTrue(evento.id);

    await t.db
      .update(consumos)
      .set({
        tipoBebida: 'vino',
        barra: 'Terraza',
        timestamp: new Date('2026-10-25T03:20:00Z'),
        ticketId: tickets.G.id,
      })
      .where(eq(consumos.ticketId, tickets.A.id));
    await expectCountersTrue(evento.id);
  });

  it('stay true when a whole order and its drinks are deleted', async () => {
    const evento = await createEvent(t, owner, { nombre: 'Pedido borrado', ...night });
    const { tickets } = await seedNight(t.db, evento);
    const [ticket] = await rows<{ pedido_id: number }>(
      sql`select pedido_id from tickets where id = ${tickets.A.id}`,
    );

    await t.db.delete(pedidos).where(eq(pedidos.id, ticket!.pedido_id));

    await expectCountersTrue(evento.id);
  });

  it('lose no drink when many are recorded at once on the same bar, drink and quarter hour', async () => {
    const evento = await createEvent(t, owner, { nombre: 'Hora punta', ...night });
    const { tickets } = await seedNight(t.db, evento);
    const ticketIds = Object.values(tickets).map((ticket) => ticket.id);

    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await insertConsumo(
            tx as never,
            evento.id,
            ticketIds[i % ticketIds.length]!,
            '2026-10-25T01:05:00Z',
            'cerveza',
            'Barra 1',
          );
        }),
      ),
    );

    await expectCountersTrue(evento.id);
    const [total] = await rows<{ n: number }>(
      sql`select sum(consumos)::int as n from consumo_counters where evento_id = ${evento.id}`,
    );
    expect(total?.n).toBe(50);
  });
});
