import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { describeAccess, idOr, jsonEndpoint } from '../support/access-suite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ticketUrl =
  (suffix: string) =>
  ({ ticketId }: { ticketId: number }, missing: boolean) =>
    `/api/tickets/${idOr(ticketId, missing)}${suffix}`;

describeAccess(
  () => t,
  [
    jsonEndpoint(
      'GET',
      '/api/tickets/{pedidoId}',
      ({ pedido }, missing) => `/api/tickets/${idOr(pedido.id, missing)}`,
    ),
    jsonEndpoint('POST', '/api/tickets', () => '/api/tickets', {
      ok: 201,
      body: ({ pedido, tipo }, missing) => ({
        pedidoId: idOr(pedido.id, missing),
        ticketTypeId: tipo.id,
        estado: 'activo',
      }),
    }),
    jsonEndpoint('PATCH', '/api/tickets/{id}/invalidate', ticketUrl('/invalidate')),
    jsonEndpoint('PATCH', '/api/tickets/{id}/reactivate', ticketUrl('/reactivate')),
    jsonEndpoint('PATCH', '/api/tickets/{id}/regenerate-qr', ticketUrl('/regenerate-qr')),
    jsonEndpoint('GET', '/api/tickets/{id}/consumos', ticketUrl('/consumos')),
    jsonEndpoint('GET', '/api/tickets/{id}/rechazos', ticketUrl('/rechazos')),
    jsonEndpoint('GET', '/api/tickets/{id}/pdf', ticketUrl('/pdf')),
    jsonEndpoint(
      'GET',
      '/api/eventos/{id}/tickets.pdf',
      ({ evento }, missing) => `/api/eventos/${idOr(evento.id, missing)}/tickets.pdf`,
    ),
  ],
);

describe('the session is checked before the request is validated', () => {
  it('answers 401 to an anonymous caller and 403 to a scanner whatever the body and id', async () => {
    const scanner = await signIn(t.db, 'scanner');
    const total = async () => (await t.db.select({ n: count() }).from(tickets))[0]!.n;
    const before = await total();

    for (const [who, status] of [
      [null, 401],
      [scanner, 403],
    ] as const) {
      expect((await call(t, who, 'POST', '/api/tickets', { estado: 'roto' })).statusCode).toBe(status);
      expect((await call(t, who, 'PATCH', '/api/tickets/abc/regenerate-qr')).statusCode).toBe(status);
      expect((await call(t, who, 'GET', '/api/tickets/-1/consumos')).statusCode).toBe(status);
      expect((await call(t, who, 'GET', '/api/eventos/abc/tickets.pdf')).statusCode).toBe(status);
    }

    expect(await total()).toBe(before);
  });
});
