import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@drinkflow/domain/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite names every file under /assets/ by its content hash: a changed file gets a new name. */
const HASHED_ASSET = /^\/?assets\//;
const FOREVER = 'public, max-age=31536000, immutable';
// Pages and unhashed files (robots.txt, favicon): the browser asks again every time, and the ETag
// turns an unchanged answer into a 304.
const REVALIDATE = 'no-cache';

const GUEST_PAGE_HEADERS = { 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' } as const;

const notFoundBody = { message: 'Recurso no encontrado.', error: errorCodes.notFound };

function cacheControlFor(relativePath: string): string {
  return HASHED_ASSET.test(relativePath) ? FOREVER : REVALIDATE;
}

/** Which of the pages built beside index.html are there, and the server's demo mode. */
interface BuiltPages {
  landing: boolean;
  login: boolean;
  scanner: boolean;
  /** t.html: a guest's ticket page, /t/{token} (docs/rules/guests.md). */
  guestTicket: boolean;
  /** organizer-home.html: the app with the organizer's events list preloaded. */
  organizerHome: boolean;
  /** Demo mode: login-demo.html, the login page with the demo accounts. */
  demo: boolean;
}

function pageFor(path: string, has: BuiltPages): string {
  if (path === '/' && has.landing) return 'landing.html';
  if (path === '/login' && has.login) return has.demo ? 'login-demo.html' : 'login.html';
  if (path.startsWith('/scanner/') && has.scanner) return 'scanner.html';
  if ((path === '/emparejar' || path.startsWith('/emparejar/')) && has.scanner) return 'scanner.html';
  if (path.startsWith('/t/') && has.guestTicket) return 't.html';
  if ((path === '/organizer' || path === '/organizer/eventos') && has.organizerHome) {
    return 'organizer-home.html';
  }
  return 'index.html';
}

/**
 * The built web app (packages/web/dist): files with their pre-compressed brotli/gzip twins chosen by
 * Accept-Encoding, long-lived caching for hashed assets, and the SPA fallback for client routes.
 * A missing file (anything with an extension, or under /assets/) is a 404, never the app's HTML:
 * a page from an old deploy asking for a chunk that is gone must get an error it can recover from.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  { demo }: { demo: boolean },
): Promise<void> {
  const serveWeb = !!webRoot && existsSync(join(webRoot, 'index.html'));
  const has = (file: string) => serveWeb && existsSync(join(webRoot, file));
  const builtPages: BuiltPages = {
    landing: has('landing.html'),
    login: has('login.html') && has('login-demo.html'),
    scanner: has('scanner.html'),
    guestTicket: has('t.html'),
    organizerHome: has('organizer-home.html'),
    demo,
  };
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        const relative = path.startsWith(webRoot) ? path.slice(webRoot.length) : path;
        void reply.header('cache-control', cacheControlFor(relative.replace(/\.(br|gz)$/, '')));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const isFile = HASHED_ASSET.test(path) || /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');
    if (!serveWeb || path === '/api' || path.startsWith('/api/') || !isPageRequest || isFile) {
      return reply.code(404).send(notFoundBody);
    }
    // The landing page, the login page and the bar scanner are lean pages of their own (no app
    // code); every other client route is the app, which decides what to show (its own 404 included).
    // The organizer's home, where signing in leads, is the app with its list's code preloaded.
    const page = pageFor(path, builtPages);
    // A guest's ticket page: its link is the ticket's secret, so no search engine keeps it and no
    // site it links to learns it (docs/rules/guests.md).
    if (path.startsWith('/t/')) void reply.headers(GUEST_PAGE_HEADERS);
    return reply.type('text/html; charset=utf-8').sendFile(page);
  });
}
