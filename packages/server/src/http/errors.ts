import { errorCodes, type ApiError } from '@drinkflow/domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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
export const notFound = (message: string) => new HttpError(404, errorCodes.notFound, message);
export const conflict = (message: string, details?: Detail[]) =>
  new HttpError(409, errorCodes.conflict, message, details);

const VALIDATION_MESSAGE = 'Los datos enviados no son válidos. Revisa los campos indicados.';

/** Fastify's own 4xx errors (body parsing, limits), in Spanish. */
const fastifyClientErrors: Record<string, { status: number; error: string; message: string }> = {
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
};

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
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      message: 'Ha ocurrido un error interno. Inténtalo de nuevo más tarde.',
      error: errorCodes.internal,
    });
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
