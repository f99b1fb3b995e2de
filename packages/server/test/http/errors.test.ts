import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { badRequest, conflict, forbidden, notFound } from '../../src/http/errors';
import { authHeader, register } from '../support/accounts';
import { expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('request bodies', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const body = expectApiError(await postJson('/api/auth/login', '{"email": "a@b.es", '), 400);

    expect(body.error).toBe('invalid_json');
  });

  it('answers an empty JSON body with 400 JSON', async () => {
    expectApiError(await postJson('/api/auth/login', ''), 400);
  });

  it('answers a JSON array instead of an object with a 400 validation error', async () => {
    expectApiError(await postJson('/api/auth/register', '[]'), 400, 'validation_error');
  });

  it('answers a body over 1 MiB with 413 JSON', async () => {
    const payload = JSON.stringify({ email: 'a@b.es', password: 'x'.repeat(1024 * 1024) });

    expectApiError(await postJson('/api/auth/login', payload), 413, 'payload_too_large');
  });

  it('accepts a body just under 1 MiB (then validates it)', async () => {
    const payload = JSON.stringify({ email: 'a@b.es', password: 'x'.repeat(1024 * 1024 - 100) });

    expectApiError(await postJson('/api/auth/login', payload), 400, 'validation_error');
  });

  it('answers a body that is not JSON with 415 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a@b.es&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    expectApiError(res, 415);
  });
});

describe('unknown routes', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/no-existe' }), 404, 'not_found');
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/api/auth/no-existe', payload: {} }),
      404,
      'not_found',
    );
  });

  it('answers a known path with the wrong method with 404 JSON', async () => {
    expectApiError(await t.app.inject({ method: 'DELETE', url: '/api/auth/me' }), 404, 'not_found');
  });
});

describe('error responses', () => {
  it('are JSON with message and error, never HTML or a stack trace, for every kind of error', async () => {
    const { token } = await register(t.app);
    const cases = [
      { status: 400, res: await postJson('/api/auth/register', '{') },
      { status: 400, res: await postJson('/api/auth/register', '{}') },
      { status: 401, res: await t.app.inject({ method: 'GET', url: '/api/auth/me' }) },
      {
        status: 400,
        res: await t.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: authHeader(token),
          payload: { currentPassword: 'incorrecta', newPassword: 'nueva-clave' },
        }),
      },
      { status: 404, res: await t.app.inject({ method: 'GET', url: '/api/nada' }) },
      { status: 413, res: await postJson('/api/demo-request', JSON.stringify({ m: 'x'.repeat(1_100_000) })) },
    ];
    for (const { status, res } of cases) {
      expectApiError(res, status);
      expect(res.body).not.toMatch(/<html|node_modules|\.ts:\d+/i);
    }
  });

  it('turns the known errors into their status and code', async () => {
    const app = await buildApp({ db: t.db });
    const thrown = {
      'bad-request': badRequest('Mal', [{ field: 'x', message: 'Mal' }]),
      forbidden: forbidden(),
      'not-found': notFound('No está'),
      conflict: conflict('Ya existe'),
    };
    for (const [path, error] of Object.entries(thrown)) {
      app.get(`/api/test/${path}`, async () => {
        throw error;
      });
    }
    try {
      expect(
        expectApiError(await app.inject({ url: '/api/test/bad-request' }), 400, 'validation_error'),
      ).toEqual({
        message: 'Mal',
        error: 'validation_error',
        details: [{ field: 'x', message: 'Mal' }],
      });
      expectApiError(await app.inject({ url: '/api/test/forbidden' }), 403, 'forbidden');
      expectApiError(await app.inject({ url: '/api/test/not-found' }), 404, 'not_found');
      expectApiError(await app.inject({ url: '/api/test/conflict' }), 409, 'conflict');
    } finally {
      await app.close();
    }
  });

  it('answers an unexpected fault with a generic 500 that reveals nothing', async () => {
    const app = await buildApp({ db: t.db });
    app.get('/api/test/boom', async () => {
      throw new Error('connection string postgres://secret@db/prod failed');
    });
    try {
      const res = await app.inject({ url: '/api/test/boom' });

      const body = expectApiError(res, 500, 'internal_error');
      expect(body).toEqual({ message: expect.any(String), error: 'internal_error' });
      expect(res.body).not.toMatch(/secret|postgres|Error:/);
    } finally {
      await app.close();
    }
  });
});
