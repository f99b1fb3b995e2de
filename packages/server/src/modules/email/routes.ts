import { bulkQueued, bulkSendBody, envioProgress, orderQueued } from '@drinkflow/domain/email';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth/guards';
import { createEventService } from '../events/service';
import { createSmtpMailer, messageIdDomain } from './mailer';
import { createEmailQueue } from './queue';
import { createEmailService } from './service';
import { startEmailWorker } from './worker';

export interface EmailOptions {
  /** smtp:// or smtps:// with credentials (SMTP_URL); without it email is "not configured". */
  smtpUrl: string;
  /** MAIL_FROM. */
  from: string;
  /** PUBLIC_URL: the absolute base of the guest links. */
  publicUrl: string;
  /** EMAIL_POLL_MS: how often the queue is read when nothing was queued here. Default 5 s. */
  pollMs?: number;
  /** Waits before each retry; its length + 1 is the number of tries. Default 30 s, 2 min, 10 min. */
  backoffMs?: readonly number[];
  /** Emails this process sends at once. Default 4. */
  concurrency?: number;
  /** How long a claimed send is this process's unless renewed (it is, while sending). Default 5 min. */
  leaseMs?: number;
}

export const EMAIL_DEFAULTS = {
  pollMs: 5000,
  backoffMs: [30_000, 120_000, 600_000],
  concurrency: 4,
  leaseMs: 5 * 60_000,
} as const;

/**
 * POST /api/pedidos/{id}/enviar, POST /api/eventos/{id}/enviar-tickets, GET /api/eventos/{id}/envios
 * (docs/rules/guests.md, docs/decisions/042), and with `email` this process's queue worker.
 */
export function registerEmailRoutes(
  { app, db, guards, timeZone }: AppContext,
  email: EmailOptions | undefined,
) {
  const queue = createEmailQueue(db);
  const worker = email
    ? startEmailWorker({
        db,
        queue,
        mailer: createSmtpMailer(email.smtpUrl, email.from, email.concurrency ?? EMAIL_DEFAULTS.concurrency),
        log: app.log,
        publicUrl: email.publicUrl.replace(/\/+$/, ''),
        timeZone,
        pollMs: email.pollMs ?? EMAIL_DEFAULTS.pollMs,
        backoffMs: email.backoffMs ?? EMAIL_DEFAULTS.backoffMs,
        concurrency: email.concurrency ?? EMAIL_DEFAULTS.concurrency,
        leaseMs: email.leaseMs ?? EMAIL_DEFAULTS.leaseMs,
        messageIdDomain: messageIdDomain(email.from),
      })
    : undefined;
  if (worker) app.addHook('onClose', async () => worker.stop());

  const service = createEmailService(db, createEventService(db), queue, {
    configured: worker !== undefined,
    onQueued: () => worker?.wake(),
  });
  const onRequest = guards.requireRole('organizer', 'admin');

  app.post(
    '/api/pedidos/:id/enviar',
    { onRequest, schema: { params: idParams, response: { 202: orderQueued } } },
    async (request, reply) =>
      reply.code(202).send(await service.sendOrder(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/eventos/:id/enviar-tickets',
    { onRequest, schema: { params: idParams, body: bulkSendBody, response: { 202: bulkQueued } } },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.sendEvent(currentUser(request), request.params.id, request.body.soloPendientes)),
  );

  app.get(
    '/api/eventos/:id/envios',
    { onRequest, schema: { params: idParams, response: { 200: envioProgress } } },
    async (request) => service.progress(currentUser(request), request.params.id),
  );
}
