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
  /** How long a claimed job is this process's unless renewed; renewed every third of it while sending. */
  leaseMs: number;
  /** The right-hand side of each job's `Message-ID` (MAIL_FROM's domain). */
  messageIdDomain: string;
}

/**
 * The email queue's worker, one per server process (docs/decisions/042): once `start()`ed, claims
 * due jobs, sends them and records each result. `wake()` after queueing sends at once; otherwise
 * every `pollMs`. `stop()` lets the sends in flight finish and record their result, then closes the
 * connections. The app starts and stops it (docs/decisions/056).
 */
export function createEmailWorker(options: EmailWorkerOptions) {
  const { queue, mailer, log } = options;
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let pumping: Promise<void> | null = null;
  let again = false;
  let running = false;
  let poll: NodeJS.Timeout | undefined;

  /**
   * Keeps the job's lease while its send is in flight, so that a slow mail server never lets
   * another process claim it and send a second copy at the same time. Answers how to stop.
   */
  function holdLease(job: ClaimedJob): () => void {
    const renewal = setInterval(() => {
      queue.renew(job, options.leaseMs).then(
        (held) => {
          if (held) return;
          clearInterval(renewal);
          log.warn(
            { pedidoId: job.pedidoId, intento: job.intentos },
            'email: concesión perdida en pleno envío',
          );
        },
        // The next renewal tries again; the lease lasts three of these.
        (error: unknown) =>
          log.error({ err: error, pedidoId: job.pedidoId }, 'email: no se pudo renovar la concesión'),
      );
    }, options.leaseMs / 3);
    renewal.unref();
    return () => clearInterval(renewal);
  }

  /** Builds and sends the job's message; false when there is nothing to send (already recorded). */
  async function send(job: ClaimedJob): Promise<boolean> {
    const message = await buildOrderMessage(options.db, job.pedidoId, options);
    if (!message?.to.address) {
      await queue.markFailed(job, message ? emailMessages.noEmail : emailMessages.noTickets, null);
      return false;
    }
    // Building the message took time: send only under a lease that is still ours, and fresh.
    if (!(await queue.renew(job, options.leaseMs))) {
      log.warn({ pedidoId: job.pedidoId, intento: job.intentos }, 'email: concesión perdida antes del envío');
      return false;
    }
    const releaseLease = holdLease(job);
    try {
      await mailer.send(message, job.messageId);
      return true;
    } finally {
      releaseLease();
    }
  }

  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
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

  async function deliver(job: ClaimedJob): Promise<void> {
    try {
      if (!(await send(job))) return;
    } catch (error) {
      return recordFailure(job, error);
    }
    // Accepted by the mail server: recorded at once, nothing else awaited in between. Never as a
    // failure: if this write fails, the lease runs out and the retry reuses the Message-ID.
    try {
      const recorded = await queue.markSent(job);
      log.info(
        { pedidoId: job.pedidoId, intento: job.intentos, registrado: recorded },
        'email: pedido enviado',
      );
    } catch (error) {
      log.error({ err: error, pedidoId: job.pedidoId }, 'email: enviado pero no se pudo registrar');
    }
  }

  async function pump(): Promise<void> {
    while (running) {
      const room = options.concurrency - inFlight.size;
      if (room <= 0) return; // a send that ends calls kick()
      let jobs: ClaimedJob[];
      try {
        jobs = await queue.claim(room, options.leaseMs, options.messageIdDomain);
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
    if (!running) return;
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

  return {
    start() {
      running = true;
      poll = setInterval(kick, options.pollMs);
      poll.unref();
      kick();
    },
    wake: kick,
    async stop() {
      running = false;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      await pumping;
      await Promise.allSettled([...inFlight]);
      mailer.close();
    },
  };
}

export type EmailWorker = ReturnType<typeof createEmailWorker>;
