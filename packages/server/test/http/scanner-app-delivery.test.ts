import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { authHeader, register } from '../support/accounts';
import { expectApiError } from '../support/api';
import { openTestDatabase } from '../support/database';
import { uniqueAddress } from '../support/unique-values';

// The bar scanner as an installable app (docs/decisions/034): each event's web app manifest, and
// the service worker and icons as the web build leaves them, with the headers that let a deploy
// reach installed scanners.

const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
const worker = `self.addEventListener('install', () => self.skipWaiting()); // ${'precache '.repeat(200)}`;
const icons = ['scanner-192.png', 'scanner-512.png', 'scanner-maskable-512.png', 'apple-touch-icon.png'];

let webRoot: string;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let logged = '';
let apiKey: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'drinkflow-scanner-app-'));
  await mkdir(join(webRoot, 'assets'));
  await mkdir(join(webRoot, 'icons'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(webRoot, 'scanner.html'), '<!doctype html><div id="root">escáner</div>');
  await writeFile(join(webRoot, 'assets', 'scanner-AbC123xy.js'), 'export {};');
  // As scripts/compress-dist.mjs leaves the worker: with its brotli and gzip twins.
  await writeFile(join(webRoot, 'scanner-sw.js'), worker);
  await writeFile(join(webRoot, 'scanner-sw.js.br'), brotliCompressSync(worker));
  await writeFile(join(webRoot, 'scanner-sw.js.gz'), gzipSync(worker));
  // The committed icons, as Vite copies them from public/ into the build.
  for (const icon of icons) await copyFile(join(publicDir, 'icons', icon), join(webRoot, 'icons', icon));

  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildApp({ db: database.db, webRoot, logger: { level: 'info', stream } });
  await app.ready();

  const organizer = await register(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/eventos',
    headers: authHeader(organizer.token),
    payload: {
      nombre: 'Fiesta de la Vendimia',
      ubicacion: 'Bodega Central, Logroño',
      fechaInicio: '2030-09-20T18:00:00.000Z',
      fechaFin: '2030-09-21T02:00:00.000Z',
    },
  });
  expect(created.statusCode).toBe(201);
  apiKey = created.json<{ apiKey: string }>().apiKey;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: '10.20.0.1' });
const manifestUrl = (key: string) => `/scanner/${key}/manifest.webmanifest`;

interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('GET /scanner/{apiKey}/manifest.webmanifest', () => {
  it("answers the installable scanner's manifest, opening this event's scanner", async () => {
    const res = await get(manifestUrl(apiKey));

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json<WebAppManifest>();
    expect(manifest).toMatchObject({
      id: `/scanner/${apiKey}`,
      name: 'DrinkFlow Escáner',
      short_name: 'Escáner',
      lang: 'es',
      start_url: `/scanner/${apiKey}`,
      scope: `/scanner/${apiKey}`,
      display: 'standalone',
      theme_color: '#020617',
      background_color: '#020617',
    });
    expect(manifest.icons.map(({ sizes, type, purpose }) => `${sizes} ${type} ${purpose}`)).toEqual([
      '192x192 image/png any',
      '512x512 image/png any',
      '512x512 image/png maskable',
    ]);
  });

  it('names icons that the web build serves as PNG files', async () => {
    const { icons: listed } = (await get(manifestUrl(apiKey))).json<WebAppManifest>();

    for (const icon of listed) {
      const res = await get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      // The PNG signature, and the size the manifest announces (IHDR width and height).
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const [width] = icon.sizes.split('x').map(Number);
      expect(res.rawPayload.readUInt32BE(16)).toBe(width);
      expect(res.rawPayload.readUInt32BE(20)).toBe(width);
    }
  });

  it('is asked again every time: no-cache, never immutable', async () => {
    const res = await get(manifestUrl(apiKey));

    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown key with the scanner API’s Spanish 404', async () => {
    const res = await get(manifestUrl('claveQueNoExisteEnNingunEvento'));

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ message: scannerMessages.invalidKey, error: 'not_found' });
  });

  it('counts unknown keys towards the scanner’s guessing limit per address', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await app.inject({
        method: 'GET',
        url: manifestUrl(`clave-adivinada-numero-${i}-xxxxxxxx`),
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }

    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('never writes the key into the logs', async () => {
    const secretKey = 'claveSecretaQueNoDebeSalirEnLosLogs';
    logged = '';
    await get(manifestUrl(apiKey));
    await get(manifestUrl(secretKey));
    await get(`${manifestUrl(apiKey)}?origen=${secretKey}`);

    expect(logged).toContain('/scanner/[redactado]/manifest.webmanifest');
    expect(logged).not.toContain(apiKey);
    expect(logged).not.toContain(secretKey);
  });
});

describe('the scanner service worker file', () => {
  it('is a script the browser asks again for every time, so a deploy reaches installed scanners', async () => {
    const res = await get('/scanner-sw.js');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.body).toBe(worker);
  });

  it('keeps no-cache on its compressed twins', async () => {
    const res = await get('/scanner-sw.js', { 'accept-encoding': 'br, gzip' });

    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leaves hashed chunks cached forever and icons revalidated', async () => {
    expect((await get('/assets/scanner-AbC123xy.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/icons/scanner-192.png')).headers['cache-control']).toBe('no-cache');
  });

  it('does not turn a missing worker file into the app page', async () => {
    const res = await get('/otro-sw.js');

    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
