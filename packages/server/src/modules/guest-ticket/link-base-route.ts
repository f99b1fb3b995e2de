import { linkBase } from '@drinkflow/domain/link-base';
import type { AppContext } from '../../app-context';
import { requestLinkBase } from '../../http/link-base';

/**
 * GET /api/enlaces: the base the web puts before every guest link it sends (WhatsApp), and whether
 * it is this computer's loopback, so the screens that send links warn first
 * (docs/rules/guests.md#links-that-cannot-work, docs/decisions/064). For whoever sends tickets.
 */
export function registerLinkBaseRoute(
  { app, guards }: AppContext,
  { publicUrl }: { publicUrl: string | undefined },
): void {
  app.get(
    '/api/enlaces',
    { onRequest: guards.organizerOrTeam, schema: { response: { 200: linkBase } } },
    async (request) => requestLinkBase(request, publicUrl),
  );
}
