import { rm } from 'node:fs/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config';
import { registerThroughApi } from './support/accounts';
import { expect, test } from './support/test';
import {
  cameraVideoOfTicketPdf,
  FAKE_CAMERA,
  fakeCameraArgs,
  FIELD_SHOTS,
  type CameraShot,
} from './support/camera-video';
import type { Box } from './support/ticket-qr-box';
import { consumosOf, createLiveEvent, createTicket, ticketPdf } from './support/scanner-data';

// Scanning with the camera: Chromium's fake camera plays a video of a real ticket's QR code, made
// from the PDF the organizer downloads (e2e/support/camera-video.ts). The video is known only once
// the ticket exists, so each journey starts a browser of its own with it as the camera.

const launchOptions = config.use?.launchOptions ?? {};

/**
 * qr-scanner warns on every camera start over plain http, even on localhost, where the camera does
 * work (a secure context); a bar's device reaches the real server over https.
 */
const expectedNoise = [/^The camera stream is only accessible if the page is transferred via https\.$/];

/** A browser whose only camera shows `video`, and a page of it that fails the journey on any console warning or error. */
async function browserWithCamera(video: string, baseURL: string) {
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...fakeCameraArgs(video)],
  });
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 390, height: 844 },
    permissions: ['camera'],
  });
  // The bar was set on this device before.
  await context.addInitScript(() => localStorage.setItem('drinkflow-scanner-barra', 'Barra Cámara'));
  // Counts every 'Consumo Registrado' put on screen, so a drink shown twice (even briefly) is seen.
  await context.addInitScript(() => {
    const counted = window as unknown as { verdictsShown: number };
    counted.verdictsShown = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const headings = [node, ...Array.from(node.querySelectorAll('h2'))];
          counted.verdictsShown += headings.filter(
            (element) => element.tagName === 'H2' && element.textContent === 'Consumo Registrado',
          ).length;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    if (expectedNoise.some((pattern) => pattern.test(message.text()))) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { browser, page, problems };
}

let cameraBrowser: Browser | undefined;
/** The folder of this journey's video: several journeys (or repeats of one) run at once. */
let videoDir: string | undefined;
test.afterEach(async () => {
  const testInfo = test.info();
  await cameraBrowser?.close();
  cameraBrowser = undefined;
  // A failed journey's video and frames stay, to look at.
  if (videoDir && testInfo.status === testInfo.expectedStatus)
    await rm(videoDir, { recursive: true, force: true });
  videoDir = undefined;
});

async function videoOfNewTicket(page: Page, tipo: Record<string, unknown>, name: string, shot?: CameraShot) {
  const { token } = await registerThroughApi(page.request, { nombre: 'Jefa de Barra' });
  const evento = await createLiveEvent(page.request, token, 'Verbena de San Juan');
  const ticket = await createTicket(page.request, token, evento, tipo, 'Nerea Campos');
  videoDir = `.test-tmp/camera-videos-${process.env.E2E_PORT ?? 3100}/ticket-${ticket.id}`;
  // The helper checks the video: the code at the intended size and place, decodable (zbarimg).
  const { video, symbol } = await cameraVideoOfTicketPdf(await ticketPdf(page.request, token, ticket.id), {
    dir: videoDir,
    name,
    expectedCode: ticket.qrCode,
    shot,
  });
  return { token, evento, ticket, video, symbol };
}

test('the camera reads a ticket from its PDF and the drink is recorded once', async ({ page, baseURL }) => {
  const { token, evento, ticket, video } = await videoOfNewTicket(page, {}, 'ticket');
  const camera = await browserWithCamera(video, baseURL!);
  cameraBrowser = camera.browser;
  const scanner = camera.page;

  await scanner.goto(`/scanner/${evento.apiKey}`);
  await expect(scanner.getByRole('region', { name: 'Evento' })).toContainText('Verbena de San Juan');
  await scanner.getByRole('button', { name: 'Activar Cámara' }).click();
  await expect(scanner.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  await expect(scanner.getByText('Quedan 3 bebidas')).toBeVisible();
  await expect(scanner.getByLabel('Vista de la cámara')).toBeVisible();
  await expect(scanner.getByRole('button', { name: 'Cerrar Cámara' })).toBeVisible();
  // The code read is the one typed in the field would be.
  await expect(scanner.getByLabel('Código QR')).toHaveValue(ticket.qrCode);
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

  // The ticket stays in front of the camera: it is not recorded again.
  await scanner.waitForTimeout(4_000);
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);
  await expect(scanner.getByText('Quedan 3 bebidas')).toBeVisible();

  await scanner.getByRole('button', { name: 'Cerrar Cámara' }).click();
  await expect(scanner.getByRole('button', { name: 'Activar Cámara' })).toBeVisible();
  await expect(scanner.getByLabel('Vista de la cámara')).toBeHidden();
  expect(camera.problems, 'console warnings or errors in the camera browser').toEqual([]);
});

test('advanced mode with the camera: the code read is verified, then registered', async ({
  page,
  baseURL,
}) => {
  const { token, evento, ticket, video } = await videoOfNewTicket(
    page,
    { nombre: 'Barra Libre', modo: 'temporal', maxDrinks: null, durationMinutes: 240 },
    'barra-libre',
  );
  const camera = await browserWithCamera(video, baseURL!);
  cameraBrowser = camera.browser;
  const scanner = camera.page;

  await scanner.goto(`/scanner/${evento.apiKey}`);
  await scanner.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }).click();
  await scanner.getByRole('button', { name: 'Activar Cámara' }).click();
  const result = scanner.getByRole('region', { name: 'Resultado del escaneo' });
  await expect(result.getByText('Puede consumir')).toBeVisible();
  await expect(result.getByText('Nerea Campos')).toBeVisible();
  await expect(scanner.getByRole('region', { name: 'Información del Ticket' })).toContainText('Nerea Campos');
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);
  await scanner.getByRole('button', { name: 'Registrar Consumo' }).click();
  await expect(scanner.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);
  expect(camera.problems, 'console warnings or errors in the camera browser').toEqual([]);
});

/**
 * The decoder's centre pass, like qr-scanner's own default, looks only at a centred square of two
 * thirds of the frame's short side; the code held close or far lies outside it, so only the passes
 * over the whole frame read it (packages/web/src/features/scanner/utils/decode-schedule.ts).
 */
const centredSquare = (() => {
  const side = Math.round((2 / 3) * Math.min(FAKE_CAMERA.width, FAKE_CAMERA.height));
  return { x: (FAKE_CAMERA.width - side) / 2, y: (FAKE_CAMERA.height - side) / 2, side };
})();

const framings: { name: string; title: string; shot: CameraShot; framed?(symbol: Box): void }[] = [
  {
    name: 'filling',
    title: 'a code held close, filling 90 % of the frame height',
    shot: FIELD_SHOTS.close,
    framed: (symbol) => {
      expect(symbol.height).toBeGreaterThanOrEqual(0.9 * FAKE_CAMERA.height - 1);
      // Taller than the default's square: it never fitted in it.
      expect(symbol.height).toBeGreaterThan(centredSquare.side);
    },
  },
  {
    name: 'small-corner',
    title: 'a small code (120 px) in a corner of the 640×480 frame',
    shot: FIELD_SHOTS.far,
    framed: (symbol) => {
      expect(symbol.width).toBeGreaterThanOrEqual(117);
      expect(symbol.width).toBeLessThanOrEqual(123);
      // Wholly outside the default's centred square.
      expect(symbol.x + symbol.width).toBeLessThan(centredSquare.x);
    },
  },
  { name: 'dim', title: 'a dim, low-contrast frame (dark grey on darker grey)', shot: FIELD_SHOTS.dim },
  {
    name: 'inverted',
    title: 'a light code on a dark screen (a phone in dark mode)',
    shot: FIELD_SHOTS.lightOnDark,
  },
];

for (const framing of framings) {
  test(`the camera reads ${framing.title}: one drink, shown once`, async ({ page, baseURL }) => {
    const { token, evento, ticket, video, symbol } = await videoOfNewTicket(
      page,
      {},
      `framing-${framing.name}`,
      framing.shot,
    );
    framing.framed?.(symbol);
    const camera = await browserWithCamera(video, baseURL!);
    cameraBrowser = camera.browser;
    const scanner = camera.page;
    const consumeCalls: string[] = [];
    scanner.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/consume')) consumeCalls.push(request.url());
    });

    await scanner.goto(`/scanner/${evento.apiKey}`);
    await expect(scanner.getByRole('region', { name: 'Evento' })).toContainText('Verbena de San Juan');
    await scanner.getByRole('button', { name: 'Activar Cámara' }).click();
    const verdict = scanner.getByRole('heading', { level: 2, name: 'Consumo Registrado' });
    await expect(verdict).toBeVisible();
    await expect(scanner.getByRole('region', { name: 'Resultado del escaneo' })).toContainText(
      'Nerea Campos',
    );
    expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

    // The code stays in front of the camera: not recorded, nor shown, again.
    await scanner.waitForTimeout(4_000);
    await expect(verdict).toHaveCount(1);
    expect(await scanner.evaluate(() => (window as unknown as { verdictsShown: number }).verdictsShown)).toBe(
      1,
    );
    expect(consumeCalls).toHaveLength(1);
    expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);
    await expect(scanner.getByText(/Ya escaneado/)).toBeHidden();
    expect(camera.problems, 'console warnings or errors in the camera browser').toEqual([]);
  });
}
