import { errorCodes } from '@drinkflow/domain/errors';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

const parts = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * Refuses, on every route (future ones included), a request whose path parameters, query or JSON
 * body hold text the database cannot store — a NUL character or a lone surrogate — with a 400
 * naming the field (docs/rules/operations.md), before any schema or handler sees it.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, context] of parts) {
      const path = findUnstorableText(request[part]);
      if (path) {
        const field = path.length > 0 ? path.join('.') : context;
        throw new HttpError(400, errorCodes.validation, UNSTORABLE_TEXT_MESSAGE, [
          { field, message: UNSTORABLE_TEXT_MESSAGE },
        ]);
      }
    }
  });
}
