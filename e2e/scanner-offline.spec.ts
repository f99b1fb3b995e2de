import type { BrowserContext, Page } from '@playwright/test';
import { registerThroughApi } from './support/accounts';
import { expect, test } from './support/test';
import { createLiveEvent, createTicket } from './support/scanner-data';

// The bar keeps serving with no network (docs/rules/offline-and-field.md): the scanner stores the event's offline
// data, decides a scan on the device when the server cannot be reached, keeps the drinks it served
// and the scans it refused in a queue that outlives a reload, and sends them when the network is
// back — each once, at the time it was scanned, not the time it was sent (docs/decisions/067).

const codeField = (page: Page) => page.getByLabel('Código QR');
const connection = (page: Page) => page.getByRole('status', { name: 'Conexión' });
const outcome = (page: Page) => page.getByRole('region', { name: 'Resultado del escaneo' });

/** Waits until the scanner's service worker controls the page (it registers after the first paint). */
async function workerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

async function scan(page: Page, qrCode: string) {
  await codeField(page).fill(qrCode);
  await codeField(page).press('Enter');
}

interface Drink {
  tipoBebida: string;
  timestamp: string;
  barra: string | null;
}

async function drinksOf(page: Page, token: string, ticketId: number): Promise<Drink[]> {
  const response = await page.request.get(`/api/tickets/${ticketId}/consumos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Drink[];
}

/**
 * The offline uploads that reached the server (POST …/consume with `offline: true` that got an
 * answer; those tried while the network was down never left the device), counted per scanId.
 */
function countUploads(context: BrowserContext) {
  const uploads = new Map<string, number>();
  context.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/consume')) return;
    const body = request.postDataJSON() as { offline?: boolean; scanId?: string } | null;
    if (body?.offline && body.scanId) uploads.set(body.scanId, (uploads.get(body.scanId) ?? 0) + 1);
  });
  return uploads;
}

test('with no network the bar keeps serving, and the drinks reach the server once, at their scan times', async ({
  page,
  context,
  consoleGuard,
}) => {
  // Offline, the page's own calls to the API fail (and it says so on screen).
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await registerThroughApi(page.request, { nombre: 'Encargado de Barra' });
  const evento = await createLiveEvent(page.request, token, 'Noche sin Red');
  const bono = await createTicket(page.request, token, evento, { maxDrinks: 4 }, 'Lucía Romero');
  const unaCopa = await createTicket(page.request, token, evento, { maxDrinks: 1 }, 'Pablo Ortega');
  // The one-drink ticket had its drink at another bar, online, earlier tonight.
  const earlier = await page.request.post(`/api/scanner/${evento.apiKey}/consume`, {
    data: { qrCode: unaCopa.qrCode, barra: 'Entrada' },
  });
  expect(await earlier.json()).toMatchObject({ success: true });

  // This device is the Terraza's.
  await page.addInitScript(() => localStorage.setItem('drinkflow-scanner-barra', 'Terraza'));
  const uploads = countUploads(context);
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Noche sin Red');
  await expect(connection(page)).toContainText('En línea');
  await expect(connection(page)).toContainText('Datos de hace un momento');
  await workerControls(page);

  // The network falls.
  await context.setOffline(true);
  await expect(connection(page)).toContainText('Sin conexión — modo offline');

  const beforeScan = Date.now();
  await scan(page, bono.qrCode);
  await expect(outcome(page)).toContainText('Consumo Registrado');
  const afterScan = Date.now();
  await expect(outcome(page)).toContainText('Sin conexión');
  await expect(outcome(page)).toContainText('Lucía Romero');
  await expect(outcome(page)).toContainText('Quedan 3 bebidas');
  await expect(connection(page)).toContainText('1 pendiente de enviar');

  // Its only drink is gone (served online at the entrance): refused here too, and queued for the log.
  await scan(page, unaCopa.qrCode);
  await expect(outcome(page)).toContainText('Error de Validación');
  await expect(outcome(page)).toContainText('Límite de bebidas alcanzado');
  await expect(outcome(page)).toContainText('Sin conexión');
  await expect(outcome(page)).toContainText('Pablo Ortega');
  await expect(connection(page)).toContainText('2 pendientes de enviar');

  // Still without network, the page is reloaded: the queue is still there.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Noche sin Red');
  await expect(connection(page)).toContainText('Sin conexión — modo offline');
  await expect(connection(page)).toContainText('2 pendientes de enviar');

  // The network comes back a while after the scan, so its time and the upload's differ.
  await page.waitForTimeout(3_000);
  const restored = Date.now();
  await context.setOffline(false);
  await expect(connection(page)).not.toContainText('pendiente', { timeout: 20_000 });
  await expect(connection(page)).toContainText('En línea');

  const [drink, ...others] = await drinksOf(page, token, bono.id);
  expect(others).toEqual([]);
  expect(drink).toMatchObject({ tipoBebida: 'copa', barra: 'Terraza' });
  const servedAt = Date.parse(drink!.timestamp);
  expect(servedAt).toBeGreaterThanOrEqual(beforeScan - 1_000);
  expect(servedAt).toBeLessThanOrEqual(afterScan + 1_000);
  expect(servedAt).toBeLessThan(restored - 1_000);
  // The refused scan served nothing: the ticket still has only its drink at the entrance.
  expect(await drinksOf(page, token, unaCopa.id)).toMatchObject([{ barra: 'Entrada' }]);
  expect([...uploads.values()]).toEqual([1, 1]);

  // The scan export has both offline scans, with their holders, marked offline; the entrance's not.
  const csv = await page.request.get(`/api/eventos/${evento.id}/export/escaneos.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [header, ...rows] = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
  const column = (name: string) => header!.indexOf(name);
  expect(
    rows.map((row) => [
      row[column('Resultado')],
      row[column('Barra')],
      row[column('Titular')],
      row[column('Offline')],
    ]),
  ).toEqual([
    ['Permitido', 'Entrada', 'Pablo Ortega', 'No'],
    ['Permitido', 'Terraza', 'Lucía Romero', 'Sí'],
    ['Rechazado', 'Terraza', 'Pablo Ortega', 'Sí'],
  ]);
});

test('two tabs of one device share the queue, never serve a last drink twice, and send each drink once', async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
  const evento = await createLiveEvent(page.request, token, 'Dos Pestañas');
  const unaCopa = await createTicket(page.request, token, evento, { maxDrinks: 1 }, 'Marta Soler');
  const bono = await createTicket(page.request, token, evento, { maxDrinks: 4 }, 'Iván Castro');

  await page.addInitScript(() => localStorage.setItem('drinkflow-scanner-barra', 'Barra Norte'));
  const uploads = countUploads(context);
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/scanner/${evento.apiKey}`);
    await expect(connection(tab)).toContainText('Datos de hace un momento');
  }

  await context.setOffline(true);
  // The one-drink ticket in the first tab, then again in the second: the second tab knows.
  await scan(page, unaCopa.qrCode);
  await expect(outcome(page)).toContainText('Consumo Registrado');
  await scan(second, unaCopa.qrCode);
  await expect(outcome(second)).toContainText('Límite de bebidas alcanzado');
  await scan(second, bono.qrCode);
  await expect(outcome(second)).toContainText('Consumo Registrado');
  // Two drinks and the refusal wait (docs/decisions/067).
  for (const tab of [page, second]) await expect(connection(tab)).toContainText('3 pendientes de enviar');

  // Back online: both tabs hear it at once; each drink is sent once.
  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(connection(tab)).not.toContainText('pendiente', { timeout: 20_000 });
  }
  expect(await drinksOf(page, token, unaCopa.id)).toHaveLength(1);
  expect(await drinksOf(page, token, bono.id)).toHaveLength(1);
  expect([...uploads.values()]).toEqual([1, 1, 1]);
});
