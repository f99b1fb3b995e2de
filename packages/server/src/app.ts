import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { DEFAULT_TIME_ZONE } from '@drinkflow/domain/dates';
import { errorCodes } from '@drinkflow/domain/errors';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { Db } from './db/client';
import { registerErrorHandling } from './http/errors';
import { safeLoggerOptions } from './http/logging';
import { createGuards } from './modules/auth/guards';
import { registerAuthRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { registerDemoRoutes } from './modules/demo/routes';
import { registerEventRoutes } from './modules/events/routes';
import { registerGuestImportRoutes } from './modules/guest-import/routes';
import { registerOrderRoutes } from './modules/orders/routes';
import { scannerRateLimits } from './modules/scanner/limits';
import { registerScannerRoutes } from './modules/scanner/routes';
import { registerTicketTypeRoutes } from './modules/ticket-types/routes';
import { registerTicketRoutes } from './modules/tickets/routes';

export interface BuildAppOptions {
  db: Db;
  demo?: boolean;
  /** The built web app to serve (packages/web/dist); omitted in API tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Addresses of trusted reverse proxies, so request.ip is the client's (X-Forwarded-For). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Accounts one client address may register per hour. */
  registrationsPerAddress?: number;
  /** Time zone of the dates people read (APP_TIME_ZONE). */
  timeZone?: string;
  /** Scanner requests per minute per client address and API key (SCANNER_RATE_LIMIT); 0 = off. */
  scannerRateLimit?: number;
  /** The clock the scan rules read; tests move it instead of waiting. */
  now?: () => Date;
  /** Called for every route as it is declared (the route-table guard test reads them). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ? safeLoggerOptions(options.logger === true ? {} : options.logger) : false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app);
  // API answers carry session tokens and personal data: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Bars reach the server over plain HTTP on a LAN address; upgrading would break them.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
  });

  const auth = createAuthService(options.db, { registrationsPerAddress: options.registrationsPerAddress });
  const context: AppContext = {
    app,
    db: options.db,
    auth,
    guards: createGuards(auth),
    demo: options.demo ?? false,
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
  };
  registerAuthRoutes(context);
  registerDemoRoutes(context);
  registerEventRoutes(context);
  registerTicketTypeRoutes(context);
  registerOrderRoutes(context);
  registerTicketRoutes(context);
  registerGuestImportRoutes(context);
  registerScannerRoutes(context, {
    ratePerMinute: options.scannerRateLimit ?? scannerRateLimits.defaultPerMinute,
    now: options.now ?? (() => new Date()),
  });

  const serveWeb = !!options.webRoot && existsSync(join(options.webRoot, 'index.html'));
  const hasScannerPage = serveWeb && existsSync(join(options.webRoot!, 'scanner.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: options.webRoot!, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!serveWeb || path === '/api' || path.startsWith('/api/') || !isPageRequest) {
      return reply.code(404).send({ message: 'Recurso no encontrado.', error: errorCodes.notFound });
    }
    // The bar scanner is its own lean page (no organizer code); every other client route is the app,
    // which decides what to show (its own English 404 included).
    const page = path.startsWith('/scanner/') && hasScannerPage ? 'scanner.html' : 'index.html';
    return reply.type('text/html').sendFile(page, { maxAge: 0 });
  });
  return app;
}
