import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { Guards } from './modules/auth/guards';
import type { Services } from './services';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's route registration receives: the app and the services built once for it. */
export interface AppContext {
  app: App;
  db: Db;
  services: Services;
  guards: Guards;
  demo: boolean;
  /** Time zone of the dates people read (APP_TIME_ZONE, default Europe/Madrid). */
  timeZone: string;
}
