import type { AdminSummary } from '@drinkflow/domain/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, pedidos, tiposTicket, users } from '../../src/db/schema';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import { HOUR, MINUTE } from '../support/time';
import { insertDemoRequest, insertEvent, insertUser } from './fixtures';

// A hand-built database: every figure of the dashboard is known in advance.

let t: TestApp;
let admin: Account;
/** The fixture's happenings start here, one minute apart, so their order is known. */
const base = Date.now() - 2 * HOUR;
const at = (minutes: number) => new Date(base + minutes * MINUTE);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, 'admin', 'Ana');
  // The admin's account is older than everything else in the fixture.
  await t.db.update(users).set({ createdAt: new Date(base - 24 * HOUR) });

  const olga = await insertUser(t.db, { nombre: 'Olga', apellido: 'Ruiz', createdAt: at(1) });
  await insertUser(t.db, { nombre: 'Pedro', apellido: null, createdAt: at(2) });
  await insertUser(t.db, { nombre: 'Inés', rol: 'organizer', activo: false, createdAt: at(3) });
  await insertUser(t.db, { nombre: 'Bea', rol: 'scanner', createdAt: at(4) });

  const now = Date.now();
  // Active: started an hour ago, ends in five hours.
  const boda = await insertEvent(t.db, olga.id, {
    nombre: 'Boda de Marta',
    start: new Date(now - HOUR),
    end: new Date(now + 5 * HOUR),
    createdAt: at(5),
  });
  // Active too: started yesterday, ends in a minute.
  await insertEvent(t.db, olga.id, {
    nombre: 'Festival largo',
    start: new Date(now - 24 * HOUR),
    end: new Date(now + 10 * MINUTE),
    createdAt: at(6),
  });
  // Upcoming and finished: not active.
  await insertEvent(t.db, olga.id, {
    nombre: 'Cumpleaños de Leo',
    start: new Date(now + 24 * HOUR),
    end: new Date(now + 30 * HOUR),
    createdAt: at(7),
  });
  await insertEvent(t.db, olga.id, {
    nombre: 'Cena de empresa',
    start: new Date(now - 30 * HOUR),
    end: new Date(now - 24 * HOUR),
    createdAt: at(8),
  });

  const [tipo] = await t.db
    .insert(tiposTicket)
    .values({
      eventoId: boda.id,
      nombre: 'General',
      modo: 'por_cantidad',
      maxDrinks: 5,
      drinkType: 'todo',
      validoDesde: boda.fechaInicio,
      validoHasta: boda.fechaFin,
    })
    .returning();
  const pedido = await insertOrder(t.db, boda.id, 'Carlos Ruiz');
  await t.db
    .update(pedidos)
    .set({ createdAt: at(9) })
    .where(eq(pedidos.id, pedido.id));
  const ticket = await insertTicket(t.db, pedido.id, tipo!.id);
  await t.db.insert(consumos).values([
    { eventoId: boda.id, ticketId: ticket.id, tipoBebida: 'copa', barra: 'Barra 1', timestamp: at(10) },
    { eventoId: boda.id, ticketId: ticket.id, tipoBebida: 'cerveza', barra: null, timestamp: at(11) },
    { eventoId: boda.id, ticketId: ticket.id, tipoBebida: 'copa', barra: 'Barra 2', timestamp: at(12) },
  ]);
  await insertDemoRequest(t.db, { name: 'Carmen Romero', createdAt: at(13) });
  // Dated in the future (as the demo seed's orders of an upcoming event): not activity yet.
  const future = await insertOrder(t.db, boda.id, 'Futuro');
  await t.db
    .update(pedidos)
    .set({ createdAt: new Date(now + 30 * 24 * HOUR) })
    .where(eq(pedidos.id, future.id));
});
afterAll(() => t.close());

async function summary(): Promise<AdminSummary> {
  const res = await call(t, admin, 'GET', '/api/admin/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminSummary>();
}

describe('GET /api/admin/summary', () => {
  it('counts every account, the events running now, the organizers and every drink served', async () => {
    const body = await summary();

    expect(body).toMatchObject({
      // The admin, Olga, Pedro, Inés (disabled, still an account) and Bea.
      usuarios: 5,
      eventosActivos: 2,
      // Olga, Pedro and Inés.
      organizadores: 3,
      consumos: 3,
    });
  });

  it('lists the latest ten happenings of every kind until now, newest first, as sentences with their time', async () => {
    const { actividad } = await summary();

    expect(actividad).toEqual([
      { tipo: 'demo', texto: 'Solicitud de demo de Carmen Romero', fecha: at(13).toISOString() },
      { tipo: 'consumo', texto: 'Consumo de copa en «Boda de Marta» (Barra 2)', fecha: at(12).toISOString() },
      { tipo: 'consumo', texto: 'Consumo de cerveza en «Boda de Marta»', fecha: at(11).toISOString() },
      { tipo: 'consumo', texto: 'Consumo de copa en «Boda de Marta» (Barra 1)', fecha: at(10).toISOString() },
      {
        tipo: 'pedido',
        texto: expect.stringMatching(/^Nuevo pedido #\d+ en «Boda de Marta»$/),
        fecha: at(9).toISOString(),
      },
      { tipo: 'evento', texto: 'Evento creado: «Cena de empresa», de Olga Ruiz', fecha: at(8).toISOString() },
      {
        tipo: 'evento',
        texto: 'Evento creado: «Cumpleaños de Leo», de Olga Ruiz',
        fecha: at(7).toISOString(),
      },
      { tipo: 'evento', texto: 'Evento creado: «Festival largo», de Olga Ruiz', fecha: at(6).toISOString() },
      { tipo: 'evento', texto: 'Evento creado: «Boda de Marta», de Olga Ruiz', fecha: at(5).toISOString() },
      { tipo: 'usuario', texto: 'Nuevo usuario: Bea (Personal de barra)', fecha: at(4).toISOString() },
    ]);
  });

  it('follows what happens next: a new account comes first and is counted', async () => {
    await insertUser(t.db, { nombre: 'Nuria', apellido: 'Vidal', rol: 'organizer' });

    const body = await summary();

    expect(body.usuarios).toBe(6);
    expect(body.organizadores).toBe(4);
    expect(body.actividad).toHaveLength(10);
    expect(body.actividad[0]).toMatchObject({
      tipo: 'usuario',
      texto: 'Nuevo usuario: Nuria Vidal (Organizador)',
    });
  });
});
