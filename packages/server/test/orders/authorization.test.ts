import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { describeAccess, idOr, jsonEndpoint } from '../support/access-suite';
import { orderBody } from '../support/orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describeAccess(
  () => t,
  [
    jsonEndpoint(
      'GET',
      '/api/pedidos/{eventoId}',
      ({ evento }, missing) => `/api/pedidos/${idOr(evento.id, missing)}`,
    ),
    jsonEndpoint(
      'GET',
      '/api/pedido/{id}',
      ({ pedido }, missing) => `/api/pedido/${idOr(pedido.id, missing)}`,
    ),
    jsonEndpoint('POST', '/api/pedidos', () => '/api/pedidos', {
      ok: 201,
      body: (target, missing) =>
        orderBody(target, {
          eventoId: idOr(target.evento.id, missing),
          nombreCompleto: 'Intruso',
          quantity: 2,
        }),
    }),
    jsonEndpoint(
      'PUT',
      '/api/pedidos/{id}',
      ({ pedido }, missing) => `/api/pedidos/${idOr(pedido.id, missing)}`,
      {
        body: () => ({ nombreCompleto: 'Cambiado por otro', email: 'otro@example.com', telefono: '' }),
      },
    ),
    jsonEndpoint(
      'PUT',
      '/api/pedidos/{id}/ticket-type',
      ({ pedido }, missing) => `/api/pedidos/${idOr(pedido.id, missing)}/ticket-type`,
      { body: ({ tipo }) => ({ ticketTypeId: tipo.id }) },
    ),
    jsonEndpoint(
      'DELETE',
      '/api/pedidos/{id}',
      ({ pedido }, missing) => `/api/pedidos/${idOr(pedido.id, missing)}`,
    ),
    jsonEndpoint(
      'GET',
      '/api/pedidos/{id}/pdf',
      ({ pedido }, missing) => `/api/pedidos/${idOr(pedido.id, missing)}/pdf`,
    ),
  ],
);

describe('GET /api/pedidos/all/organizer', () => {
  it('answers a scanner account 403 and an anonymous caller 401', async () => {
    const scanner = await signIn(t.db, 'scanner');

    expectApiError(await call(t, scanner, 'GET', '/api/pedidos/all/organizer'), 403, 'forbidden');
    expectApiError(await call(t, null, 'GET', '/api/pedidos/all/organizer'), 401, 'unauthorized');
  });
});

describe('the session is checked before the request is validated', () => {
  it('answers 401 to an anonymous caller and 403 to a scanner whatever the body and id', async () => {
    const scanner = await signIn(t.db, 'scanner');
    const total = async () => (await t.db.select({ n: count() }).from(pedidos))[0]!.n;
    const before = await total();

    for (const [who, status] of [
      [null, 401],
      [scanner, 403],
    ] as const) {
      expect((await call(t, who, 'POST', '/api/pedidos', { quantity: 99 })).statusCode).toBe(status);
      expect((await call(t, who, 'GET', '/api/pedidos/abc?limit=500')).statusCode).toBe(status);
      expect((await call(t, who, 'PUT', '/api/pedidos/abc/ticket-type', {})).statusCode).toBe(status);
      expect((await call(t, who, 'GET', '/api/pedidos/0/pdf')).statusCode).toBe(status);
    }

    expect(await total()).toBe(before);
  });
});
