import type { APIRequestContext, Page } from '@playwright/test';
import { registerThroughApi } from './support/accounts';
import { createLiveEvent, createTicket, HOUR, type LiveEvent } from './support/scanner-data';
import { codeField, resultArea, wedgeScan } from './support/scanner-page';
import { expect, test } from './support/test';

// A bartender's phone pairs with the code the organizer made (docs/rules/devices.md): the pairing
// page at /emparejar/{codigo}, the event's scanner with the device's token, a revocation that stops
// it, and an event that takes only paired devices explaining how to pair.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function newPairingCode(request: APIRequestContext, token: string, eventoId: number) {
  const response = await request.post(`/api/eventos/${eventoId}/dispositivos/emparejamientos`, {
    headers: auth(token),
  });
  expect(response.status()).toBe(201);
  const pairing = (await response.json()) as { codigo: string; url: string };
  expect(pairing.url).toBe(`/emparejar/${pairing.codigo}`);
  return pairing;
}

/** The pairing page's form, filled and sent; the phone lands on the event's scanner. */
async function pair(page: Page, name: string) {
  await page.getByLabel('Nombre del dispositivo').fill(name);
  await page.getByRole('button', { name: 'Emparejar' }).click();
}

/** The scanner's first question on a new device, left for later. */
async function skipBarQuestion(page: Page) {
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await expect(codeField(page)).toBeVisible();
}

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a phone pairs with the organizer’s code, scans, and stops once revoked', async ({ page }) => {
  const organizer = await registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
  const evento = await createLiveEvent(page.request, organizer.token, 'Verbena de San Juan');
  const bono = await createTicket(page.request, organizer.token, evento, { maxDrinks: 5 }, 'Lucía Romero');
  const { codigo, url } = await newPairingCode(page.request, organizer.token, evento.id);

  // The QR's link on the phone: the code is there, the phone names itself.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Emparejar este dispositivo' })).toBeVisible();
  await expect(page.getByLabel('Código de emparejamiento')).toHaveValue(codigo);
  await expect(page.getByLabel('Nombre del dispositivo')).toHaveValue('Barra 1 · móvil');
  await fitsThePhone(page);
  await pair(page, 'Barra 2 · móvil de Pablo');
  await expect(page).toHaveURL(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Verbena de San Juan');
  await skipBarQuestion(page);

  // The same code does not pair a second phone.
  const second = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const secondPage = await second.newPage();
  await secondPage.goto(url);
  await pair(secondPage, 'Otro móvil');
  await expect(secondPage.getByText('El código no es válido o ha caducado.')).toBeVisible();
  await second.close();

  // It scans; the board names the phone with its drink.
  await codeField(page).click();
  await wedgeScan(page, bono.qrCode);
  await expect(resultArea(page)).toContainText('Consumo Registrado');
  const board = await page.request.get(`/api/eventos/${evento.id}/dispositivos`, {
    headers: auth(organizer.token),
  });
  expect(board.status()).toBe(200);
  const devices = (await board.json()) as {
    id: number;
    nombre: string;
    tipo: string;
    consumos10min: number;
  }[];
  const phone = devices.find((device) => device.nombre === 'Barra 2 · móvil de Pablo');
  expect(phone).toMatchObject({ tipo: 'autorizado', consumos10min: 1 });

  // The organizer revokes it: the next scan stops the phone.
  const revoke = await page.request.post(`/api/eventos/${evento.id}/dispositivos/${phone!.id}/revocar`, {
    headers: auth(organizer.token),
  });
  expect(revoke.status()).toBe(200);
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await wedgeScan(page, bono.qrCode);
  await expect(page.getByRole('heading', { name: 'Este dispositivo ha sido revocado.' })).toBeVisible();
  await expect(codeField(page)).toBeHidden();
  await expect(page.getByText('No queda ningún consumo sin conexión por enviar.')).toBeVisible();
  await fitsThePhone(page);

  // A reload keeps it stopped, and its offline data is gone.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Este dispositivo ha sido revocado.' })).toBeVisible();
  await expect(codeField(page)).toBeHidden();
  const stored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('drinkflow-escaner');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('datos').objectStore('datos').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(stored).toBe(0);
});

test('an event that takes only paired devices explains how to pair, and pairs from there', async ({
  page,
}) => {
  const organizer = await registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
  const created = await page.request.post('/api/eventos', {
    headers: auth(organizer.token),
    data: {
      nombre: 'Gala Privada',
      ubicacion: 'Hotel Alfonso XIII, Sevilla',
      fechaInicio: new Date(Date.now() - HOUR).toISOString(),
      fechaFin: new Date(Date.now() + 3 * HOUR).toISOString(),
      soloDispositivosAutorizados: true,
    },
  });
  expect(created.status()).toBe(201);
  const evento = (await created.json()) as LiveEvent;
  const copa = await createTicket(page.request, organizer.token, evento);

  // The plain link: no scanning, the explanation instead.
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(
    page.getByRole('heading', { name: 'Este escáner necesita autorización del organizador.' }),
  ).toBeVisible();
  await expect(page.getByText(/Pide al organizador un código de emparejamiento/)).toBeVisible();
  await expect(codeField(page)).toBeHidden();
  await fitsThePhone(page);

  // The code read aloud, typed in lowercase with a dash, pairs this phone and opens the scanner.
  const { codigo } = await newPairingCode(page.request, organizer.token, evento.id);
  const typed = `${codigo.slice(0, 4)}-${codigo.slice(4)}`.toLowerCase();
  await page.getByLabel('Código de emparejamiento').fill(typed);
  await pair(page, 'Barra 1 · móvil');
  await expect(page).toHaveURL(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Gala Privada');
  await skipBarQuestion(page);
  await codeField(page).click();
  await wedgeScan(page, copa.qrCode);
  await expect(resultArea(page)).toContainText('Consumo Registrado');
});
