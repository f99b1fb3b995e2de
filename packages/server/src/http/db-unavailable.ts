import { errorCodes } from '@drinkflow/domain/errors';

/** docs/rules/operations.md: the answer to a request that a lost database connection hit. */
export const DB_UNAVAILABLE_MESSAGE = 'Servicio no disponible temporalmente. Inténtalo de nuevo.';
export const dbUnavailableBody = {
  message: DB_UNAVAILABLE_MESSAGE,
  error: errorCodes.dbUnavailable,
} as const;

// SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: the server is
// shutting down, was restarted, the connection was terminated by an administrator or timed out
// idle), and 53300 (too many connections).
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|57P0[1-5]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // The database's host name does not resolve for a moment: a container being replaced.
  'ENOTFOUND',
]);
// node-postgres raises these as plain Errors without a code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether `error` (possibly wrapped by Drizzle in `cause`) means the database could not be reached
 * or dropped the connection, rather than refusing the statement: such a request may succeed if sent
 * again, so it answers 503 instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_SQLSTATES.test(candidate.code) || UNAVAILABLE_NODE_CODES.has(candidate.code))
        return true;
    }
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((m) => candidate.message === m || (candidate.message as string).startsWith(m))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
