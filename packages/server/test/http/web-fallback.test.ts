import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { expectApiError } from '../support/api';
import { openTestDatabase } from '../support/database';

let webRoot: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'drinkflow-web-'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><title>DrinkFlow</title><div id="root"></div>',
  );
  await writeFile(join(webRoot, 'app.js'), 'console.log("hola")');
  await writeFile(
    join(webRoot, 'scanner.html'),
    '<!doctype html><title>Escáner</title><div id="scanner-root"></div>',
  );
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves its files', async () => {
    const res = await app.inject({ method: 'GET', url: '/app.js' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hola');
  });

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/login', '/organizer/eventos/3?tab=pedidos', '/ruta/que/no/existe']) {
      const res = await app.inject({ method: 'GET', url });

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers the bar scanner with its own lean page, and nothing else with it', async () => {
    for (const url of ['/scanner/clave-del-evento', '/scanner/clave?barra=1', '/scanner/']) {
      const res = await app.inject({ method: 'GET', url });

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="scanner-root">');
    }
    for (const url of ['/scanner', '/scannerx/clave', '/organizer/scanner']) {
      const res = await app.inject({ method: 'GET', url });

      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('still answers unknown /api paths with 404 JSON, not the page', async () => {
    expectApiError(await app.inject({ method: 'GET', url: '/api/no-existe' }), 404, 'not_found');
    expectApiError(await app.inject({ method: 'GET', url: '/api' }), 404, 'not_found');
    expectApiError(await app.inject({ method: 'GET', url: '/api/no-existe?x=1' }), 404, 'not_found');
  });

  it('answers other methods on unknown paths with 404 JSON', async () => {
    expectApiError(await app.inject({ method: 'POST', url: '/login', payload: {} }), 404, 'not_found');
  });

  it('serves the API as usual', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });

    expect(res.json()).toEqual({ demo: false });
  });
});
