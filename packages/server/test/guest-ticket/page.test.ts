import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { openTestDatabase } from '../support/database';

// docs/rules/guests.md: the page /t/{token} is its own Vite entry (t.html), never indexed, and the browser
// never sends its address (the ticket's secret) to another site.

let database: Database;
const roots: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

async function appServing(files: Record<string, string>) {
  const webRoot = await mkdtemp(join(tmpdir(), 'drinkflow-guest-page-'));
  roots.push(webRoot);
  for (const [name, content] of Object.entries(files)) await writeFile(join(webRoot, name), content);
  const app = await buildApp({ db: database.db, webRoot });
  await app.ready();
  return app;
}

describe('GET /t/{token}', () => {
  it('serves t.html with noindex and no-referrer when the build has it', async () => {
    const app = await appServing({
      'index.html': '<!doctype html><div id="root">app</div>',
      't.html': '<!doctype html><div id="root">ticket</div>',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/t/AbCdEfGhIjKlMnOpQrStUv_-' });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('ticket');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Other pages are indexable as before.
      const other = await app.inject({ method: 'GET', url: '/organizer' });
      expect(other.body).toContain('app');
      expect(other.headers['x-robots-tag']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('falls back to the app with the same headers while the build has no t.html', async () => {
    const app = await appServing({ 'index.html': '<!doctype html><div id="root">app</div>' });
    try {
      const res = await app.inject({ method: 'GET', url: '/t/AbCdEfGhIjKlMnOpQrStUv_-' });

      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('app');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await app.close();
    }
  });
});
