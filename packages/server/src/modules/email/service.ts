import type { User } from '@drinkflow/domain/auth';
import { emailMessages, type EnvioProgress } from '@drinkflow/domain/email';
import { describeLinkBase } from '@drinkflow/domain/link-base';
import { orderMessages } from '@drinkflow/domain/orders';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { EventService } from '../events';
import { findOrder } from '../orders';
import type { EmailQueue } from './queue';

const validEmail = z.email();

/**
 * Queueing orders' emails and reading their progress (docs/rules/guests.md). Changing is for the event's
 * organizer (another organizer's orders do not exist → 404); reading also for an admin.
 * `configured` is false without SMTP_URL: every send then answers 409.
 */
export function createEmailService(
  db: Db,
  events: EventService,
  queue: EmailQueue,
  options: {
    configured: boolean;
    /** The base of the emails' links (PUBLIC_URL or this server's localhost); undefined without email. */
    linkBase: string | undefined;
    onQueued: () => void;
  },
) {
  const enlaces = options.configured && options.linkBase ? describeLinkBase(options.linkBase) : null;
  const requireConfigured = () => {
    if (!options.configured) throw conflict(emailMessages.notConfigured);
  };

  return {
    async sendOrder(user: User, pedidoId: number): Promise<{ estado: 'en_cola' }> {
      const { pedido } = await findOrder(db, user, pedidoId, 'gestionar');
      requireConfigured();
      if (!validEmail.safeParse(pedido.email.trim()).success) {
        throw badRequest(emailMessages.noEmail, [{ field: 'email', message: orderMessages.email }]);
      }
      const [withTickets] = await db
        .select({ n: count() })
        .from(tickets)
        .where(eq(tickets.pedidoId, pedidoId));
      if (!withTickets?.n) throw badRequest(emailMessages.noTickets);
      await queue.enqueueOrder(pedidoId);
      options.onQueued();
      return { estado: 'en_cola' };
    },

    async sendEvent(user: User, eventoId: number, soloPendientes: boolean): Promise<{ enCola: number }> {
      await events.findWritable(user, eventoId);
      requireConfigured();
      const enCola = await queue.enqueueEvent(eventoId, soloPendientes);
      if (enCola > 0) options.onQueued();
      return { enCola };
    },

    async progress(user: User, eventoId: number): Promise<EnvioProgress> {
      await events.findReadable(user, eventoId);
      return { ...(await queue.progress(eventoId)), configurado: options.configured, enlaces };
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
