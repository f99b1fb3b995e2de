import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { deviceErrors, deviceMessages } from '@drinkflow/domain/devices';
import { errorCodes, type ApiError } from '@drinkflow/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dbUnavailableBody, isDatabaseUnavailable } from './db-unavailable';

type Detail = NonNullable<ApiError['details']>[number];

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Detail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Detail[]) =>
  new HttpError(400, errorCodes.validation, message, details);
export const unauthorized = (message = 'Debes iniciar sesión para continuar.') =>
  new HttpError(401, errorCodes.unauthorized, message);
export const forbidden = (message = 'No tienes permisos para realizar esta acción.') =>
  new HttpError(403, errorCodes.forbidden, message);
/** A scanner call without a valid device token where one is needed (docs/rules/scanner.md#devices). */
export const deviceRequired = () => new HttpError(401, deviceErrors.required, deviceMessages.required);
/** A scanner call from a revoked device (docs/rules/scanner.md#devices). */
export const deviceRevoked = () => new HttpError(401, deviceErrors.revoked, deviceMessages.revoked);
export const notFound = (message: string) => new HttpError(404, errorCodes.notFound, message);
export const conflict = (message: string, details?: Detail[]) =>
  new HttpError(409, errorCodes.conflict, message, details);

const VALIDATION_MESSAGE = 'Los datos enviados no son válidos. Revisa los campos indicados.';

const badUrl = { status: 400, error: 'bad_url', message: 'La dirección de la petición no es válida.' };
const uriTooLong = {
  status: 414,
  error: 'uri_too_long',
  message: 'La dirección de la petición es demasiado larga.',
};

/**
 * Fastify's own 4xx errors (routing, body parsing, limits), in Spanish (docs/rules/operations.md). None of
 * them repeats the URL, which may hold an API key or a QR code.
 */
const fastifyClientErrors: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_BAD_URL: badUrl,
  FST_ERR_INVALID_URL: badUrl,
  FST_ERR_MAX_PARAM_LENGTH: uriTooLong,
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: 'invalid_json',
    message: 'El cuerpo de la petición no es un JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'invalid_json',
    message: 'El cuerpo de la petición está vacío.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: errorCodes.payloadTooLarge,
    message: 'El cuerpo de la petición es demasiado grande.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'Tipo de contenido no soportado: envía JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'invalid_request',
    message: 'La longitud del contenido no es válida.',
  },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'Tipo de contenido no soportado: envía JSON.',
  },
  FST_ERR_ROUTE_MISSING_CONTENT: {
    status: 400,
    error: 'invalid_json',
    message: 'El cuerpo de la petición está vacío.',
  },
};

const internalErrorBody: ApiError = {
  message: 'Ha ocurrido un error interno. Inténtalo de nuevo más tarde.',
  error: errorCodes.internal,
};

/**
 * Fastify's `frameworkErrors`: what the router raises before any route runs (a URL that does not
 * decode, a path parameter over the length limit), in the shape of docs/rules/api-conventions.md.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = fastifyClientErrors[error.code];
  if (known) return reply.code(known.status).send({ message: known.message, error: known.error });
  request.log.error({ code: error.code }, 'framework error');
  return reply.code(500).send(internalErrorBody);
}

/** What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`). */
const clientErrors: Record<string, { status: number; error: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    error: 'headers_too_large',
    // Node counts the request line with the headers: a URL of many kilobytes lands here too.
    message: 'La dirección o las cabeceras de la petición son demasiado largas.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'request_timeout',
    message: 'La petición ha tardado demasiado en llegar.',
  },
};
const malformedRequest = {
  status: 400,
  error: 'bad_request',
  message: 'La petición no es válida.',
};

/**
 * Answers a request Node's HTTP parser could not read (headers too large, a malformed request
 * line, a timeout) with the JSON of docs/rules/api-conventions.md in Spanish, then closes the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[error.code ?? ''] ?? malformedRequest;
  if (socket.writable) {
    const body = JSON.stringify({ message: known.message, error: known.error });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function fieldOf(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? '').split('/').filter(Boolean);
  return path.length > 0 ? path.join('.') : fallback;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ApiError = { message: error.message, error: error.code };
      if (error.details) body.details = error.details;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, error.validationContext ?? 'body'),
        message: issue.message ?? 'Valor no válido',
      }));
      const body: ApiError = { message: VALIDATION_MESSAGE, error: errorCodes.validation, details };
      return reply.code(400).send(body);
    }
    const known = fastifyClientErrors[error.code];
    if (known) return reply.code(known.status).send({ message: known.message, error: known.error });
    if (error.statusCode === 429) {
      return reply.code(429).send({
        message: 'Demasiadas peticiones. Espera un momento y vuelve a intentarlo.',
        error: errorCodes.rateLimited,
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ message: 'La petición no es válida.', error: 'bad_request' });
    }
    if (isForeignKeyViolation(error)) {
      // A row this request relies on was changed by another request at the same moment.
      return reply.code(409).send({
        message: 'Los datos han cambiado mientras se guardaba. Recarga y vuelve a intentarlo.',
        error: errorCodes.conflict,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send(dbUnavailableBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalErrorBody);
  });
}

/** Whether `error` (possibly wrapped by Drizzle) is PostgreSQL's `sqlstate`, on `constraint` if given. */
function hasSqlState(error: unknown, sqlstate: string, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === sqlstate) return !constraint || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
}

/** PostgreSQL's unique_violation, as raised through pg or PGlite. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  hasSqlState(error, '23505', constraint);

/** PostgreSQL's foreign_key_violation: a referenced row is gone, or a row still references it. */
export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  hasSqlState(error, '23503', constraint);
