import type { Evento } from '@drinkflow/domain/events';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiposTicket } from '../../src/db/schema';
import { type Account, authHeader, signIn } from '../support/accounts';
import { call, expectApiError, type Method } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_ID = 2_000_000_000;

interface Target {
  evento: Evento;
  tipo: TipoTicket;
}

interface Endpoint {
  method: Method;
  path: string;
  /** The URL aimed at the owner's event or type (or, for `missing`, at one that does not exist). */
  url(target: Target, missing?: boolean): string;
  body?(target: Target, missing?: boolean): unknown;
  /** Reads may be made by an admin; writes only by the owner. */
  read: boolean;
  ok: number;
}

const scoped: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/tipos-ticket/{eventoId}',
    url: ({ evento }, missing) => `/api/tipos-ticket/${missing ? MISSING_ID : evento.id}`,
    read: true,
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/tipos-ticket/single/{id}',
    url: ({ tipo }, missing) => `/api/tipos-ticket/single/${missing ? MISSING_ID : tipo.id}`,
    read: true,
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/tipos-ticket',
    url: () => '/api/tipos-ticket',
    body: ({ evento }, missing) =>
      ticketTypeBody(missing ? { ...evento, id: MISSING_ID } : evento, { nombre: 'Tipo intruso' }),
    read: false,
    ok: 201,
  },
  {
    method: 'PUT',
    path: '/api/tipos-ticket/{id}',
    url: ({ tipo }, missing) => `/api/tipos-ticket/${missing ? MISSING_ID : tipo.id}`,
    body: ({ evento }) => ticketTypeBody(evento, { nombre: 'Cambiado por un intruso', maxDrinks: 50 }),
    read: false,
    ok: 200,
  },
  {
    method: 'DELETE',
    path: '/api/tipos-ticket/{id}',
    url: ({ tipo }, missing) => `/api/tipos-ticket/${missing ? MISSING_ID : tipo.id}`,
    read: false,
    ok: 200,
  },
];

let counter = 0;
/** An organizer's event with one (unused) ticket type, and how it looks now. */
async function ownedType() {
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, { nombre: `Evento privado ${++counter}` });
  const tipo = await createTicketType(t, owner, evento, { nombre: `Tipo secreto ${counter}` });
  return { owner, target: { evento, tipo }, before: await snapshotEvent(t.db, evento.id) };
}

describe.each(scoped)('$method $path', (endpoint) => {
  const send = (who: Account | null, target: Target, missing = false) =>
    call(t, who, endpoint.method, endpoint.url(target, missing), endpoint.body?.(target, missing));

  it('works for the owner', async () => {
    const { owner, target } = await ownedType();

    const res = await send(owner, target);

    expect(res.statusCode, res.body).toBe(endpoint.ok);
  });

  it('answers another organizer 404, exactly as for a missing one, and changes nothing', async () => {
    const { target, before } = await ownedType();
    const intruder = await signIn(t.db);
    const own = await createEvent(t, intruder);
    await createTicketType(t, intruder, own);

    const res = await send(intruder, target);

    const body = expectApiError(res, 404, 'not_found');
    expect(res.body).not.toContain(target.evento.nombre);
    expect(res.body).not.toContain(target.tipo.nombre);
    const missing = await send(intruder, target, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(body);
    expect(await snapshotEvent(t.db, target.evento.id)).toEqual(before);
  });

  it('answers a scanner account 403 and changes nothing', async () => {
    const { target, before } = await ownedType();
    const scanner = await signIn(t.db, 'scanner');

    const res = await send(scanner, target);

    expectApiError(res, 403, 'forbidden');
    expect(res.body).not.toContain(target.tipo.nombre);
    expect(await snapshotEvent(t.db, target.evento.id)).toEqual(before);
  });

  it('answers an anonymous or unknown caller 401 and changes nothing', async () => {
    const { owner, target, before } = await ownedType();

    expectApiError(await send(null, target), 401, 'unauthorized');
    const forged = { user: owner.user, token: 'x', headers: authHeader('token-inventado-0000000000000') };
    expectApiError(await send(forged, target), 401, 'unauthorized');

    expect(await snapshotEvent(t.db, target.evento.id)).toEqual(before);
  });

  if (endpoint.read) {
    it("lets an admin read another organizer's types", async () => {
      const { target, before } = await ownedType();
      const admin = await signIn(t.db, 'admin');

      const res = await send(admin, target);

      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<TipoTicket | TipoTicket[]>();
      expect(Array.isArray(body) ? body : [body]).toEqual([
        expect.objectContaining({ id: target.tipo.id, nombre: target.tipo.nombre }),
      ]);
      expect(await snapshotEvent(t.db, target.evento.id)).toEqual(before);
    });
  } else {
    it("answers an admin 404 on another organizer's event and changes nothing", async () => {
      const { target, before } = await ownedType();
      const admin = await signIn(t.db, 'admin');

      expectApiError(await send(admin, target), 404, 'not_found');

      expect(await snapshotEvent(t.db, target.evento.id)).toEqual(before);
    });
  }
});

describe('GET /api/tipos-ticket/all/organizer', () => {
  it("never lists another organizer's types, not even to an admin", async () => {
    const { target } = await ownedType();
    const intruder = await signIn(t.db);
    const admin = await signIn(t.db, 'admin');
    const own = await createEvent(t, intruder);
    const ownType = await createTicketType(t, intruder, own);

    const intruderList = await call(t, intruder, 'GET', '/api/tipos-ticket/all/organizer');
    const adminList = await call(t, admin, 'GET', '/api/tipos-ticket/all/organizer');

    expect(intruderList.json<TipoTicket[]>().map((tipo) => tipo.id)).toEqual([ownType.id]);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json<TipoTicket[]>().map((tipo) => tipo.id)).not.toContain(target.tipo.id);
  });

  it('answers a scanner account 403', async () => {
    const scanner = await signIn(t.db, 'scanner');

    expectApiError(await call(t, scanner, 'GET', '/api/tipos-ticket/all/organizer'), 403, 'forbidden');
  });

  it('answers an anonymous caller 401', async () => {
    expectApiError(await call(t, null, 'GET', '/api/tipos-ticket/all/organizer'), 401, 'unauthorized');
  });
});

describe('the session is checked before the request is validated', () => {
  const totalTypes = async () => (await t.db.select({ n: count() }).from(tiposTicket))[0]!.n;

  it('answers 401 to an anonymous caller and 403 to a scanner whatever the body and id', async () => {
    const { target } = await ownedType();
    const scanner = await signIn(t.db, 'scanner');
    const before = await totalTypes();

    expectApiError(await call(t, null, 'POST', '/api/tipos-ticket', {}), 401, 'unauthorized');
    expectApiError(
      await call(t, null, 'PUT', `/api/tipos-ticket/${target.tipo.id}`, {}),
      401,
      'unauthorized',
    );
    expectApiError(await call(t, null, 'GET', '/api/tipos-ticket/abc'), 401, 'unauthorized');
    expectApiError(await call(t, scanner, 'POST', '/api/tipos-ticket', {}), 403, 'forbidden');
    expectApiError(await call(t, scanner, 'DELETE', '/api/tipos-ticket/abc'), 403, 'forbidden');

    expect(await totalTypes()).toBe(before);
  });
});
