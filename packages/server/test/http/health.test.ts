import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openPostgres } from '../../src/db/client';
import { createTestApp, type TestApp } from '../support/test-app';

// docs/rules/operations.md: a public health check for load balancers and monitors.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs no session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer caducado' },
    });

    expect(res.statusCode).toBe(200);
  });

  it('answers 503 error when the database cannot be reached', async () => {
    // A PostgreSQL that is not there: port 1 on this machine refuses every connection.
    const unreachable = await openPostgres('postgres://postgres@127.0.0.1:1/nadie', 2);
    const down = await createTestApp({ database: unreachable });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });

      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'error' });
    } finally {
      await down.close();
      await unreachable.close();
    }
  });

  it('writes no log line at the info level, however often monitors call it', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const logging = await buildApp({ db: t.db, logger: { level: 'info', stream } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await logging.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      // Other requests are still logged: the logger works.
      await logging.inject({ method: 'GET', url: '/api/config' });

      expect(logged).toContain('/api/config');
      expect(logged).not.toContain('/api/health');
    } finally {
      await logging.close();
    }
  });
});
