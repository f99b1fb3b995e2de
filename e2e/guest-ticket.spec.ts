import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { loginThroughForm, registerThroughApi, uniqueEmail } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';
import { createLiveEvent, HOUR, invalidateTicket, type LiveEvent } from './support/scanner-data';

// The guest's own ticket page, /t/{token} (docs/rules/guests.md): public, a phone's first screen shows the
// QR and the drinks left, the QR scans from a screenshot, the count follows the bar's scans without
// a reload, and once loaded the page opens with no network.

test.use({ viewport: { width: 390, height: 844 } });

interface GuestTicket {
  id: number;
  qrCode: string;
  enlaceInvitado: string;
}

async function guestTicket(
  request: APIRequestContext,
  tipo: Record<string, unknown> = {},
  titular = 'Lucía Fernández',
): Promise<{ evento: LiveEvent; ticket: GuestTicket; token: string }> {
  const { token } = await registerThroughApi(request, { nombre: 'Organizadora' });
  const evento = await createLiveEvent(request, token, 'Boda de Ana y Luis');
  const type = await createTicketTypeThroughApi(request, token, evento, { maxDrinks: 3, ...tipo });
  const order = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: titular,
    email: uniqueEmail('invitada'),
    ticketTypeId: type.id,
    quantity: 1,
  });
  return { evento, ticket: order.tickets[0] as GuestTicket, token };
}

async function scanAtTheBar(request: APIRequestContext, evento: LiveEvent, qrCode: string) {
  const response = await request.post(`/api/scanner/${evento.apiKey}/consume`, {
    data: { qrCode, scanId: randomUUID() },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { success: boolean }).success).toBe(true);
}

const qr = (page: Page) => page.getByRole('img', { name: 'Código QR del ticket' });
const drinksLeft = (page: Page) => page.getByRole('region', { name: 'Bebidas restantes' });

/** What zbarimg reads from a screenshot of the page's QR, as a phone's camera would. */
async function decodeQr(page: Page, name: string): Promise<string> {
  const path = join(test.info().outputDir, `${name}.png`);
  await qr(page).screenshot({ path });
  return execFileSync('zbarimg', ['--raw', '-q', path], { encoding: 'utf8' }).trim();
}

/** Waits until the guest page's service worker controls the page and keeps this ticket's answer. */
async function keptForOffline(page: Page, enlace: string) {
  const worker = await page.evaluate(async () => {
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
  expect(worker).toEqual({ script: '/guest-sw.js', scope: '/t/' });
  await expect
    .poll(() => page.evaluate((path) => caches.match(path).then(Boolean), `/api${enlace}`))
    .toBe(true);
}

test('the guest page shows a QR that scans, the drinks left live, and opens with no network', async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { evento, ticket } = await guestTicket(page.request);
  expect(ticket.enlaceInvitado).toMatch(/^\/t\/[A-Za-z0-9_-]+$/);

  await page.goto(ticket.enlaceInvitado);
  await expect(page.getByRole('heading', { level: 1, name: 'Boda de Ana y Luis' })).toBeVisible();
  await expect(page.getByText('Terraza del Casino, Sevilla')).toBeVisible();
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText('Lucía Fernández')).toBeVisible();
  await expect(page.getByText('Entrada General')).toBeVisible();
  await expect(page.getByText('3 bebidas', { exact: true })).toBeVisible();
  await expect(drinksLeft(page)).toContainText('3 de 3');
  await expect(page).toHaveTitle('Mi ticket — Boda de Ana y Luis');

  // The first screen of a phone: the QR, large, and the drinks left; nothing wider than the screen.
  await expect(qr(page)).toBeInViewport({ ratio: 1 });
  await expect(drinksLeft(page)).toBeInViewport({ ratio: 1 });
  const box = (await qr(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(260);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await decodeQr(page, 'guest-qr')).toBe(ticket.qrCode);
  await expectNoSeriousA11yViolations(page);

  await keptForOffline(page, ticket.enlaceInvitado);

  // A drink at the bar: the page shows it when it is looked at again, without a reload.
  await scanAtTheBar(page.request, evento, ticket.qrCode);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(drinksLeft(page)).toContainText('2 de 3');
  await expect(page.getByText(/^Sin conexión/)).toBeHidden();

  // No network: the reloaded page comes from the worker, with the last answer and its time.
  await expect
    .poll(() =>
      page.evaluate(async (path) => {
        const kept = await caches.match(path);
        return kept ? ((await kept.json()) as { bebidasRestantes: number }).bebidasRestantes : null;
      }, `/api${ticket.enlaceInvitado}`),
    )
    .toBe(2);
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Boda de Ana y Luis' })).toBeVisible();
  await expect(page.getByText(/^Sin conexión — datos de las \d{2}:\d{2}$/)).toBeVisible();
  await expect(drinksLeft(page)).toContainText('2 de 3');
  await expect(qr(page)).toBeVisible();
  expect(await decodeQr(page, 'guest-qr-offline')).toBe(ticket.qrCode);
  await context.setOffline(false);
});

test('an interval ticket says when the next drink is allowed', async ({ page }) => {
  const { evento, ticket } = await guestTicket(page.request, {
    nombre: 'Barra Controlada',
    modo: 'intervalos_controlados',
    maxDrinks: null,
    drinkIntervalMinutes: 30,
    durationMinutes: 300,
  });
  await scanAtTheBar(page.request, evento, ticket.qrCode);

  await page.goto(ticket.enlaceInvitado);
  await expect(page.getByText(/^Próxima bebida a las \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText(/1 bebida cada 30 min/)).toBeVisible();
});

test('a festival pass says «Hoy: 1 de 2» on the guest page and the order detail, and when the limit lifts', async ({
  page,
}) => {
  // docs/rules/festivals.md: 2 drinks per festival day (the default 06:00 cut-off in Madrid). The pass is
  // valid well past the next cut-off, so the page can name it at any hour of the run.
  const organizer = await registerThroughApi(page.request, { nombre: 'Organizadora' });
  const evento = await createEventThroughApi(page.request, organizer.token, {
    nombre: 'Festival del Río',
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 30 * HOUR).toISOString(),
  });
  const type = await createTicketTypeThroughApi(page.request, organizer.token, evento, {
    nombre: 'Abono Festival',
    maxDrinks: 5,
    maxDrinksPerDay: 2,
  });
  const order = await createOrderThroughApi(page.request, organizer.token, {
    eventoId: evento.id,
    nombreCompleto: 'Marta Ruiz',
    email: uniqueEmail('festival'),
    ticketTypeId: type.id,
    quantity: 1,
  });
  const ticket = order.tickets[0] as GuestTicket;
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(ticket.enlaceInvitado);
  await expect(drinksLeft(page)).toContainText('5 de 5');
  await expect(drinksLeft(page)).toContainText('Hoy: 0 de 2');

  // A drink at the bar: the page shows it when it is looked at again, without a reload.
  await scanAtTheBar(page.request, evento, ticket.qrCode);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(drinksLeft(page)).toContainText('4 de 5');
  await expect(drinksLeft(page).getByText('Hoy: 1 de 2', { exact: true })).toBeVisible();
  await expect(drinksLeft(page)).toBeInViewport({ ratio: 1 });
  await expect(page.getByText(/^Próxima bebida/)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The organizer's order detail says it beside the drinks left, on a phone too.
  await loginThroughForm(page, organizer.email, organizer.password);
  await expect(page).toHaveURL('/organizer/eventos');
  await page.goto(`/organizer/pedido/${order.id}`);
  const card = page.getByRole('article', { name: `Ticket #${ticket.id}` });
  await expect(card.getByText('Quedan 4 de 5 bebidas (1 usada)', { exact: true })).toBeVisible();
  await expect(card.getByText('Hoy: 1 de 2', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Today's second drink: the limit is reached until the next cut-off, 06:00 in Madrid.
  await scanAtTheBar(page.request, evento, ticket.qrCode);
  await page.goto(ticket.enlaceInvitado);
  await expect(drinksLeft(page)).toContainText('3 de 5');
  await expect(drinksLeft(page)).toContainText('Hoy: 2 de 2');
  await expect(page.getByText(/^Próxima bebida (mañana )?a las 06:00$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an invalidated ticket shows no QR, and an unknown link says so', async ({ page }) => {
  const { ticket, token } = await guestTicket(page.request);
  await invalidateTicket(page.request, token, ticket.id);

  await page.goto(ticket.enlaceInvitado);
  await expect(page.getByRole('alert')).toHaveText('Ticket invalidado — pide ayuda al organizador');
  await expect(page.getByRole('heading', { level: 1, name: 'Boda de Ana y Luis' })).toBeVisible();
  await expect(qr(page)).toHaveCount(0);
  await expect(page.getByText(ticket.qrCode)).toHaveCount(0);

  await page.goto('/t/EsteTokenNoExisteEnNingunSitio');
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket no encontrado' })).toBeVisible();
  await expect(qr(page)).toHaveCount(0);
});
