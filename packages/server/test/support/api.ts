import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Account } from './accounts';
import type { TestApp } from './test-app';

/** A secret as docs/rules/api-conventions.md wants it: URL-safe and at least 128 bits (22 base64url characters). */
export const URL_SAFE_SECRET = /^[A-Za-z0-9_-]{22,}$/;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who` (an account, or anonymous when null). */
export function call(
  t: TestApp,
  who: Account | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Asserts an API error (docs/rules/api-conventions.md): the status, a JSON `{message, error}` body, no stack trace. */
export function expectApiError(res: LightMyRequestResponse, status: number, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: unknown; error: unknown; details?: unknown[] }>();
  expect(body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/stack|\n\s+at /);
  if (error !== undefined) expect(body.error).toBe(error);
  return body as { message: string; error: string; details?: { field: string; message: string }[] };
}

/** Asserts a 400 `validation_error` whose details name `field`; returns the body. */
export function expectValidationError(res: LightMyRequestResponse, field: string) {
  const body = expectApiError(res, 400, 'validation_error');
  expect(body.details).toEqual(
    expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]),
  );
  return body;
}

/** A 400 `validation_error` with exactly this `{field, message}` among its details. */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = expectValidationError(res, field);
  expect(body.details).toContainEqual({ field, message });
  return body;
}

export const MISSING_ID = 2_000_000_000;

/** POST raw CSV bytes as `who` (anonymous when null). */
export function postCsv(
  t: TestApp,
  who: Account | null,
  url: string,
  bytes: Buffer | string,
  contentType = 'text/csv',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who?.headers ?? {}), 'content-type': contentType },
    payload: bytes,
  });
}

/** How many responses had each status code. */
export function tally(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
