import type { TeamRole } from '@drinkflow/domain/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, type Method } from '../support/api';
import { ownedEvent, type OwnedEvent } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { boardUrl, member, ownUrl, pairedDevice, pairingsUrl, revokeUrl } from './device-calls';

// Who may use an event's devices (docs/rules/team.md, docs/rules/devices.md): the owner, a
// co-organizer and a supervisor manage them; bar staff only pair their own scanner (403 on the
// rest); anyone not on the team — another organizer, an admin, a member of another event — gets
// 404, as if the event did not exist.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Route {
  name: string;
  method: Method;
  url: (event: OwnedEvent) => Promise<string>;
  body?: Record<string, unknown>;
  status: number;
}

const routes: Route[] = [
  { name: 'pairing code', method: 'POST', url: async (e) => pairingsUrl(e.evento.id), status: 201 },
  { name: 'board', method: 'GET', url: async (e) => boardUrl(e.evento.id), status: 200 },
  {
    name: 'revoke',
    method: 'POST',
    url: async (e) => revokeUrl(e.evento.id, (await pairedDevice(t, e.owner, e.evento.id)).dispositivo.id),
    status: 200,
  },
];
const own: Route = {
  name: 'own scanner',
  method: 'POST',
  url: async (e) => ownUrl(e.evento.id),
  body: { nombre: 'Mi móvil' },
  status: 201,
};

let event: OwnedEvent;
const members = {} as Record<TeamRole, Account>;
beforeAll(async () => {
  event = await ownedEvent(t);
  for (const rol of ['coorganizador', 'supervisor', 'barra'] as const)
    members[rol] = await member(t, event.evento.id, rol);
});

const send = async (route: Route, who: Account | null) =>
  call(t, who, route.method, await route.url(event), route.body);

describe('device routes by role', () => {
  for (const route of [...routes, own]) {
    it(`${route.name}: the owner, a co-organizer and a supervisor may`, async () => {
      for (const who of [event.owner, members.coorganizador, members.supervisor]) {
        const res = await send(route, who);
        expect(res.statusCode, `${who.user.nombre}: ${res.body}`).toBe(route.status);
      }
    });

    it(`${route.name}: outsiders get 404, without a session 401`, async () => {
      const other = await ownedEvent(t);
      const outsiders = [
        await signIn(t.db, 'organizer'),
        await signIn(t.db, 'admin'),
        await member(t, other.evento.id, 'supervisor'),
        await member(t, other.evento.id, 'barra'),
      ];
      for (const who of outsiders) expectApiError(await send(route, who), 404, 'not_found');
      // A bar-staff account on no team is refused before the event is looked at.
      expectApiError(await send(route, await signIn(t.db, 'scanner')), 403, 'forbidden');
      expectApiError(await send(route, null), 401, 'unauthorized');
    });
  }

  it('bar staff pair their own scanner and get 403 on the rest', async () => {
    expect((await send(own, members.barra)).statusCode).toBe(201);
    for (const route of routes) expectApiError(await send(route, members.barra), 403, 'forbidden');
  });

  it('a removed member loses access at the next request', async () => {
    const leaving = await member(t, event.evento.id, 'supervisor');
    expect((await send(routes[1]!, leaving)).statusCode).toBe(200);
    await t.db.execute(`delete from evento_miembros where usuario_id = ${leaving.user.id}`);
    // On no team any more: refused at the door (403); were they on another event's team, 404.
    expectApiError(await send(routes[1]!, leaving), 403, 'forbidden');
  });
});
