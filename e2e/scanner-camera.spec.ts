import { chromium, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config';
import { registerThroughApi } from './fixtures';
import { cameraVideoOfTicketPdf, fakeCameraArgs } from './support/camera-video';
import { consumosOf, createLiveEvent, createTicket, ticketPdf } from './support/scanner-data';
import { expect, test } from './test';

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
test.afterEach(async () => {
  await cameraBrowser?.close();
  cameraBrowser = undefined;
});

async function videoOfNewTicket(page: Page, tipo: Record<string, unknown>, name: string) {
  const { token } = await registerThroughApi(page.request, { nombre: 'Jefa de Barra' });
  const evento = await createLiveEvent(page.request, token, 'Verbena de San Juan');
  const ticket = await createTicket(page.request, token, evento, tipo, 'Nerea Campos');
  const { video } = await cameraVideoOfTicketPdf(await ticketPdf(page.request, token, ticket.id), {
    dir: `.test-tmp/camera-videos-${process.env.E2E_PORT ?? 3100}`,
    name,
    expectedCode: ticket.qrCode,
  });
  return { token, evento, ticket, video };
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
  await expect(scanner.getByText('Puede consumir')).toBeVisible();
  await expect(scanner.getByText('Nerea Campos')).toBeVisible();
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);
  await scanner.getByRole('button', { name: 'Registrar Consumo' }).click();
  await expect(scanner.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);
  expect(camera.problems, 'console warnings or errors in the camera browser').toEqual([]);
});
