import type { PedidoCreated } from '@drinkflow/domain/orders';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { consumos } from '../../src/db/schema';
import { type Account, authHeader, signIn } from './accounts';
import { call, expectApiError, type Method, MISSING_ID } from './api';
import { insertConsumos } from './stored-rows';
import type { TestApp } from './test-app';
import { createOrder, ownedEvent, type OwnedEvent } from './orders';
import { storedOrders } from './stored-orders';

/** An organizer's event with a ticket type and an order of two tickets, one of them consumed. */
export interface Target extends OwnedEvent {
  pedido: PedidoCreated;
  ticketId: number;
}

export interface Endpoint {
  /** `METHOD /path/{param}`, as the describe names it. */
  name: string;
  /** An admin may read (GET) another organizer's data; changes are only for the owner. */
  read: boolean;
  ok: number;
  /** The call aimed at `target`, or with `missing` at an id that does not exist. */
  send(t: TestApp, who: Account | null, target: Target, missing: boolean): Promise<LightMyRequestResponse>;
}

/** An endpoint whose URL and optional JSON body are built from the target. */
export function jsonEndpoint(
  method: Method,
  name: string,
  url: (target: Target, missing: boolean) => string,
  options: { read?: boolean; ok?: number; body?: (target: Target, missing: boolean) => unknown } = {},
): Endpoint {
  return {
    name: `${method} ${name}`,
    read: options.read ?? method === 'GET',
    ok: options.ok ?? 200,
    send: (t, who, target, missing) =>
      call(t, who, method, url(target, missing), options.body?.(target, missing)),
  };
}

/** `id`, or an id that does not exist. */
export const idOr = (id: number, missing: boolean) => (missing ? MISSING_ID : id);

async function ownedTarget(t: TestApp): Promise<Target> {
  const owned = await ownedEvent(t);
  const pedido = await createOrder(t, owned.owner, owned, {
    nombreCompleto: 'Invitada Secreta',
    quantity: 2,
  });
  const ticketId = pedido.tickets[0]!.id;
  await insertConsumos(t.db, owned.evento.id, ticketId, 1);
  return { ...owned, pedido, ticketId };
}

/** Everything stored under the target's event: orders, tickets (with estado and QR) and consumptions. */
async function snapshot(t: TestApp, target: Target) {
  const [consumed] = await t.db
    .select({ n: count() })
    .from(consumos)
    .where(eq(consumos.eventoId, target.evento.id));
  return { ...(await storedOrders(t.db, target.evento.id)), consumos: consumed!.n };
}

/**
 * The access rules of docs/rules/api-conventions.md–2 for each endpoint: the owner may; another organizer gets the
 * same 404 as for something missing; bar staff 403; anonymous 401; an admin may read, not change.
 */
export function describeAccess(app: () => TestApp, endpoints: Endpoint[]) {
  describe.each(endpoints)('$name', (endpoint) => {
    it('works for the owner', async () => {
      const t = app();
      const target = await ownedTarget(t);

      const res = await endpoint.send(t, target.owner, target, false);

      expect(res.statusCode, res.body.slice(0, 300)).toBe(endpoint.ok);
    });

    it('answers another organizer 404, exactly as for a missing one, and changes nothing', async () => {
      const t = app();
      const target = await ownedTarget(t);
      const intruder = await signIn(t.db);
      const own = await ownedTarget(t);
      const before = await snapshot(t, target);

      const res = await endpoint.send(t, intruder, target, false);

      const body = expectApiError(res, 404, 'not_found');
      expect(res.body).not.toContain('Invitada Secreta');
      expect(res.body).not.toContain(target.evento.nombre);
      const missing = await endpoint.send(t, own.owner, target, true);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(body);
      expect(await snapshot(t, target)).toEqual(before);
    });

    it('answers a scanner account 403 and changes nothing', async () => {
      const t = app();
      const target = await ownedTarget(t);
      const scanner = await signIn(t.db, 'scanner');
      const before = await snapshot(t, target);

      expectApiError(await endpoint.send(t, scanner, target, false), 403, 'forbidden');

      expect(await snapshot(t, target)).toEqual(before);
    });

    it('answers an anonymous or unknown caller 401 and changes nothing', async () => {
      const t = app();
      const target = await ownedTarget(t);
      const before = await snapshot(t, target);
      const forged = { ...target.owner, headers: authHeader('token-inventado-00000000000000') };

      expectApiError(await endpoint.send(t, null, target, false), 401, 'unauthorized');
      expectApiError(await endpoint.send(t, forged, target, false), 401, 'unauthorized');

      expect(await snapshot(t, target)).toEqual(before);
    });

    if (endpoint.read) {
      it("lets an admin read another organizer's data", async () => {
        const t = app();
        const target = await ownedTarget(t);
        const admin = await signIn(t.db, 'admin');
        const before = await snapshot(t, target);

        const res = await endpoint.send(t, admin, target, false);

        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        expect(await snapshot(t, target)).toEqual(before);
      });
    } else {
      it("answers an admin 404 on another organizer's data and changes nothing", async () => {
        const t = app();
        const target = await ownedTarget(t);
        const admin = await signIn(t.db, 'admin');
        const before = await snapshot(t, target);

        expectApiError(await endpoint.send(t, admin, target, false), 404, 'not_found');

        expect(await snapshot(t, target)).toEqual(before);
      });
    }
  });
}
