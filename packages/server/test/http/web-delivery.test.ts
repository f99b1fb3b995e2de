import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { expectApiError } from '../support/api';
import { openTestDatabase } from '../support/database';

// The web build as Vite and scripts/compress-dist.mjs leave it: hashed assets with their brotli
// and gzip twins, pages, and unhashed public files.
const chunk = `export const saludo = ${JSON.stringify('hola '.repeat(2000))};`;
// The committed icon itself (scripts/make-favicon.mjs), as Vite copies it from public/ into the build.
const favicon = fileURLToPath(new URL('../../../web/public/favicon.ico', import.meta.url));
// The committed robots.txt, copied the same way.
const robotsFile = fileURLToPath(new URL('../../../web/public/robots.txt', import.meta.url));
const brotliTwin = brotliCompressSync(chunk);
const gzipTwin = gzipSync(chunk, { level: 9 });

let webRoot: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'drinkflow-dist-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(webRoot, 'scanner.html'), '<!doctype html><div id="scanner-root"></div>');
  await writeFile(join(webRoot, 'landing.html'), '<!doctype html><div id="landing-root"></div>');
  await writeFile(join(webRoot, 'login.html'), '<!doctype html><div id="root">login</div>');
  await writeFile(join(webRoot, 'login-demo.html'), '<!doctype html><div id="root">login demo</div>');
  await writeFile(join(webRoot, 'organizer-home.html'), '<!doctype html><div id="root">organizer</div>');
  await copyFile(robotsFile, join(webRoot, 'robots.txt'));
  await copyFile(favicon, join(webRoot, 'favicon.ico'));
  const asset = join(webRoot, 'assets', 'index-AbC123xy.js');
  await writeFile(asset, chunk);
  await writeFile(`${asset}.br`, brotliTwin);
  await writeFile(`${asset}.gz`, gzipTwin);
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const assetUrl = '/assets/index-AbC123xy.js';

describe('compressed static files', () => {
  it('sends the brotli twin to a browser that accepts brotli', async () => {
    const res = await get(assetUrl, { 'accept-encoding': 'gzip, deflate, br' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
    // The very bytes written at build: nothing compressed per request.
    expect(res.rawPayload.equals(brotliTwin)).toBe(true);
  });

  it('sends the gzip twin when brotli is not accepted', async () => {
    const res = await get(assetUrl, { 'accept-encoding': 'gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(chunk);
    expect(res.rawPayload.equals(gzipTwin)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await get(assetUrl);

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(chunk);
  });
});

describe('caching', () => {
  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(assetUrl, { 'accept-encoding': encoding });

      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the app page revalidated on every load, with an ETag that turns a repeat into a 304', async () => {
    const first = await get('/organizer/eventos');

    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    const again = await get('/organizer/eventos', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('has the scanner page and robots.txt revalidated too', async () => {
    expect((await get('/scanner/clave')).headers['cache-control']).toBe('no-cache');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
  });
});

describe('missing files', () => {
  it.each([
    '/assets/missing-Zz99.js',
    '/assets/index-AbC123xy.css',
    '/assets/',
    '/apple-touch-icon.png',
    '/missing.png',
    '/organizer/old-chunk.js',
  ])('answers %s with a 404, not the app page', async (url) => {
    const res = await get(url);

    expectApiError(res, 404, 'not_found');
    expect(res.body).not.toContain('<div id="root">');
  });

  it('answers the home page with the lean landing page, and only the home page', async () => {
    for (const url of ['/', '/?utm_source=correo']) {
      const res = await get(url);

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="landing-root">');
    }
  });

  it('answers /login with the lean login page, whatever its query', async () => {
    for (const url of ['/login', '/login?next=%2Forganizer%2Fpedidos']) {
      const res = await get(url);

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<!doctype html><div id="root">login</div>');
    }
  });

  it('answers /login in demo mode with the login page that lists the demo accounts', async () => {
    const demoApp = await buildApp({ db: database.db, webRoot, demo: true });
    try {
      const res = await demoApp.inject({ method: 'GET', url: '/login?next=%2Fadmin' });

      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root">login demo</div>');
      expect((await demoApp.inject({ method: 'GET', url: '/' })).body).toContain('landing-root');
    } finally {
      await demoApp.close();
    }
  });

  it('answers the organizer home with the app page that preloads its list, and only the home', async () => {
    for (const url of ['/organizer', '/organizer/eventos', '/organizer/eventos?dia=2026-07-04']) {
      const res = await get(url);

      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<!doctype html><div id="root">organizer</div>');
    }
    for (const url of ['/organizer/pedidos', '/organizer/eventos/3', '/organizer/eventosx']) {
      expect((await get(url)).body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('still answers every client route with the app page', async () => {
    for (const url of [
      '/register',
      '/login/otra',
      '/organizer/evento/3/editar',
      '/legal/privacidad',
      '/no/existe',
    ]) {
      const res = await get(url);

      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('robots.txt', () => {
  it('is served as text, not the app page', async () => {
    const res = await get('/robots.txt');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(await readFile(robotsFile, 'utf8'));
  });

  it('lets every crawler index the public pages and keeps accounts, the scanner and the API out', async () => {
    const rules = (await get('/robots.txt')).body
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);

    // One group, for every crawler (docs/decisions/026).
    expect(rules[0]).toBe('User-agent: *');
    expect(rules.filter((line) => line.startsWith('User-agent:'))).toHaveLength(1);
    expect(rules).toContain('Allow: /');
    expect(rules.filter((line) => line.startsWith('Disallow:')).sort()).toEqual([
      'Disallow: /admin',
      'Disallow: /api',
      'Disallow: /organizer',
      'Disallow: /scanner',
    ]);
  });
});

describe('favicon.ico', () => {
  it('is served as an icon with its 16, 32 and 48 px images, for clients that ask for it by name', async () => {
    const res = await get('/favicon.ico');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(await readFile(favicon))).toBe(true);
    // ICO header: reserved 0, type 1 (icon), then the number of images.
    expect([0, 1, 2].map((field) => res.rawPayload.readUInt16LE(field * 2))).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((entry) => res.rawPayload.readUInt8(6 + 16 * entry));
    expect(sizes).toEqual([16, 32, 48]);
  });
});
