import { ordersQueryMessages } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectFieldError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { listOrders, names } from './orders-page';
import { ownedEvent } from '../support/orders';
import { insertOrderAt } from '../support/stored-rows';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

describe('GET /api/pedidos/all/organizer', () => {
  it("lists the orders of all the user's own events, newest first, and nobody else's", async () => {
    const mine = await ownedEvent(t);
    const second = await ownedEvent(t, mine.owner);
    const theirs = await ownedEvent(t);
    await insertOrderAt(t.db, mine.evento.id, {
      nombreCompleto: 'Mía antigua',
      createdAt: '2026-01-01T10:00:00Z',
    });
    await insertOrderAt(t.db, second.evento.id, {
      nombreCompleto: 'Mía nueva',
      createdAt: '2026-02-01T10:00:00Z',
    });
    await insertOrderAt(t.db, theirs.evento.id, {
      nombreCompleto: 'Ajena',
      createdAt: '2026-03-01T10:00:00Z',
    });

    const page = await listOrders(t, mine.owner, '/api/pedidos/all/organizer');

    expect(names(page)).toEqual(['Mía nueva', 'Mía antigua']);
    expect(page.total).toBe(2);
    expect(page.pedidos.map((pedido) => pedido.evento.nombre)).toEqual([
      second.evento.nombre,
      mine.evento.nombre,
    ]);
    expect(
      names(await listOrders(t, mine.owner, '/api/pedidos/all/organizer?search=antigua&limit=1')),
    ).toEqual(['Mía antigua']);
    expect(names(await listOrders(t, mine.owner, '/api/pedidos/all/organizer?desde=2026-01-15'))).toEqual([
      'Mía nueva',
    ]);
  });

  it("shows an admin only the admin's own events, not other organizers'", async () => {
    const theirs = await ownedEvent(t);
    await insertOrderAt(t.db, theirs.evento.id, {
      nombreCompleto: 'Ajena',
      createdAt: '2026-03-01T10:00:00Z',
    });
    const admin = await signIn(t.db, 'admin');

    expect(await listOrders(t, admin, '/api/pedidos/all/organizer')).toEqual({
      pedidos: [],
      total: 0,
      page: 1,
      limit: 20,
    });
  });

  it('refuses a limit over 100 with 400 on limit', async () => {
    const owner = await signIn(t.db);

    expectFieldError(
      await call(t, owner, 'GET', '/api/pedidos/all/organizer?limit=101'),
      'limit',
      ordersQueryMessages.limit,
    );
  });
});
