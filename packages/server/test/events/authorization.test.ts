import type { Evento } from '@drinkflow/domain/events';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos } from '../../src/db/schema';
import { type Account, authHeader, signIn } from '../support/accounts';
import { call, expectApiError, type Method } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent, eventBody } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedEventData } from './seed-event-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_ID = 2_000_000_000;

interface Endpoint {
  method: Method;
  path: string;
  /** The URL aimed at `evento` of `owner` (or, for `missing`, at an event/user that does not exist). */
  url(evento: Evento, owner: Account, missing?: boolean): string;
  body?(evento: Evento): unknown;
  /** Reads may be made by an admin; writes only by the owner. */
  read: boolean;
  /** Status of a successful call by the owner. */
  ok: number;
}

let keyCounter = 0;
const eventUrl =
  (suffix = '') =>
  (evento: Evento, _owner: Account, missing?: boolean) =>
    `/api/eventos/${missing ? MISSING_ID : evento.id}${suffix}`;

const scoped: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/eventos/{userId}',
    url: (_evento, owner, missing) => `/api/eventos/${missing ? MISSING_ID : owner.user.id}`,
    read: true,
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/eventos/single/{id}',
    url: (evento, _owner, missing) => `/api/eventos/single/${missing ? MISSING_ID : evento.id}`,
    read: true,
    ok: 200,
  },
  {
    method: 'GET',
    path: '/api/evento/{id}',
    url: (evento, _owner, missing) => `/api/evento/${missing ? MISSING_ID : evento.id}`,
    read: true,
    ok: 200,
  },
  {
    method: 'PUT',
    path: '/api/eventos/{id}',
    url: eventUrl(),
    body: () => eventBody({ nombre: 'Cambiado por un intruso', ubicacion: 'Otro sitio' }),
    read: false,
    ok: 200,
  },
  { method: 'DELETE', path: '/api/eventos/{id}', url: eventUrl(), read: false, ok: 200 },
  {
    method: 'PUT',
    path: '/api/eventos/{id}/api-key',
    url: eventUrl('/api-key'),
    body: () => ({ apiKey: `clave-de-intruso-${process.pid}-${++keyCounter}` }),
    read: false,
    ok: 200,
  },
  {
    method: 'PATCH',
    path: '/api/eventos/{id}/regenerate-api-key',
    url: eventUrl('/regenerate-api-key'),
    read: false,
    ok: 200,
  },
];

/** An organizer's event with data in every table hanging off it, and how it looks now. */
async function ownedEvent() {
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, { nombre: `Evento privado ${++keyCounter}` });
  await seedEventData(t, owner, evento);
  return { owner, evento, before: await snapshotEvent(t.db, evento.id) };
}

describe.each(scoped)('$method $path', (endpoint) => {
  const send = (who: Account | null, evento: Evento, owner: Account, missing = false) =>
    call(t, who, endpoint.method, endpoint.url(evento, owner, missing), endpoint.body?.(evento));

  it('works for the owner', async () => {
    const { owner, evento } = await ownedEvent();

    const res = await send(owner, evento, owner);

    expect(res.statusCode, res.body).toBe(endpoint.ok);
  });

  it('answers another organizer 404, exactly as for a missing one, and changes nothing', async () => {
    const { owner, evento, before } = await ownedEvent();
    const intruder = await signIn(t.db);
    await createEvent(t, intruder);

    const res = await send(intruder, evento, owner);

    const body = expectApiError(res, 404, 'not_found');
    expect(res.body).not.toContain(evento.nombre);
    expect(res.body).not.toContain(evento.apiKey);
    const missing = await send(intruder, evento, owner, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(body);
    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
  });

  it('answers a scanner account 403 and changes nothing', async () => {
    const { owner, evento, before } = await ownedEvent();
    const scanner = await signIn(t.db, 'scanner');

    const res = await send(scanner, evento, owner);

    expectApiError(res, 403, 'forbidden');
    expect(res.body).not.toContain(evento.apiKey);
    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
  });

  it('answers an anonymous or unknown caller 401 and changes nothing', async () => {
    const { owner, evento, before } = await ownedEvent();

    expectApiError(await send(null, evento, owner), 401, 'unauthorized');
    const forged = { user: owner.user, token: 'x', headers: authHeader('token-inventado-0000000000000') };
    expectApiError(await send(forged, evento, owner), 401, 'unauthorized');

    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
  });

  if (endpoint.read) {
    it("lets an admin read another organizer's data", async () => {
      const { owner, evento, before } = await ownedEvent();
      const admin = await signIn(t.db, 'admin');

      const res = await send(admin, evento, owner);

      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Evento | Evento[]>();
      const read = Array.isArray(body) ? body : [body];
      expect(read).toEqual([expect.objectContaining({ id: evento.id, apiKey: evento.apiKey })]);
      expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    });
  } else {
    it("answers an admin 404 on another organizer's event and changes nothing", async () => {
      const { owner, evento, before } = await ownedEvent();
      const admin = await signIn(t.db, 'admin');

      expectApiError(await send(admin, evento, owner), 404, 'not_found');

      expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    });
  }
});

describe('POST /api/eventos', () => {
  const totalEvents = async () => (await t.db.select({ n: count() }).from(eventos))[0]!.n;

  it('answers a scanner account 403 and creates nothing', async () => {
    const scanner = await signIn(t.db, 'scanner');
    const before = await totalEvents();

    expectApiError(await call(t, scanner, 'POST', '/api/eventos', eventBody()), 403, 'forbidden');

    expect(await totalEvents()).toBe(before);
  });

  it('answers an anonymous caller 401 and creates nothing', async () => {
    const before = await totalEvents();

    expectApiError(await call(t, null, 'POST', '/api/eventos', eventBody()), 401, 'unauthorized');

    expect(await totalEvents()).toBe(before);
  });
});

describe('the session is checked before the request is validated', () => {
  it('answers 401 to an anonymous caller whatever the body and id', async () => {
    const { evento } = await ownedEvent();

    expectApiError(await call(t, null, 'POST', '/api/eventos', {}), 401, 'unauthorized');
    expectApiError(await call(t, null, 'PUT', `/api/eventos/${evento.id}`, {}), 401, 'unauthorized');
    expectApiError(await call(t, null, 'PUT', `/api/eventos/${evento.id}/api-key`, {}), 401, 'unauthorized');
    expectApiError(await call(t, null, 'GET', '/api/eventos/single/abc'), 401, 'unauthorized');
  });

  it('answers 403 to a scanner account whatever the body', async () => {
    const { evento } = await ownedEvent();
    const scanner = await signIn(t.db, 'scanner');

    expectApiError(await call(t, scanner, 'POST', '/api/eventos', {}), 403, 'forbidden');
    expectApiError(await call(t, scanner, 'PUT', `/api/eventos/${evento.id}`, {}), 403, 'forbidden');
  });
});
