import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';
import { describeAccess, type Endpoint, idOr, jsonEndpoint } from '../support/access-suite';
import { postCsv } from '../support/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An import call with a valid one-guest CSV for the target's ticket type. */
const csvEndpoint = (path: string, ok: number): Endpoint => ({
  name: `POST /api/eventos/{id}/${path}`,
  // Even the preview checks that the event is the caller's own: an admin gets 404.
  read: false,
  ok,
  send: (app, who, { evento, tipo }, missing) =>
    postCsv(
      app,
      who,
      `/api/eventos/${idOr(evento.id, missing)}/${path}`,
      `Nombre;Email;Tipo;Cantidad\nIntruso;intruso@example.com;${tipo.nombre};2\n`,
    ),
});

/** The remembered mapping: like the preview, only for those who may manage the event (an admin gets 404). */
const mappingEndpoint = (method: 'GET' | 'PUT') =>
  jsonEndpoint(
    method,
    '/api/eventos/{id}/importar/mapeo',
    ({ evento }, missing) => `/api/eventos/${idOr(evento.id, missing)}/importar/mapeo`,
    {
      read: false,
      body: method === 'PUT' ? ({ tipo }) => ({ tipos: { [tipo.nombre]: tipo.id } }) : undefined,
    },
  );

describeAccess(
  () => t,
  [
    csvEndpoint('importar/previsualizar', 200),
    csvEndpoint('importar', 201),
    mappingEndpoint('GET'),
    mappingEndpoint('PUT'),
  ],
);

describe('the session is checked before the file is read', () => {
  it('answers 401 to an anonymous caller and 403 to a scanner whatever the body, its size and the id', async () => {
    const scanner = await signIn(t.db, 'scanner');
    const total = async () => (await t.db.select({ n: count() }).from(pedidos))[0]!.n;
    const before = await total();

    for (const [who, status] of [
      [null, 401],
      [scanner, 403],
    ] as const) {
      for (const path of ['importar', 'importar/previsualizar']) {
        expect((await postCsv(t, who, `/api/eventos/abc/${path}`, '')).statusCode).toBe(status);
        expect(
          (await postCsv(t, who, `/api/eventos/1/${path}`, Buffer.alloc(6 * 1024 * 1024, 'a'))).statusCode,
        ).toBe(status);
      }
    }

    expect(await total()).toBe(before);
  });
});
