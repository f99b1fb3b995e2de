import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { registerThroughApi } from './support/accounts';
import { expect, test } from './support/test';
import { createLiveEvent, type LiveEvent } from './support/scanner-data';

// The bar scanner as an installable app that opens with no network once it has been loaded
// (docs/decisions/034): its service worker keeps the scanner page and what it loads, nothing of the
// organizer's app, and each event's scanner has its own web app manifest.

type BuildManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;
const manifest = JSON.parse(
  readFileSync(new URL('../packages/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as BuildManifest;

/** The JS and CSS files a page of the build loads, at once or later (static and dynamic imports). */
function filesOfPage(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  visit(entry);
  return files;
}

const scannerFiles = filesOfPage('scanner.html');
/** What the organizer's app loads that the scanner does not (its router, pages, queries…). */
const organizerOnlyFiles = [...filesOfPage('index.html')].filter((file) => !scannerFiles.has(file));

const codeField = (page: Page) => page.getByLabel('Código QR');

async function liveEvent(page: Page): Promise<LiveEvent> {
  const { token } = await registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
  return createLiveEvent(page.request, token, 'Verbena de San Juan');
}

/** Opens the event's scanner online, answers the first visit's bar question. */
async function openScanner(page: Page, evento: LiveEvent) {
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Escáner de Tickets' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await page.getByRole('button', { name: 'Ahora no' }).click();
}

/** Waits until the scanner's service worker controls the page (it registers after the first paint). */
async function controllingWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return {
      script: new URL(navigator.serviceWorker.controller!.scriptURL).pathname,
      scope: new URL(registration.scope).pathname,
    };
  });
}

/**
 * Cuts the network of the pages and of the service worker, and checks that it is cut for the page
 * and, when `worker`, for the running service worker too (its own fetches would otherwise hide an
 * offline failure behind a network answer).
 */
async function goOffline(context: BrowserContext, page: Page, { worker = true } = {}) {
  await context.setOffline(true);
  const probe = () =>
    fetch(`/robots.txt?sonda=${Math.random()}`, { cache: 'no-store' }).then(
      () => 'en línea',
      () => 'sin conexión',
    );
  expect(await page.evaluate(probe)).toBe('sin conexión');
  if (!worker) return;
  const [running] = context.serviceWorkers();
  expect(running, 'the scanner service worker runs').toBeDefined();
  expect(await running!.evaluate(probe)).toBe('sin conexión');
}

/** The paths of everything the origin's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

/**
 * The scanner page, drawn by its own code from the worker's copy: its form, or — while it has no
 * data of its own for offline use — its "cannot reach the server" screen with a retry button (not
 * the browser's offline error page).
 */
async function expectScannerPage(page: Page) {
  await expect(page).toHaveTitle('Escáner de Tickets — DrinkFlow');
  await expect(codeField(page).or(unreachable(page))).toBeVisible();
}

const unreachable = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'No se pudo cargar el evento' });

/** The page scans: its code field takes a code (after a retry, if it could not load the event). */
async function expectUsableScanner(page: Page) {
  if (await unreachable(page).isVisible()) await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(codeField(page)).toBeEditable();
  await codeField(page).fill('CODIGO-DE-PRUEBA');
  await expect(codeField(page)).toHaveValue('CODIGO-DE-PRUEBA');
}

test('once loaded, the scanner opens with no network, on reload and in a second tab', async ({
  page,
  context,
  consoleGuard,
}) => {
  // Offline, the page's calls to the API fail as they always did; the page says so itself.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const evento = await liveEvent(page);
  await openScanner(page, evento);

  expect(await controllingWorker(page)).toEqual({ script: '/scanner-sw.js', scope: '/scanner/' });
  await goOffline(context, page);

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expectScannerPage(page);

  const second = await context.newPage();
  await second.goto(`/scanner/${evento.apiKey}`);
  await expectScannerPage(second);

  // The icons come from the worker's cache too.
  const icon = await page.evaluate(async () => {
    const res = await fetch('/icons/scanner-192.png');
    return { status: res.status, type: res.headers.get('content-type') };
  });
  expect(icon).toEqual({ status: 200, type: 'image/png' });

  // Back online, the page that opened offline is the working scanner.
  await context.setOffline(false);
  await expectUsableScanner(second);
});

test("the worker keeps only the scanner's files: no API answer, no organizer chunk, no key", async ({
  page,
}) => {
  const evento = await liveEvent(page);
  await openScanner(page, evento);
  await controllingWorker(page);

  const cached = await cachedPaths(page);

  expect(cached).toContain('/scanner.html');
  for (const file of scannerFiles) expect(cached).toContain(`/${file}`);
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(cached.filter((path) => organizerOnlyFiles.includes(path.slice(1)))).toEqual([]);
  expect(cached.filter((path) => path.includes(evento.apiKey))).toEqual([]);
  expect(cached).not.toContain('/index.html');
});

test('the scanner page loads no chunk of the organizer app', async ({ page }) => {
  const evento = await liveEvent(page);
  const loaded: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) loaded.push(path.slice(1));
  });

  await openScanner(page, evento);
  await controllingWorker(page);

  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !scannerFiles.has(file))).toEqual([]);
  expect(loaded.filter((file) => organizerOnlyFiles.includes(file))).toEqual([]);
});

test('a new version of the worker takes over the open scanner, which reloads once it is hidden', async ({
  page,
}) => {
  const evento = await liveEvent(page);
  await openScanner(page, evento);
  const first = await controllingWorker(page);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const controllerChanged = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => resolve(new URL(navigator.serviceWorker.controller!.scriptURL).search),
          { once: true },
        ),
      ),
  );

  // A deploy, as the browser sees it: the registration's worker changes. Here the same file at
  // another address, which the browser installs as a new version beside the running one.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/scanner-sw.js?version=2', { scope: '/scanner/' });
  });

  // Taken over at once, the open tab not closed: skipWaiting and clients.claim.
  expect(await controllerChanged).toBe('?version=2');
  expect(await controllingWorker(page)).toEqual(first);
  await expect(codeField(page)).toBeVisible();
  expect(navigations).toEqual([]);
  // The page reloads into the new version when the bartender leaves it, not while it is on screen.
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await reloaded;
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
});

test("installable: the page links this event's manifest, which opens this event's scanner", async ({
  page,
  context,
}) => {
  const evento = await liveEvent(page);
  await openScanner(page, evento);
  const href = `/scanner/${evento.apiKey}/manifest.webmanifest`;
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', href);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#020617');

  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const webManifest = (await res.json()) as {
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(webManifest.start_url).toBe(`/scanner/${evento.apiKey}`);
  expect(webManifest.scope).toBe(`/scanner/${evento.apiKey}`);
  for (const { src } of [...webManifest.icons, { src: '/icons/apple-touch-icon.png' }]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }

  // Chromium's own verdict, once the service worker controls the page.
  await controllingWorker(page);
  const cdp = await context.newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.errors).toEqual([]);
  expect(read.url).toBe(new URL(href, page.url()).href);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are off-the-record profiles, where Chromium never offers to install; it
  // lists that beside any other reason (the login page: 'in-incognito' and 'no-manifest').
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
});

test("the organizer's app is not the worker's: not controlled online, unreachable offline as before", async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  const evento = await liveEvent(page);
  await openScanner(page, evento);
  await controllingWorker(page);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(
    await page.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      registration: (await navigator.serviceWorker.getRegistration()) !== undefined,
    })),
  ).toEqual({ controlled: false, registration: false });

  await goOffline(context, page, { worker: false });
  for (const path of ['/login', '/organizer', '/']) {
    await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  }
});
