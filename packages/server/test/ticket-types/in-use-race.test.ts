import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { tickets, tiposTicket } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

// A ticket issued while its type is being deleted or moved: the "in use?" check and the write are
// one transaction with the type's row locked, and the foreign key maps to 409 — never a 500.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const typeExists = async (id: number) =>
  (await t.db.select().from(tiposTicket).where(eq(tiposTicket.id, id))).length === 1;
const ticketsOf = async (id: number) =>
  (await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, id))).length;

/** Runs `work` inside a transaction that has issued a ticket of `typeId` and stays open until released. */
function openTicketTransaction(db: Db, pedidoId: number, typeId: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const ready = new Promise<void>((resolve) => (inserted = resolve));
  const done = db.transaction(async (tx) => {
    await insertTicket(tx as unknown as Db, pedidoId, typeId);
    inserted();
    await held;
  });
  return { ready, release, done };
}

describe('a ticket issued while its type is deleted', () => {
  it('answers 409 and keeps the type when the ticket commits while the delete waits', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    const pedido = await insertOrder(t.db, evento.id);
    const issuing = openTicketTransaction(t.db, pedido.id, tipo.id);
    await issuing.ready;

    const deleting = call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    issuing.release();
    await issuing.done;

    expectApiError(await deleting, 409, 'conflict');
    expect(await typeExists(tipo.id)).toBe(true);
    expect(await ticketsOf(tipo.id)).toBe(1);
  });

  it('never answers 500 and never leaves a ticket without its type, over 15 simultaneous races', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, async (_, n) => {
        const tipo = await createTicketType(t, organizer, evento, { nombre: `Carrera ${n}` });
        const pedido = await insertOrder(t.db, evento.id);
        const [deleted, issued] = await Promise.allSettled([
          call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`),
          insertTicket(t.db, pedido.id, tipo.id),
        ]);
        return { tipo, deleted, issued };
      }),
    );

    for (const { tipo, deleted, issued } of outcomes) {
      expect(deleted.status).toBe('fulfilled');
      const status = deleted.status === 'fulfilled' ? deleted.value.statusCode : 0;
      expect([200, 409]).toContain(status);
      if (status === 200) {
        expect(issued.status).toBe('rejected');
        expect(await typeExists(tipo.id)).toBe(false);
      } else {
        expect(issued.status).toBe('fulfilled');
        expect(await typeExists(tipo.id)).toBe(true);
      }
    }
  });
});

describe('a ticket issued while its type moves to another event', () => {
  it('answers 409 and keeps the type in its event', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const otro = await createEvent(t, organizer, { nombre: 'Otro evento' });
    const tipo = await createTicketType(t, organizer, evento);
    const pedido = await insertOrder(t.db, evento.id);
    const issuing = openTicketTransaction(t.db, pedido.id, tipo.id);
    await issuing.ready;

    const moving = call(t, organizer, 'PUT', `/api/tipos-ticket/${tipo.id}`, ticketTypeBody(otro, {}));
    await new Promise((resolve) => setTimeout(resolve, 200));
    issuing.release();
    await issuing.done;

    expectApiError(await moving, 409, 'conflict');
    const [stored] = await t.db.select().from(tiposTicket).where(eq(tiposTicket.id, tipo.id));
    expect(stored!.eventoId).toBe(evento.id);
  });
});
