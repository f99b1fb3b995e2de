import { DEMO_PASSWORD, demoUsers } from '@drinkflow/domain/config';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { consumos, eventos, pedidos, tickets, tiposTicket, users } from '../../src/db/schema';
import { seedDemo } from '../../src/db/seed-demo';
import { createUser, login } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

async function counts() {
  const total = async (
    table:
      typeof users | typeof eventos | typeof tiposTicket | typeof pedidos | typeof tickets | typeof consumos,
  ) => {
    const [row] = await t.db.select({ n: count() }).from(table);
    return row!.n;
  };
  return {
    users: await total(users),
    eventos: await total(eventos),
    tiposTicket: await total(tiposTicket),
    pedidos: await total(pedidos),
    tickets: await total(tickets),
    consumos: await total(consumos),
  };
}

describe('seedDemo', () => {
  it('fills an empty database with the three demo users and sample data', async () => {
    expect(await seedDemo(t.db)).toBe(true);

    const seeded = await counts();
    expect(seeded.users).toBe(3);
    expect(seeded.eventos).toBeGreaterThanOrEqual(1);
    expect(seeded.tiposTicket).toBeGreaterThanOrEqual(seeded.eventos);
    expect(seeded.pedidos).toBeGreaterThan(0);
    expect(seeded.tickets).toBeGreaterThanOrEqual(seeded.pedidos);
    expect(seeded.consumos).toBeGreaterThan(0);
  });

  it('lets each demo user sign in with the shared password and the right role', async () => {
    for (const demoUser of demoUsers) {
      const res = await login(t.app, { email: demoUser.email, password: DEMO_PASSWORD }, uniqueAddress());

      expect(res.statusCode, demoUser.email).toBe(200);
      expect(res.json().user).toMatchObject({
        email: demoUser.email,
        rol: demoUser.rol,
        nombre: demoUser.nombre,
      });
    }
  });

  it("puts the bar staff account on the wedding's and the festival's teams, so its home lists them", async () => {
    const staff = demoUsers.find((demoUser) => demoUser.rol === 'scanner')!;
    const res = await login(t.app, { email: staff.email, password: DEMO_PASSWORD }, uniqueAddress());
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/barra/eventos',
      headers: { authorization: `Bearer ${res.json().token}` },
    });

    expect(events.statusCode).toBe(200);
    expect(
      events.json().map((evento: { nombre: string; rol: string }) => [evento.nombre, evento.rol]),
    ).toEqual([
      ['Boda de Lucía y Hugo', 'barra'],
      ['Festival de Verano', 'barra'],
    ]);
  });

  it('gives the festival the three bars its notes name, a pass valid only at VIP and a per-day limit', async () => {
    const [festival] = await t.db.select().from(eventos).where(eq(eventos.nombre, 'Festival de Verano'));
    expect(festival!.notas).toMatch(/^Tres barras: principal, VIP y terraza\./);
    expect(festival!.barras).toEqual(['Barra Principal', 'VIP', 'Terraza']);
    expect(festival!.fechaFin.getTime() - festival!.fechaInicio.getTime()).toBeGreaterThan(
      2 * 24 * 3_600_000,
    );

    const types = await t.db
      .select({
        nombre: tiposTicket.nombre,
        barrasPermitidas: tiposTicket.barrasPermitidas,
        maxDrinksPerDay: tiposTicket.maxDrinksPerDay,
      })
      .from(tiposTicket)
      .where(eq(tiposTicket.eventoId, festival!.id))
      .orderBy(asc(tiposTicket.id));
    expect(types).toEqual([
      { nombre: 'Abono 3 días', barrasPermitidas: null, maxDrinksPerDay: 4 },
      { nombre: 'Pase VIP', barrasPermitidas: ['VIP'], maxDrinksPerDay: 5 },
      { nombre: 'Bono 4 Copas', barrasPermitidas: null, maxDrinksPerDay: null },
    ]);
    // Every type is sold: the festival's orders hold tickets of each.
    const sold = await t.db
      .selectDistinct({ id: tickets.ticketTypeId })
      .from(tickets)
      .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
      .where(eq(tiposTicket.eventoId, festival!.id));
    expect(sold).toHaveLength(3);
  });

  it('spreads the consumptions over several hours', async () => {
    const hours = await t.db
      .selectDistinct({ hour: sql<string>`date_trunc('hour', ${consumos.timestamp})` })
      .from(consumos);

    expect(hours.length).toBeGreaterThan(1);
  });

  it('respects the ticket types: no more drinks than maxDrinks, none on an invalidated ticket', async () => {
    const perTicket = await t.db
      .select({
        estado: tickets.estado,
        maxDrinks: tiposTicket.maxDrinks,
        drinks: count(consumos.id),
      })
      .from(tickets)
      .innerJoin(tiposTicket, sql`${tiposTicket.id} = ${tickets.ticketTypeId}`)
      .leftJoin(consumos, sql`${consumos.ticketId} = ${tickets.id}`)
      .groupBy(tickets.id, tickets.estado, tiposTicket.maxDrinks);

    // Guard against passing on an empty seed: the rules below must have something to hold for.
    expect(perTicket.length).toBeGreaterThan(0);
    expect(perTicket.some((ticket) => ticket.estado === 'invalidado')).toBe(true);
    expect(perTicket.some((ticket) => ticket.maxDrinks !== null && ticket.drinks > 0)).toBe(true);
    for (const ticket of perTicket) {
      if (ticket.maxDrinks !== null) expect(ticket.drinks).toBeLessThanOrEqual(ticket.maxDrinks);
      if (ticket.estado === 'invalidado') expect(ticket.drinks).toBe(0);
    }
  });

  it('does nothing the second time', async () => {
    const before = await counts();

    expect(await seedDemo(t.db)).toBe(false);

    expect(await counts()).toEqual(before);
  });

  it('does nothing on a database that already has a user', async () => {
    let database: Database | undefined;
    try {
      database = await openTestDatabase();
      await createUser(database.db, { rol: 'admin' });

      expect(await seedDemo(database.db)).toBe(false);

      const [row] = await database.db.select({ n: count() }).from(eventos);
      expect(row!.n).toBe(0);
    } finally {
      await database?.close();
    }
  });
});
