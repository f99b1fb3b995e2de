import type { OrdersPage, Pedido } from '@drinkflow/domain/orders';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { enviosEmail } from '../../src/db/schema';
import { eventually, parse, PUBLIC_URL, startMailSink } from '../email/mail-sink';
import { exitOf, killAll, post, startServer } from './server-process';

/** What the queue holds for an order between the two processes (read straight from the database). */
export interface StoredJob {
  estado: string;
  messageId: string | null;
}

/** The server's database settings, and how the test opens that database while no server runs. */
export interface DatabaseAccess {
  env: Record<string, string>;
  open(): Promise<Database>;
}

/** Reads the order's newest job and makes its lease run out now (it would after 5 minutes). */
async function expireLease(access: DatabaseAccess, pedidoId: number): Promise<StoredJob> {
  const database = await access.open();
  try {
    const [job] = await database.db
      .select()
      .from(enviosEmail)
      .where(eq(enviosEmail.pedidoId, pedidoId))
      .orderBy(desc(enviosEmail.id))
      .limit(1);
    await database.db
      .update(enviosEmail)
      .set({ proximoIntentoEn: new Date(Date.now() - 1000) })
      .where(eq(enviosEmail.id, job!.id));
    return { estado: job!.estado, messageId: job!.messageId };
  } finally {
    await database.close();
  }
}

const authorized = (token: string) => ({ authorization: `Bearer ${token}` });

async function getJson<T>(base: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: authorized(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/**
 * docs/decisions/053: a server killed with SIGKILL while the mail server holds its reply to the
 * DATA (the message is the mail server's already), then a new process: the retry reuses the
 * Message-ID, so the guest's mail client shows one message; the order ends 'enviado', sent no more.
 */
export async function killMidSendThenRestart(access: DatabaseAccess): Promise<void> {
  const sink = await startMailSink();
  const env = {
    ...access.env,
    SEED_DEMO: 'true',
    SMTP_URL: sink.url,
    MAIL_FROM: 'DrinkFlow <entradas@drinkflow.test>',
    PUBLIC_URL,
    EMAIL_POLL_MS: '100',
  };
  try {
    const first = await startServer(env);
    const login = await post(first.base, '/api/auth/login', {
      email: 'organizador@drinkflow.test',
      password: 'drinkflow',
    });
    const token = login.body.token as string;
    const { pedidos } = await getJson<OrdersPage>(first.base, '/api/pedidos/all/organizer?limit=1', token);
    const pedido = pedidos[0]!;

    sink.holdReplies();
    const queued = await fetch(`${first.base}/api/pedidos/${pedido.id}/enviar`, {
      method: 'POST',
      headers: authorized(token),
    });
    expect(queued.status).toBe(202);
    await eventually(() => sink.to(pedido.email).length === 1, 'the message at the mail server');
    first.child.kill('SIGKILL');
    await exitOf(first.child);

    const stored = await expireLease(access, pedido.id);
    expect(stored).toEqual({ estado: 'enviando', messageId: expect.stringMatching(/@drinkflow\.test>$/) });
    sink.release();

    const second = await startServer(env);
    const orderNow = () => getJson<Pedido>(second.base, `/api/pedido/${pedido.id}`, token);
    await eventually(async () => (await orderNow()).envio.estado === 'enviado', 'the retried send');
    // Several polls of the new process: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const copies = await Promise.all(sink.to(pedido.email).map(parse));
    const messageIds = copies.map((copy) => copy.messageId);
    expect(messageIds).toHaveLength(2);
    expect(new Set(messageIds), 'every copy under the stored Message-ID').toEqual(
      new Set([stored.messageId]),
    );
    expect((await orderNow()).envio).toMatchObject({ estado: 'enviado', intentos: 2, ultimoError: null });

    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  } finally {
    killAll();
    sink.release();
    await sink.close();
  }
}
