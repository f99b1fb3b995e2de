import type { Page } from '@playwright/test';
import {
  type Account,
  demoAccounts,
  loginThroughForm,
  registerThroughApi,
  signInAsNewOrganizer,
} from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { expect, test } from './support/test';

const sideMenu = (page: Page) => page.getByRole('complementary', { name: 'Menú del organizador' });
const menuItem = (page: Page, name: string) => sideMenu(page).getByRole('link', { name, exact: true });

async function expectNoSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The first Tab of a fresh page reaches 'Saltar al contenido', which then moves the focus to main. */
async function expectSkipLinkToMain(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test.describe('at 1366×800', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the side menu marks the section of nested pages and the brand survives a collapsed menu', async ({
    page,
    request,
  }) => {
    const account = await signInAsNewOrganizer(page, request);
    const evento = await createEventThroughApi(request, account.token, { nombre: 'Feria de Abril' });
    for (const path of [`/organizer/evento/${evento.id}`, `/organizer/evento/${evento.id}/editar`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(menuItem(page, 'Mis Eventos')).toHaveAttribute('aria-current', 'page');
      await expect(sideMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
    }
    await page.goto('/organizer/pedido/1');
    await expect(menuItem(page, 'Pedidos')).toHaveAttribute('aria-current', 'page');

    await expectSkipLinkToMain(page);

    const brand = page.getByRole('banner').getByText('DrinkFlow', { exact: true });
    await expect(sideMenu(page).getByText('DrinkFlow', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Ocultar menú' }).click();
    await expect(sideMenu(page)).toBeHidden();
    await expect(brand).toBeVisible();
    await page.getByRole('button', { name: 'Mostrar menú' }).click();
    await expect(sideMenu(page)).toBeVisible();
    await expect(brand).toBeHidden();
    // On a wide screen the menu is part of the page: Escape leaves it open.
    await page.keyboard.press('Escape');
    await expect(sideMenu(page)).toBeVisible();
  });

  test('the statistics page without events asks for one and leads back to the events', async ({
    page,
    request,
  }) => {
    await signInAsNewOrganizer(page, request);
    // Every section is built now (/organizer/scanner: organizer-scanner.spec.ts; statistics: statistics.spec.ts).
    await page.goto('/organizer/estadisticas');
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Selecciona un Evento' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Ir a Mis Eventos' }).click();
    await expect(page).toHaveURL('/organizer/eventos');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone header shows brand and name, and the drawer closes with Escape', async ({
    page,
    request,
  }) => {
    await signInAsNewOrganizer(page, request, 'Rocío');
    const header = page.getByRole('banner');
    await expect(header.getByText('DrinkFlow', { exact: true })).toBeVisible();
    await expect(header.getByText('Rocío', { exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
    await expectNoSidewaysScrolling(page);

    const toggle = page.getByRole('button', { name: 'Mostrar menú' });
    await toggle.click();
    await expect(sideMenu(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sideMenu(page)).toBeHidden();
    await expect(toggle).toBeFocused();

    // Navigating from the drawer closes it.
    await toggle.click();
    await menuItem(page, 'Mi Perfil').click();
    await expect(page).toHaveURL('/organizer/perfil');
    await expect(sideMenu(page)).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
    await expectSkipLinkToMain(page);
  });
});

test('at 360 px a long name is cut in the header instead of widening the page', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const nombre = 'Maximiliana Concepción Fernández-Villaverde';
  const account = (await registerThroughApi(request, { nombre })) as unknown as Account;
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');
  const name = page.getByRole('banner').getByText(nombre, { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoSidewaysScrolling(page);
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`the admin panel fits ${viewport.width} px and starts with the skip link`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    const header = page.getByRole('banner');
    await expect(header.getByText('Administrador', { exact: true })).toBeInViewport();
    await expect(header.getByRole('button', { name: 'Cerrar Sesión' })).toBeInViewport();
    await expectNoSidewaysScrolling(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
    await expectSkipLinkToMain(page);
  });
}
