import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { demoAccounts, loginThroughForm, registerThroughApi } from './support/accounts';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

const DISABLED = 'Tu cuenta está desactivada. Contacta con el administrador.';

const sectionLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name, exact: true });

/** The dashboard figure under `label`, as a number. */
async function figure(page: Page, label: string): Promise<number> {
  const value = page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(value).toHaveText(/^\d[\d.]*$/);
  return Number((await value.textContent())!.replaceAll('.', ''));
}

async function expectNoSidewaysScrolling(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test('an admin sees the real figures, finds a user and disables them; that user can no longer sign in', async ({
  page,
  request,
}) => {
  const nombre = `Ramona${Date.now().toString(36)}`;
  const account = await registerThroughApi(request, { nombre });
  const me = () => request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } });
  expect((await me()).status()).toBe(200);

  await loginThroughForm(page, demoAccounts.admin);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
  // The demo's three accounts and the one just registered, at least; the demo event is running.
  expect(await figure(page, 'Total Usuarios')).toBeGreaterThanOrEqual(4);
  expect(await figure(page, 'Organizadores')).toBeGreaterThanOrEqual(2);
  expect(await figure(page, 'Eventos Activos')).toBeGreaterThanOrEqual(1);
  expect(await figure(page, 'Total Consumos')).toBeGreaterThan(0);
  await expect(
    page
      .getByRole('list', { name: 'Actividad Reciente' })
      .getByText(`Nuevo usuario: ${nombre} (Organizador)`),
  ).toBeVisible();

  await sectionLink(page, 'Gestión de Usuarios').click();
  await expect(page).toHaveURL('/admin?seccion=usuarios');
  await page.getByLabel('Buscar usuarios').fill(account.email.toUpperCase());
  const row = page.getByRole('row', { name: new RegExp(nombre) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one user found
  await expect(row.getByText('Activa', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: `Desactivar ${nombre}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Desactivar cuenta?' });
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(toastTitled(page, 'Cuenta desactivada')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Desactivada', { exact: true })).toBeVisible();

  // Their open session ended at once.
  expect((await me()).status()).toBe(401);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL('/');
  await loginThroughForm(page, account.email, account.password);
  await expect(toastTitled(page, 'Error de autenticación')).toBeVisible();
  await expect(page.getByText(DISABLED, { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every section fits and a user’s role and state change from their card', async ({ page, request }) => {
    const nombre = `Telesforo${Date.now().toString(36)}`;
    const account = await registerThroughApi(request, { nombre, rol: 'scanner' });
    const demoRequest = await request.post('/api/demo-request', {
      data: {
        name: `Solicitante ${nombre}`,
        email: `solicitud.${nombre.toLowerCase()}@example.com`,
        phone: '+34 612 345 678',
        eventType: 'corporativo',
        message: 'Somos una empresa con un nombre larguísimo y queremos controlar la barra libre de la cena.',
        acceptTerms: 'true',
      },
    });
    expect(demoRequest.status()).toBe(201);

    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    await figure(page, 'Total Usuarios');
    await expectNoSidewaysScrolling(page, 'dashboard');

    // The menu opens over the page and closes once a section is chosen.
    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await sectionLink(page, 'Solicitudes de Demo').click();
    await expect(page.getByRole('button', { name: 'Expandir menú' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Solicitudes de Demo' })).toBeVisible();
    await expect(page.getByRole('article', { name: `Solicitante ${nombre}` })).toBeVisible();
    await expectNoSidewaysScrolling(page, 'demo requests');
    await expectNoSeriousA11yViolations(page);

    await sectionLink(page, 'Gestión de Usuarios').click();
    await page.getByLabel('Buscar usuarios').fill(account.email);
    const card = page.getByRole('article', { name: nombre });
    await expect(card).toBeVisible();
    await expectNoSidewaysScrolling(page, 'users');

    await card.getByRole('combobox', { name: `Rol de ${nombre}` }).selectOption('organizer');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cambiar rol' }).click();
    await expect(toastTitled(page, 'Rol actualizado')).toBeVisible();
    await expect(card.getByRole('combobox', { name: `Rol de ${nombre}` })).toHaveValue('organizer');

    await card.getByRole('button', { name: `Desactivar ${nombre}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar' }).click();
    await expect(card.getByRole('button', { name: `Activar ${nombre}` })).toBeVisible();
    await card.getByRole('button', { name: `Activar ${nombre}` }).click();
    await expect(toastTitled(page, 'Cuenta activada')).toBeVisible();
    await expect(card.getByText('Activa', { exact: true })).toBeVisible();

    const login = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    expect((await login.json()).user.rol).toBe('organizer');
  });
});
