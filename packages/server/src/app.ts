import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { DEFAULT_TIME_ZONE } from '@drinkflow/domain/dates';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';
import { setSpanishValidationMessages } from '@drinkflow/domain/validation-messages';
import Fastify, { LogController, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { Db } from './db/client';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/errors';
import { registerInputChecks } from './http/input-checks';
import { registerRequestLog, safeLoggerOptions } from './http/logging';
import { registerSecurityHeaders } from './http/security-headers';
import { registerScannerManifest } from './modules/scanner/web-manifest';
import { registerWebApp } from './http/web-app';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerAlertRoutes } from './modules/alerts/routes';
import { startAlertSweeper } from './modules/alerts/sweeper';
import { createGuards } from './modules/auth/guards';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerDemoRoutes } from './modules/demo/routes';
import { registerDeviceRoutes } from './modules/devices/routes';
import type { EmailOptions } from './modules/email/options';
import { registerEmailRoutes } from './modules/email/routes';
import { registerExportRoutes } from './modules/exports/routes';
import { registerEventRoutes } from './modules/events/routes';
import { registerGuestImportRoutes } from './modules/guest-import/routes';
import { registerLinkBaseRoute } from './modules/guest-ticket/link-base-route';
import { registerGuestTicketRoutes } from './modules/guest-ticket/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerOrderRoutes } from './modules/orders/routes';
import { scannerRateLimits } from './modules/scanner/admission/limits';
import { registerScannerRoutes } from './modules/scanner/routes';
import { registerStatsRoutes } from './modules/stats/routes';
import { registerStatsStreamRoutes } from './modules/stats-stream/routes';
import { registerSupervisionRoutes } from './modules/supervision/routes';
import { registerTeamRoutes } from './modules/team/routes';
import { registerTicketTypeRoutes } from './modules/ticket-types/routes';
import { registerTicketRoutes } from './modules/tickets/routes';
import { registerTopUpRoutes } from './modules/topups/routes';
import { createServices } from './services';

/** JSON answers below this size are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 2048;

/**
 * The longest path parameter the router accepts (decoded): above every API key (128 characters,
 * docs/rules/events.md) and QR code the scanner schemas allow, so a valid one always reaches its route;
 * longer ones answer 414 in Spanish.
 */
export const MAX_PARAM_LENGTH = Math.max(512, SCANNER_LIMITS.qrCodeMax);

// Every validation message a schema does not name itself is Spanish (docs/rules/api-conventions.md).
setSpanishValidationMessages();

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
  /** Scanner requests per minute per API key and device, or address without one (SCANNER_RATE_LIMIT); 0 = every scanner limit off. */
  scannerRateLimit?: number;
  /** Scanner requests per minute per API key and address, all devices together (SCANNER_ADDRESS_LIMIT); 0 = no ceiling. */
  scannerAddressLimit?: number;
  /** Tickets the scanner remembers to record their next scan in one round trip (SCANNER_KNOWN_TICKETS); 0 = none. */
  scannerKnownTickets?: number;
  /** How often running events' alert thresholds are checked, in ms (ALERT_SWEEP_SECONDS); 0 or omitted = never. */
  alertSweepMs?: number;
  /** PUBLIC_URL: the base of the guest links; omitted = the origin of each request (docs/rules/guests.md). */
  publicUrl?: string;
  /** Sending tickets by email (SMTP_URL, MAIL_FROM, PUBLIC_URL); omitted = "not configured", no queue worker. */
  email?: EmailOptions;
  /** The clock the scan rules read; tests move it instead of waiting. Omitted, drinks take the database's time. */
  now?: () => Date;
  /** Called for every route as it is declared (the route-table guard test reads them). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ? safeLoggerOptions(options.logger === true ? {} : options.logger) : false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // One line per request, when it is answered (registerRequestLog), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerRequestLog(app);
  registerErrorHandling(app);
  registerInputChecks(app);
  // API answers carry session tokens and personal data: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
  });

  // JSON answers above a few kilobytes travel compressed (order lists, statistics); a scan's answer
  // is far below the threshold, so the scan path pays nothing. Registered before the static files,
  // which bring their own pre-compressed twins (@fastify/compress leaves those alone).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) costs tens of milliseconds per answer; 4 compresses nearly as well.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are never accepted compressed: no decompression bombs.
    globalDecompression: false,
  });

  registerSecurityHeaders(app);

  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const services = createServices(options.db, {
    log: app.log,
    timeZone,
    now: options.now,
    registrationsPerAddress: options.registrationsPerAddress,
    email: options.email,
  });
  const context: AppContext = {
    app,
    db: options.db,
    services,
    guards: createGuards(services.auth),
    demo: options.demo ?? false,
    timeZone,
  };

  // The process's background work runs from here until the app closes (docs/decisions/056): the
  // email queue's worker (with email configured) and the alert sweep (ALERT_SWEEP_SECONDS). On
  // close, the scan notices still pending are sent too.
  services.emailWorker?.start();
  const alertSweepMs = options.alertSweepMs ?? 0;
  const sweeper = alertSweepMs > 0 ? startAlertSweeper(services.alerts, app.log, alertSweepMs) : undefined;
  app.addHook('onClose', async () => {
    await Promise.all([services.emailWorker?.stop(), sweeper?.stop(), services.scanNotifier.flush()]);
  });

  registerAuthRoutes(context);
  registerAdminRoutes(context);
  registerDemoRoutes(context);
  registerHealthRoutes(context);
  registerEventRoutes(context);
  registerTeamRoutes(context, options.now);
  registerTicketTypeRoutes(context);
  registerOrderRoutes(context);
  registerTicketRoutes(context);
  registerTopUpRoutes(context);
  registerGuestImportRoutes(context);
  registerGuestTicketRoutes(context, { now: options.now });
  registerLinkBaseRoute(context, { publicUrl: options.publicUrl });
  registerStatsRoutes(context);
  registerStatsStreamRoutes(context);
  registerExportRoutes(context);
  registerAlertRoutes(context);
  registerEmailRoutes(context);
  registerDeviceRoutes(context);
  registerSupervisionRoutes(context);
  registerScannerRoutes(context, {
    ratePerMinute: options.scannerRateLimit ?? scannerRateLimits.defaultPerMinute,
    ratePerAddress: options.scannerAddressLimit ?? scannerRateLimits.defaultPerAddress,
    knownTickets: options.scannerKnownTickets ?? scannerRateLimits.defaultKnownTickets,
    now: options.now,
  });

  registerScannerManifest(context);
  await registerWebApp(app, options.webRoot, { demo: context.demo });
  return app;
}
