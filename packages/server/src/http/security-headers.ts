import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers' settings: helmet's defaults, and a policy the bars' plain-HTTP LAN address can use. */
export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Bars reach the server over plain HTTP on a LAN address; upgrading would break them.
      upgradeInsecureRequests: null,
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
    },
  },
};

/**
 * helmet's security headers on every answer (API, errors, the web app, the streams that write
 * their own head). The middleware is built once: @fastify/helmet built it again on every request,
 * parsing the content security policy each time, which cost about a tenth of a scan's CPU in the
 * server.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet(securityHeaderOptions);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet calls back synchronously, and with an error only for options it refused at start-up.
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
