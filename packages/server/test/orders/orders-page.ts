import type { OrdersPage } from '@drinkflow/domain/orders';
import { expect } from 'vitest';
import type { Account } from '../support/accounts';
import { call } from '../support/api';
import type { TestApp } from '../support/test-app';

/** GET `url` as `who`; fails the test unless it answers 200. */
export async function listOrders(t: TestApp, who: Account, url: string): Promise<OrdersPage> {
  const res = await call(t, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrdersPage>();
}

export const names = (page: OrdersPage) => page.pedidos.map((pedido) => pedido.nombreCompleto);
