import { ALERT_LIMITS } from '@drinkflow/domain/alerts';
import { MAX_ID } from '@drinkflow/domain/ids';
import { ORDER_QUANTITY } from '@drinkflow/domain/orders';
import { PAGE_MAX } from '@drinkflow/domain/pagination';
import { limits } from '@drinkflow/domain/ticket-types';
import { TOP_UP_LIMITS, topUpMessages } from '@drinkflow/domain/topups';
import { EVENT_BAR_LIMITS } from '@drinkflow/domain/event-bars';
import type { ImportPreview } from '@drinkflow/domain/guest-import';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectValidationError, postCsv } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { ticketTypeBody } from '../support/ticket-types';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';
import { createOrder, orderBody, ownedEvent, type OwnedEvent } from '../support/orders';

// docs/decisions/052: every number a request carries to the database is
// bounded by its schema first — the largest accepted value passes, one more is a 400 naming the
// field, never a 500 from a column that cannot hold it.

let t: TestApp;
let owned: OwnedEvent;
let admin: Account;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  owned = await ownedEvent(t);
  admin = await signIn(t.db, 'admin');
  ticketId = (await createOrder(t, owned.owner, owned)).tickets[0]!.id;
});
afterAll(() => t.close());

function expectCreatedOrOk(res: LightMyRequestResponse) {
  expect([200, 201], res.body).toContain(res.statusCode);
}

describe('top-ups', () => {
  const topUp = (body: Record<string, unknown>) =>
    call(t, owned.owner, 'POST', `/api/tickets/${ticketId}/recargas`, body);

  it('takes an amount up to 99999999.99 and refuses 100000000 with 400 on importe', async () => {
    const largest = await topUp({ bebidas: 1, importe: 99_999_999.99 });
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json()).toMatchObject({ importe: 99_999_999.99 });

    for (const importe of [100_000_000, 1e300]) {
      const res = await topUp({ bebidas: 1, importe });
      const body = expectValidationError(res, 'importe');
      expect(body.details).toContainEqual({ field: 'importe', message: topUpMessages.importeMax });
    }
  });

  it('takes 50 drinks and refuses 51', async () => {
    expect((await topUp({ bebidas: TOP_UP_LIMITS.bebidasMax })).statusCode).toBe(201);
    expectValidationError(await topUp({ bebidas: TOP_UP_LIMITS.bebidasMax + 1 }), 'bebidas');
  });

  it('answers 404 to the largest ticket id and 400 to one past it', async () => {
    expectApiError(
      await call(t, owned.owner, 'POST', `/api/tickets/${MAX_ID}/recargas`, { bebidas: 1 }),
      404,
    );
    expectValidationError(
      await call(t, owned.owner, 'POST', `/api/tickets/${MAX_ID + 1}/recargas`, { bebidas: 1 }),
      'id',
    );
  });
});

describe('ticket types', () => {
  const create = (overrides: Record<string, unknown>) =>
    call(t, owned.owner, 'POST', '/api/tipos-ticket', ticketTypeBody(owned.evento, overrides));
  const temporal = { modo: 'temporal', maxDrinks: null };
  const intervalos = { modo: 'intervalos_controlados', maxDrinks: null, durationMinutes: 1440 };

  it.each([
    ['maxDrinks', {}, limits.maxDrinks.max],
    ['durationMinutes', temporal, limits.durationMinutes.max],
    ['drinkIntervalMinutes', { ...intervalos, durationMinutes: 1440 }, limits.drinkIntervalMinutes.max],
    ['maxDrinksPerDay', {}, EVENT_BAR_LIMITS.maxDrinksPerDayMax],
  ])('take %s at its maximum and refuse one more', async (field, mode, max) => {
    expectCreatedOrOk(await create({ ...mode, [field]: max }));
    expectValidationError(await create({ ...mode, [field]: max + 1 }), field);
    expectValidationError(await create({ ...mode, [field]: MAX_ID + 1 }), field);
  });

  it('take an interval type of up to 1440 drinks and refuse 1441', async () => {
    expectCreatedOrOk(await create({ ...intervalos, drinkIntervalMinutes: 1, maxDrinks: 1440 }));
    expectValidationError(
      await create({ ...intervalos, drinkIntervalMinutes: 1, maxDrinks: 1441 }),
      'maxDrinks',
    );
  });
});

describe('orders', () => {
  it(`take ${ORDER_QUANTITY.max} tickets at once and refuse one more`, async () => {
    expect(
      (await call(t, owned.owner, 'POST', '/api/pedidos', orderBody(owned, { quantity: 10 }))).statusCode,
    ).toBe(201);
    expectValidationError(
      await call(
        t,
        owned.owner,
        'POST',
        '/api/pedidos',
        orderBody(owned, { quantity: ORDER_QUANTITY.max + 1 }),
      ),
      'quantity',
    );
  });

  it.each([
    ['the orders of an event', () => `/api/pedidos/${owned.evento.id}`, () => owned.owner],
    ['every order', () => '/api/pedidos/all/organizer', () => owned.owner],
    ['users (admin)', () => '/api/admin/users', () => admin],
    ['demo requests (admin)', () => '/api/admin/demo-requests', () => admin],
  ])('list %s up to the last page and refuse a page past it or a huge one', async (_name, url, who) => {
    const page = (query: string) => call(t, who(), 'GET', `${url()}?${query}`);
    expect((await page(`page=${PAGE_MAX}&limit=100`)).json()).toMatchObject({ page: PAGE_MAX });
    expectValidationError(await page(`page=${PAGE_MAX + 1}`), 'page');
    expectValidationError(await page('page=1e20'), 'page');
    expectValidationError(await page('limit=101'), 'limit');
  });

  it('filter by the largest ticket type id and refuse one past it', async () => {
    const url = `/api/pedidos/${owned.evento.id}?ticketTypeId=`;
    expect((await call(t, owned.owner, 'GET', `${url}${MAX_ID}`)).json()).toMatchObject({ total: 0 });
    expectValidationError(await call(t, owned.owner, 'GET', `${url}${MAX_ID + 1}`), 'ticketTypeId');
  });
});

describe('alert thresholds', () => {
  const rules = {
    rechazosPorTicket: null,
    consumosPorHora: null,
    minutosSinEscanear: null,
    deshechosPorBarra: null,
  };
  const put = (body: Record<string, unknown>) =>
    call(t, owned.owner, 'PUT', `/api/eventos/${owned.evento.id}/alertas/reglas`, body);

  it.each(Object.entries(ALERT_LIMITS))(
    'take %s at its maximum and refuse one more',
    async (field, range) => {
      expect((await put({ ...rules, [field]: range.max })).statusCode).toBe(200);
      expectValidationError(await put({ ...rules, [field]: range.max + 1 }), field);
      expectValidationError(await put({ ...rules, [field]: MAX_ID + 1 }), field);
    },
  );
});

describe('demo requests', () => {
  const send = (guestCount: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/demo-request',
      remoteAddress: uniqueAddress(),
      payload: { name: 'Ana', email: uniqueEmail(), guestCount, acceptTerms: true },
    });

  it('take up to a million guests and refuse one more, as a number or as text', async () => {
    expect((await send(1_000_000)).statusCode).toBe(201);
    expect((await send('1000000')).statusCode).toBe(201);
    for (const count of [1_000_001, '1000001', MAX_ID + 1, '1e20']) {
      expectValidationError(await send(count), 'guestCount');
    }
  });
});

describe('guest import', () => {
  it(`takes a quantity of ${ORDER_QUANTITY.max} and marks a larger one, however long`, async () => {
    const csv = [
      'nombre completo,email,tipo de ticket,cantidad',
      `Ana,ana@example.com,${owned.tipo.nombre},${ORDER_QUANTITY.max}`,
      `Luis,luis@example.com,${owned.tipo.nombre},${ORDER_QUANTITY.max + 1}`,
      `Eva,eva@example.com,${owned.tipo.nombre},99999999999999999999999`,
    ].join('\n');
    const res = await postCsv(t, owned.owner, `/api/eventos/${owned.evento.id}/importar/previsualizar`, csv);
    expect(res.statusCode, res.body).toBe(200);
    const { filas } = res.json<ImportPreview>();
    expect(filas.map((fila) => fila.cantidad)).toEqual([ORDER_QUANTITY.max, null, null]);
    expect(filas[1]!.errores.map((error) => error.field)).toEqual(['cantidad']);
    expect(filas[2]!.errores.map((error) => error.field)).toEqual(['cantidad']);
  });
});
