import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import { demoAccounts, loginThroughForm, signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';

// Organizers and admins run events from a phone: no page of their areas may scroll sideways at
// 360 or 390 px, with the demo's real data in the lists, and no page may log a warning or error.

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

async function expectNoSidewaysScrolling(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(
    widths.document,
    `${what}: document ${widths.document} px > viewport ${widths.viewport} px`,
  ).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, `${what}: body wider than the viewport`).toBeLessThanOrEqual(widths.viewport);
}

/**
 * The element lies within the screen's width and nothing inside it is wider than it (a dialog would
 * scroll sideways inside itself, which the page's own width does not show).
 */
async function expectFitsTheWidth(element: Locator, what: string) {
  await expect(element).toBeVisible();
  const box = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return {
      left: rect.left,
      right: rect.right,
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      viewport: window.innerWidth,
    };
  });
  expect(box.left, `${what}: starts off the screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what}: ends ${box.right} px, screen ${box.viewport} px`).toBeLessThanOrEqual(
    box.viewport,
  );
  expect(
    box.scrollWidth,
    `${what}: content ${box.scrollWidth} px in ${box.clientWidth} px`,
  ).toBeLessThanOrEqual(box.clientWidth);
}

const HOUR = 60 * 60 * 1000;

/**
 * A festival with long names where the screens show them: bars, a ticket type with a per-day
 * limit and allowed bars, and an order of one ticket.
 */
async function festivalOrder(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
  const created = await request.post('/api/eventos', {
    headers,
    data: {
      nombre: 'Festival Internacional de Música Electrónica de la Malvarrosa',
      ubicacion: 'Playa de la Malvarrosa, Valencia',
      fechaInicio: start.toISOString(),
      fechaFin: new Date(start.getTime() + 72 * HOUR).toISOString(),
      barras: ['Barra Principal Escenario Norte', 'Terraza VIP de Patrocinadores', 'Carpa de Cócteles'],
    },
  });
  expect(created.status()).toBe(201);
  const evento = (await created.json()) as { id: number; fechaInicio: string; fechaFin: string };
  const tipo = await createTicketTypeThroughApi(request, token, evento, {
    nombre: 'Pulsera Fin de Semana Completo',
    maxDrinks: 12,
    maxDrinksPerDay: 4,
    barrasPermitidas: ['Terraza VIP de Patrocinadores'],
  });
  const pedido = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: 'María de las Mercedes Fernández-Villaverde Rodríguez',
    email: uniqueEmail('maria.mercedes.fernandez-villaverde'),
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  return { evento, tipo, pedido };
}

/** The demo organizer's first event and one of its ticket types, read through the API. */
async function demoIds(page: Page) {
  const login = await page.request.post('/api/auth/login', {
    data: { email: demoAccounts.organizer, password: DEMO_PASSWORD },
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}` };
  const events = (await (await page.request.get(`/api/eventos/${user.id}`, { headers })).json()) as {
    id: number;
  }[];
  const types = (await (await page.request.get('/api/tipos-ticket/all/organizer', { headers })).json()) as {
    id: number;
  }[];
  return { eventId: events[0]!.id, ticketTypeId: types[0]!.id };
}

for (const viewport of phones) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('every organizer page fits the screen', async ({ page }) => {
      const { eventId, ticketTypeId } = await demoIds(page);
      await loginThroughForm(page, demoAccounts.organizer);
      await expect(page).toHaveURL('/organizer/eventos');
      const pages = [
        '/organizer/eventos',
        `/organizer/evento/${eventId}`,
        `/organizer/evento/${eventId}/editar`,
        '/organizer/tipos-ticket',
        `/organizer/tipos-ticket?evento=${eventId}`,
        `/organizer/tipos-ticket/${ticketTypeId}/editar`,
        '/organizer/pedidos',
        '/organizer/estadisticas',
        `/organizer/estadisticas?evento=${eventId}`,
        '/organizer/scanner',
        '/organizer/perfil',
      ];
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoSidewaysScrolling(page, path);
      }
    });

    test('the create dialogs fit the screen', async ({ page }) => {
      const { eventId } = await demoIds(page);
      await loginThroughForm(page, demoAccounts.organizer);
      await expect(page).toHaveURL('/organizer/eventos');
      await page.getByRole('button', { name: 'Nuevo Evento' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSidewaysScrolling(page, 'create-event dialog');
      await page.keyboard.press('Escape');

      await page.goto(`/organizer/tipos-ticket?evento=${eventId}`);
      await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSidewaysScrolling(page, 'create-ticket-type dialog');
    });

    test('an order’s email card and top-up dialog, and the festival ticket-type form, fit the screen', async ({
      page,
      request,
    }) => {
      const account = await signInAsNewOrganizer(page, request);
      const { evento, tipo, pedido } = await festivalOrder(request, account.token);

      // The order: its email card, then 'Añadir bebidas' on its ticket.
      await page.goto(`/organizer/pedido/${pedido.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      const emailCard = page.getByRole('region', { name: 'Envío por email' });
      await expect(emailCard.getByText('Sin enviar', { exact: true })).toBeVisible();
      await emailCard.scrollIntoViewIfNeeded();
      await expectFitsTheWidth(emailCard, 'email card');
      await expect(emailCard.getByRole('button', { name: 'Enviar por email' })).toBeInViewport();
      await expectNoSidewaysScrolling(page, 'order detail');

      const ticket = page.getByRole('article', { name: `Ticket #${pedido.tickets[0]!.id}` });
      await ticket.getByRole('button', { name: 'Añadir bebidas' }).click();
      const topUp = page.getByRole('dialog', { name: 'Añadir bebidas' });
      await expectFitsTheWidth(topUp, 'top-up dialog');
      // Its first screen: the title and the first field; the rest scrolls into view.
      await expect(topUp.getByRole('heading', { name: 'Añadir bebidas' })).toBeInViewport();
      await expect(topUp.getByLabel(/^Bebidas/)).toBeInViewport();
      const add = topUp.getByRole('button', { name: 'Añadir bebidas' });
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      await expectNoSidewaysScrolling(page, 'top-up dialog');
      await page.keyboard.press('Escape');
      await expect(topUp).toBeHidden();

      // A new ticket type of the festival: 'Máximo por día' and 'Barras permitidas'.
      await page.goto(`/organizer/tipos-ticket?evento=${evento.id}`);
      await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).first().click();
      const create = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
      await expectFitsTheWidth(create, 'create-ticket-type dialog');
      const bars = create.getByRole('group', { name: 'Barras permitidas' });
      await bars.scrollIntoViewIfNeeded();
      await expect(create.getByLabel('Máximo por día')).toBeVisible();
      await expectFitsTheWidth(bars, 'allowed bars in the dialog');
      for (const barra of ['Barra Principal Escenario Norte', 'Terraza VIP de Patrocinadores']) {
        await expect(bars.getByRole('checkbox', { name: barra })).toBeVisible();
      }
      await expectFitsTheWidth(create, 'create-ticket-type dialog with its festival fields');
      await page.keyboard.press('Escape');

      // The same fields on the edit page, filled in.
      await page.goto(`/organizer/tipos-ticket/${tipo.id}/editar`);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      const daily = page.getByLabel('Máximo por día');
      await daily.scrollIntoViewIfNeeded();
      await expect(daily).toHaveValue('4');
      const editBars = page.getByRole('group', { name: 'Barras permitidas' });
      await expect(editBars.getByRole('checkbox', { name: 'Terraza VIP de Patrocinadores' })).toBeChecked();
      await expectFitsTheWidth(editBars, 'allowed bars on the edit page');
      await expectNoSidewaysScrolling(page, 'ticket-type edit page');
    });

    test('an order’s email state fits the screen: the list’s card and a failure’s reason', async ({
      page,
      request,
    }) => {
      const account = await signInAsNewOrganizer(page, request);
      const { evento, pedido } = await festivalOrder(request, account.token);
      // The journey server has no mail server, so no email can fail here: the order's real answer
      // is shown with the longest state it can carry, a failure with the mail server's reason.
      const failed = {
        estado: 'fallido',
        intentos: 4,
        enviadoEn: null,
        ultimoError:
          'El servidor de correo rechazó el mensaje (550 5.1.1 <maria.mercedes.fernandez-villaverde@correo-muy-largo.example.com>: Recipient address rejected)',
      };
      const withFailedEmail = async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { envio?: unknown; pedidos?: { envio: unknown }[] };
        if (body.pedidos) for (const item of body.pedidos) item.envio = failed;
        else body.envio = failed;
        await route.fulfill({ response, json: body });
      };
      const answered = [`/api/pedido/${pedido.id}`, `/api/pedidos/${evento.id}`];
      await page.route((url) => answered.includes(url.pathname), withFailedEmail);

      await page.goto(`/organizer/pedidos?evento=${evento.id}`);
      const card = page.getByRole('article', { name: /María de las Mercedes/ });
      const email = card.getByRole('term').filter({ hasText: 'Email' }).locator('xpath=..');
      await expect(email.getByRole('definition')).toContainText('Estado del email: Fallido');
      await expectFitsTheWidth(card, 'order card with its email state');
      await expectNoSidewaysScrolling(page, 'orders list with email states');

      await page.goto(`/organizer/pedido/${pedido.id}`);
      const emailCard = page.getByRole('region', { name: 'Envío por email' });
      await expect(emailCard.getByText(/^Fallido: El servidor de correo rechazó/)).toBeVisible();
      await emailCard.scrollIntoViewIfNeeded();
      await expectFitsTheWidth(emailCard, 'email card with a failure');
      await expect(emailCard.getByRole('button', { name: 'Reenviar' })).toBeInViewport();
      await expectNoSidewaysScrolling(page, 'order detail with a failed email');
    });

    test('the admin panel fits the screen', async ({ page }) => {
      await loginThroughForm(page, demoAccounts.admin);
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
      await expectNoSidewaysScrolling(page, '/admin');
    });
  });
}
