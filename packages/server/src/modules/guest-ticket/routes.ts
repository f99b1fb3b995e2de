import {
  guestTicket,
  guestTicketMessages,
  guestTicketParams,
  isGuestTokenShape,
} from '@drinkflow/domain/guest-ticket';
import { pedido } from '@drinkflow/domain/orders';
import { whatsappSendList } from '@drinkflow/domain/whatsapp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/errors';
import { idParams } from '../../http/params';
import { createRateCounter, tooManyRequests } from '../../http/rate-limits';
import { currentUser } from '../auth';
import { registerGuestStreamRoute } from './stream-route';

/** Guest page lookups per client address a minute: a guest reloading is far below it, guessing is not. */
export const GUEST_TICKET_RATE_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

/** Headers of a guest's page and its API (docs/rules/guests.md): never indexed, never sent on as referrer. */
export const guestPageHeaders = {
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
} as const;

export interface GuestTicketRouteOptions {
  /** The clock of the rules and the rate windows; tests move it. */
  now?: () => Date;
  perMinute?: number;
}

export function registerGuestTicketRoutes(
  context: AppContext,
  { now = () => new Date(), perMinute = GUEST_TICKET_RATE_PER_MINUTE }: GuestTicketRouteOptions = {},
): void {
  const { app, db, services, guards } = context;
  const { guestTicket: guest, whatsapp } = services;
  const counter = createRateCounter(db, now);

  // Counted before the token is even looked at, so unknown tokens cost a guesser the same.
  async function limitPerAddress(request: FastifyRequest) {
    if (perMinute <= 0) return;
    const hit = await counter.hit({ bucket: 'guest-ticket', key: request.ip, windowMs: MINUTE_MS });
    if (hit.hits > perMinute) throw tooManyRequests(guestTicketMessages.rateLimited, hit.retryAfterSeconds);
  }

  // A token of the wrong shape (NUL, far too long, other characters) is as unknown as a wrong one:
  // answered before the general input checks, which would call it invalid input.
  async function tokenShape(request: FastifyRequest) {
    const { token } = request.params as { token?: string };
    if (typeof token !== 'string' || !isGuestTokenShape(token)) throw notFound(guestTicketMessages.notFound);
  }

  app.get(
    '/api/t/:token',
    {
      onRequest: [limitPerAddress, tokenShape],
      onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
        void reply.headers(guestPageHeaders);
      },
      schema: { params: guestTicketParams, response: { 200: guestTicket } },
    },
    async (request) => guest.byToken(request.params.token),
  );
  // The page's live signal (docs/decisions/066): same limit per address, same headers.
  registerGuestStreamRoute(context, { onRequest: [limitPerAddress, tokenShape], headers: guestPageHeaders });

  // Any account; the caller's role in the order's event decides (docs/rules/team.md).
  const organizer = guards.organizerOrTeam;
  const markSchema = { params: idParams, response: { 200: pedido } };

  app.post(
    '/api/pedidos/:id/whatsapp-enviado',
    { onRequest: organizer, schema: markSchema },
    async (request) => whatsapp.markSent(currentUser(request), request.params.id, now()),
  );
  app.delete(
    '/api/pedidos/:id/whatsapp-enviado',
    { onRequest: organizer, schema: markSchema },
    async (request) => whatsapp.unmarkSent(currentUser(request), request.params.id),
  );

  app.get(
    '/api/eventos/:id/envios-whatsapp',
    { onRequest: organizer, schema: { params: idParams, response: { 200: whatsappSendList } } },
    async (request) => whatsapp.sendList(currentUser(request), request.params.id),
  );
}
