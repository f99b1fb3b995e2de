import type { Evento } from '@drinkflow/domain/events';
import type { PedidoCreated } from '@drinkflow/domain/orders';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createOrder } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';

/** The API listening on a real port (app.inject waits for the end of a body that never ends), and an organizer. */
export async function startStreamApp(): Promise<{ t: TestApp; base: string; owner: Account }> {
  const t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  return { t, base, owner };
}

export async function closeStreamApp(t: TestApp | undefined) {
  // fetch (undici) keeps spare keep-alive sockets open for the server's 72 s keep-alive timeout,
  // which server.close() would wait for; the streams themselves are closed by then.
  t?.app.server.closeAllConnections();
  await t?.close();
}

/** An event happening now with one order of `quantity` tickets of 4 drinks each. */
export async function liveEvent(
  t: TestApp,
  owner: Account,
  quantity = 1,
): Promise<{ evento: Evento; pedido: PedidoCreated }> {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, owner, evento, { maxDrinks: 4 });
  const pedido = await createOrder(t, owner, { evento, tipo }, { quantity });
  return { evento, pedido };
}
