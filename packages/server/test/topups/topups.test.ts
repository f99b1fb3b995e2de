import { topUpMessages, type Recarga } from '@drinkflow/domain/topups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recargas } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectValidationError, MISSING_ID } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { newTicket, storedSum, topUp } from './top-up-calls';
import { createTicketType } from '../support/ticket-types';
import { ownedEvent, type OwnedEvent } from '../support/orders';

let t: TestApp;
let owned: OwnedEvent;

beforeAll(async () => {
  t = await createTestApp();
  owned = await ownedEvent(t);
});

afterAll(() => t.close());

describe('POST /api/tickets/{id}/recargas', () => {
  it('stores a top-up and answers 201 with it, the amount as a JSON number', async () => {
    const ticket = await newTicket(t, owned);
    const res = await topUp(t, owned.owner, ticket.id, {
      bebidas: 3,
      importe: 12.5,
      metodo: 'tarjeta',
      nota: '  Pagó en la taquilla  ',
    });

    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Recarga>();
    expect(body).toEqual({
      id: expect.any(Number),
      ticketId: ticket.id,
      bebidas: 3,
      importe: 12.5,
      metodo: 'tarjeta',
      nota: 'Pagó en la taquilla',
      creadoPor: { nombre: 'Dueña' },
      paraHoy: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const [row] = await t.db.select().from(recargas).where(eq(recargas.id, body.id));
    expect(row).toMatchObject({
      eventoId: owned.evento.id,
      bebidas: 3,
      importe: '12.50',
      creadoPor: owned.owner.user.id,
    });
    expect(await storedSum(t, ticket)).toBe(3);
  });

  it('takes only the drinks: amount, method and note are null when left out or sent as null', async () => {
    const ticket = await newTicket(t, owned);
    const res = await topUp(t, owned.owner, ticket.id, {
      bebidas: 1,
      importe: null,
      metodo: null,
      nota: '   ',
    });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bebidas: 1, importe: null, metodo: null, nota: null });
    expect((await topUp(t, owned.owner, ticket.id, { bebidas: 50, importe: 0 })).json()).toMatchObject({
      bebidas: 50,
      importe: 0,
    });
    expect(await storedSum(t, ticket)).toBe(51);
  });

  it('keeps cents exactly (19.99 stays 19.99)', async () => {
    const ticket = await newTicket(t, owned);
    const res = await topUp(t, owned.owner, ticket.id, { bebidas: 2, importe: 19.99, metodo: 'efectivo' });

    expect(res.json()).toMatchObject({ importe: 19.99, metodo: 'efectivo' });
  });

  it('applies to intervalos_controlados tickets too', async () => {
    const tipo = await createTicketType(t, owned.owner, owned.evento, {
      nombre: 'Cada hora',
      modo: 'intervalos_controlados',
      maxDrinks: 5,
      drinkIntervalMinutes: 60,
      durationMinutes: 360,
    });
    const ticket = await newTicket(t, { ...owned, tipo });

    expect((await topUp(t, owned.owner, ticket.id, { bebidas: 2 })).statusCode).toBe(201);
  });

  it.each([
    ['bebidas 0', { bebidas: 0 }, 'bebidas', topUpMessages.bebidas],
    ['bebidas 51', { bebidas: 51 }, 'bebidas', topUpMessages.bebidas],
    ['bebidas 1.5', { bebidas: 1.5 }, 'bebidas', topUpMessages.bebidas],
    ['no bebidas', {}, 'bebidas', topUpMessages.bebidas],
    ['importe -1', { bebidas: 1, importe: -1 }, 'importe', topUpMessages.importe],
    ['importe 1.005', { bebidas: 1, importe: 1.005 }, 'importe', topUpMessages.importeDecimales],
    ["importe 'abc'", { bebidas: 1, importe: 'abc' }, 'importe', topUpMessages.importe],
    ['an unknown method', { bebidas: 1, metodo: 'bizum' }, 'metodo', topUpMessages.metodo],
    ['a note too long', { bebidas: 1, nota: 'x'.repeat(501) }, 'nota', topUpMessages.notaMax],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_name, body, field, message) => {
    const ticket = await newTicket(t, owned);
    const res = await topUp(t, owned.owner, ticket.id, body);

    const error = expectValidationError(res, field);
    expect(error.details).toContainEqual({ field, message });
    expect(await t.db.select().from(recargas).where(eq(recargas.ticketId, ticket.id))).toEqual([]);
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('refuses a NUL character in the note (400 on nota)', async () => {
    const ticket = await newTicket(t, owned);

    expectValidationError(await topUp(t, owned.owner, ticket.id, { bebidas: 1, nota: 'a\u0000b' }), 'nota');
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('refuses a temporal ticket: 400 "Las recargas solo aplican a tickets con límite de bebidas"', async () => {
    const tipo = await createTicketType(t, owned.owner, owned.evento, {
      nombre: 'Barra libre',
      modo: 'temporal',
      maxDrinks: null,
      durationMinutes: 120,
    });
    const ticket = await newTicket(t, { ...owned, tipo });

    const body = expectApiError(
      await topUp(t, owned.owner, ticket.id, { bebidas: 2 }),
      400,
      'validation_error',
    );
    expect(body.message).toBe(topUpMessages.notLimited);
    expect(body.message).toBe('Las recargas solo aplican a tickets con límite de bebidas');
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('refuses an invalidated ticket with a 400 that says so', async () => {
    const ticket = await newTicket(t, owned);
    expect((await call(t, owned.owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`)).statusCode).toBe(
      200,
    );

    const body = expectApiError(
      await topUp(t, owned.owner, ticket.id, { bebidas: 2 }),
      400,
      'validation_error',
    );
    expect(body.message).toBe(topUpMessages.invalidated);
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('lets an admin top up any ticket', async () => {
    const admin = await signIn(t.db, 'admin', 'Administradora');
    const ticket = await newTicket(t, owned);
    const res = await topUp(t, admin, ticket.id, { bebidas: 1 });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ creadoPor: { nombre: 'Administradora' } });
  });

  it('answers 404 for another organizer (never revealing the ticket) and an unknown ticket', async () => {
    const stranger = await signIn(t.db, 'organizer');
    const ticket = await newTicket(t, owned);

    expectApiError(await topUp(t, stranger, ticket.id, { bebidas: 1 }), 404, 'not_found');
    expectApiError(await topUp(t, owned.owner, MISSING_ID, { bebidas: 1 }), 404, 'not_found');
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('answers 403 to bar staff and 401 without a session, before looking at the body', async () => {
    const bar = await signIn(t.db, 'scanner');
    const ticket = await newTicket(t, owned);

    expectApiError(await topUp(t, bar, ticket.id, { bebidas: 1 }), 403, 'forbidden');
    expectApiError(await topUp(t, null, ticket.id, { bebidas: 1 }), 401, 'unauthorized');
    expectApiError(await topUp(t, bar, ticket.id, { bebidas: 0 }), 403, 'forbidden');
    expect(await storedSum(t, ticket)).toBe(0);
  });

  it('refuses an id that is not a positive integer with a 400', async () => {
    expectValidationError(
      await call(t, owned.owner, 'POST', '/api/tickets/abc/recargas', { bebidas: 1 }),
      'id',
    );
  });
});
