import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('reports demo mode off by default, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ demo: false });
  });

  it('reports demo mode on when the app is built in demo mode', async () => {
    const demo = await createTestApp({ demo: true, database: t.database });
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/api/config' });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ demo: true });
    } finally {
      await demo.close();
    }
  });
});
