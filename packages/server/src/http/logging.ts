import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * What the logs may say about a request and an error. Logs are for operators: never passwords,
 * hashes, tokens, API keys, QR codes, query strings or SQL parameters (STYLE "Concurrency and trust").
 */

const REDACTED = '[redactado]';

// Path segments that are secrets: the event API key of the scanner (API and page) and the QR code.
const secretPaths: { pattern: RegExp; replace: string }[] = [
  {
    pattern: /^\/api\/scanner\/[^/]+\/ticket\/[^/]+/,
    replace: `/api/scanner/${REDACTED}/ticket/${REDACTED}`,
  },
  { pattern: /^\/api\/scanner\/[^/]+/, replace: `/api/scanner/${REDACTED}` },
  { pattern: /^\/scanner\/[^/]+/, replace: `/scanner/${REDACTED}` },
  // A guest's ticket link (docs/rules/guests.md): whoever reads the log could open the ticket.
  { pattern: /^\/api\/t\/[^/]+/, replace: `/api/t/${REDACTED}` },
  { pattern: /^\/t\/[^/]+/, replace: `/t/${REDACTED}` },
  // A team invitation (docs/rules/team.md): whoever reads the log could join the event's team.
  { pattern: /^\/api\/invitaciones\/[^/]+/, replace: `/api/invitaciones/${REDACTED}` },
  { pattern: /^\/invitacion\/[^/]+/, replace: `/invitacion/${REDACTED}` },
];

/** The request path without its query string and with secret segments replaced. */
export function safeUrl(url: string): string {
  const path = url.split('?')[0]!;
  const hadQuery = path.length < url.length;
  const safePath = secretPaths.reduce(
    (current, { pattern, replace }) => (pattern.test(current) ? current.replace(pattern, replace) : current),
    path,
  );
  return hadQuery ? `${safePath}?${REDACTED}` : safePath;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
}

const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: safeUrl(request.url),
  hostname: request.hostname,
  remoteAddress: request.ip,
});

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  query?: unknown;
  cause?: unknown;
}

const stackFrames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : '';

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isDatabaseError = (error: ErrorLike) =>
  typeof error.query === 'string' ||
  (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error);

/**
 * An error as it may be logged. Database errors keep the SQL text (placeholders only), the
 * SQLSTATE and the constraint, never the parameters nor the server's message (which quotes values:
 * `invalid input syntax for type integer: "…"`, `Key (email)=(…)`).
 */
export function safeError(error: unknown, depth = 0): SafeError | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const candidate = error as ErrorLike;
  const database = isDatabaseError(candidate);
  const cause = safeError(candidate.cause, depth + 1);
  return {
    type: typeof candidate.name === 'string' ? candidate.name : 'Error',
    ...(database
      ? {
          message: 'database error',
          query: typeof candidate.query === 'string' ? candidate.query : undefined,
          code: candidate.code,
          constraint: candidate.constraint,
          table: candidate.table,
          column: candidate.column,
          routine: candidate.routine,
        }
      : { message: typeof candidate.message === 'string' ? candidate.message : '', code: candidate.code }),
    stack: stackFrames(candidate.stack),
    ...(cause ? { cause } : {}),
  };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The app's pino options: the given ones plus the safe serializers and header redaction. */
export function safeLoggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    serializers: {
      req: requestSerializer,
      err: (error: unknown) => safeError(error) ?? { type: 'unknown', message: '', stack: '' },
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'authorization'],
      censor: REDACTED,
    },
  };
}

/**
 * One log line per request, when it has been answered: what was asked (the safe URL), the status and
 * the time taken (and, at debug level, one when it arrives). Fastify's own logging writes two lines per request (received, answered); at a
 * bar's rush that is a synchronous write more per scan (bench/RESULTS.md).
 */
export function registerRequestLog(app: FastifyInstance): void {
  // At debug level also when it arrives (the production rehearsal pairs the two to check a drain).
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
