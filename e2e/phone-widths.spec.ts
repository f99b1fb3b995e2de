import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import { demoAccounts, loginThroughForm } from './fixtures';
import { expect, test } from './test';

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

    test('the admin panel fits the screen', async ({ page }) => {
      await loginThroughForm(page, demoAccounts.admin);
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
      await expectNoSidewaysScrolling(page, '/admin');
    });
  });
}
