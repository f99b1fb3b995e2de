import { eventBarMessages } from '@drinkflow/domain/event-bars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setUp(barras = ['Barra 1', 'VIP']) {
  const organizer = await signIn(t.db);
  const evento = await createEvent(t, organizer, { barras });
  return { organizer, evento };
}

describe('POST /api/tipos-ticket with maxDrinksPerDay and barrasPermitidas', () => {
  it('stores both and returns them; absent, they are null', async () => {
    const { organizer, evento } = await setUp();
    const tipo = await createTicketType(t, organizer, evento, {
      maxDrinksPerDay: 3,
      barrasPermitidas: [' vip '],
    });
    expect(tipo).toMatchObject({ maxDrinksPerDay: 3, barrasPermitidas: ['vip'] });
    const stored = await call(t, organizer, 'GET', `/api/tipos-ticket/single/${tipo.id}`);
    expect(stored.json()).toMatchObject({ maxDrinksPerDay: 3, barrasPermitidas: ['vip'] });

    const plain = await createTicketType(t, organizer, evento);
    expect(plain).toMatchObject({ maxDrinksPerDay: null, barrasPermitidas: null });
  });

  it('refuses bars the event does not have, naming them', async () => {
    const { organizer, evento } = await setUp();
    const res = await call(
      t,
      organizer,
      'POST',
      '/api/tipos-ticket',
      ticketTypeBody(evento, { barrasPermitidas: ['VIP', 'Terraza', 'Pista'] }),
    );
    const body = expectApiError(res, 400, 'validation_error');
    expect(body.message).toBe(eventBarMessages.barraDesconocida);
    expect(body.details).toEqual([
      { field: 'barrasPermitidas', message: `${eventBarMessages.barraDesconocida}: Terraza` },
      { field: 'barrasPermitidas', message: `${eventBarMessages.barraDesconocida}: Pista` },
    ]);
  });

  it('refuses any allowed bar when the event has no bars', async () => {
    const { organizer, evento } = await setUp([]);
    const res = await call(
      t,
      organizer,
      'POST',
      '/api/tipos-ticket',
      ticketTypeBody(evento, { barrasPermitidas: ['VIP'] }),
    );
    expectApiError(res, 400, 'validation_error');
  });

  it.each([[0], [51], [2.5], ['3']])('refuses maxDrinksPerDay %j', async (maxDrinksPerDay) => {
    const { organizer, evento } = await setUp();
    const res = await call(
      t,
      organizer,
      'POST',
      '/api/tipos-ticket',
      ticketTypeBody(evento, { maxDrinksPerDay } as Record<string, unknown>),
    );
    expectFieldError(res, 'maxDrinksPerDay', eventBarMessages.maxDrinksPerDay);
  });

  it('refuses an empty list, duplicates and hostile names', async () => {
    const { organizer, evento } = await setUp();
    const post = (barrasPermitidas: unknown) =>
      call(
        t,
        organizer,
        'POST',
        '/api/tipos-ticket',
        ticketTypeBody(evento, { barrasPermitidas } as Record<string, unknown>),
      );
    expectFieldError(await post([]), 'barrasPermitidas', eventBarMessages.barrasPermitidas);
    expectFieldError(await post(['VIP', 'vip']), 'barrasPermitidas', eventBarMessages.duplicada);
    for (const bad of [['x'.repeat(41)], ['VI\u0000P'], 'VIP', [1]]) {
      const res = await post(bad);
      expectApiError(res, 400, 'validation_error');
      expect(res.json().details[0].field).toMatch(/^barrasPermitidas/);
    }
  });
});

describe('PUT /api/tipos-ticket/{id} with maxDrinksPerDay and barrasPermitidas', () => {
  it('replaces them when given, keeps them when absent and clears them with null', async () => {
    const { organizer, evento } = await setUp();
    const tipo = await createTicketType(t, organizer, evento, {
      maxDrinksPerDay: 3,
      barrasPermitidas: ['VIP'],
    });
    const put = (overrides: Record<string, unknown>) =>
      call(t, organizer, 'PUT', `/api/tipos-ticket/${tipo.id}`, ticketTypeBody(evento, overrides));

    const changed = await put({ maxDrinksPerDay: 5, barrasPermitidas: ['Barra 1', 'VIP'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ maxDrinksPerDay: 5, barrasPermitidas: ['Barra 1', 'VIP'] });

    const kept = await put({ nombre: 'Entrada VIP' });
    expect(kept.json()).toMatchObject({
      nombre: 'Entrada VIP',
      maxDrinksPerDay: 5,
      barrasPermitidas: ['Barra 1', 'VIP'],
    });

    const cleared = await put({ maxDrinksPerDay: null, barrasPermitidas: null });
    expect(cleared.json()).toMatchObject({ maxDrinksPerDay: null, barrasPermitidas: null });
  });

  it('refuses bars the event does not have', async () => {
    const { organizer, evento } = await setUp();
    const tipo = await createTicketType(t, organizer, evento);
    const res = await call(
      t,
      organizer,
      'PUT',
      `/api/tipos-ticket/${tipo.id}`,
      ticketTypeBody(evento, { barrasPermitidas: ['Terraza'] }),
    );
    expectFieldError(res, 'barrasPermitidas', `${eventBarMessages.barraDesconocida}: Terraza`);
  });

  it('answers 404 for another organizer’s type and 403 to bar staff', async () => {
    const { organizer, evento } = await setUp();
    const tipo = await createTicketType(t, organizer, evento);
    const body = ticketTypeBody(evento, { maxDrinksPerDay: 2 });
    expectApiError(await call(t, await signIn(t.db), 'PUT', `/api/tipos-ticket/${tipo.id}`, body), 404);
    expectApiError(
      await call(t, await signIn(t.db, 'scanner'), 'PUT', `/api/tipos-ticket/${tipo.id}`, body),
      403,
    );
  });
});
