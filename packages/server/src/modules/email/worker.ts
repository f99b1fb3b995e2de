import { emailMessages } from '@drinkflow/domain/email';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { describeSendError, type Mailer } from './mailer';
import { buildOrderMessage } from './message';
import type { ClaimedJob, EmailQueue } from './queue';

export interface EmailWorkerOptions {
  db: Db;
  queue: EmailQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  timeZone: string;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs: number;
  /** Waits before the 2nd, 3rd… attempt; after the last one a failure is final. */
  backoffMs: readonly number[];
  /** Emails sent at once by this process (and SMTP connections kept open). */
  concurrency: number;
  /** How long a claimed job is this process's; a send that takes longer may be repeated elsewhere. */
  leaseMs: number;
}

/**
 * The email queue's worker, one per server process (docs/decisions/042): claims due jobs, sends
 * them and records each result. `wake()` after queueing sends at once; otherwise every `pollMs`.
 * `stop()` lets the sends in flight finish and record their result, then closes the connections.
 */
export function startEmailWorker(options: EmailWorkerOptions) {
  const { queue, mailer, log } = options;
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let pumping: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(job: ClaimedJob): Promise<void> {
    try {
      const message = await buildOrderMessage(options.db, job.pedidoId, options);
      if (!message) return await queue.markFailed(job, emailMessages.noTickets, null);
      if (!message.to.address) return await queue.markFailed(job, emailMessages.noEmail, null);
      const { messageId } = await mailer.send(message);
      await queue.markSent(job, messageId);
      log.info({ pedidoId: job.pedidoId, intento: job.intentos }, 'email: pedido enviado');
    } catch (error) {
      const reason = describeSendError(error);
      const retryIn = options.backoffMs[job.intentos - 1];
      // Only the order and the reason's kind: never the address, the message or the SMTP URL.
      log.warn(
        { pedidoId: job.pedidoId, intento: job.intentos, code: (error as { code?: unknown })?.code },
        retryIn === undefined ? 'email: envío fallido' : 'email: envío fallido, se reintentará',
      );
      try {
        await queue.markFailed(job, reason, retryIn ?? null);
        if (retryIn !== undefined) later(retryIn);
      } catch (recordError) {
        // The lease runs out and another attempt follows.
        log.error({ err: recordError, pedidoId: job.pedidoId }, 'email: no se pudo registrar el fallo');
      }
    }
  }

  async function pump(): Promise<void> {
    while (!stopped) {
      const room = options.concurrency - inFlight.size;
      if (room <= 0) return; // a send that ends calls kick()
      let jobs: ClaimedJob[];
      try {
        jobs = await queue.claim(room, options.leaseMs);
      } catch (error) {
        log.error({ err: error }, 'email: no se pudo leer la cola');
        return;
      }
      for (const job of jobs) {
        const sending: Promise<void> = deliver(job).finally(() => {
          inFlight.delete(sending);
          kick();
        });
        inFlight.add(sending);
      }
      if (jobs.length < room) return;
    }
  }

  function kick() {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = null;
      if (again) {
        again = false;
        kick();
      }
    });
  }

  /** A retry's time may come before the next poll. */
  function later(ms: number) {
    if (ms >= options.pollMs) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      kick();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  const poll = setInterval(kick, options.pollMs);
  poll.unref();
  kick();

  return {
    wake: kick,
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      await pumping;
      await Promise.allSettled([...inFlight]);
      mailer.close();
    },
  };
}

export type EmailWorker = ReturnType<typeof startEmailWorker>;
