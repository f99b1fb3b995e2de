import { signInAsNewOrganizer } from './support/accounts';
import { expect, test } from './support/test';

test('the organizer menu is open on wide screens and closes after navigating on small ones', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewOrganizer(page, request, 'Lola');
  const menu = page.getByRole('complementary', { name: 'Menú del organizador' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('banner').getByText('Organizador', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Lola')).toBeVisible();
  for (const [label, path] of [
    ['Tipos de Ticket', '/organizer/tipos-ticket'],
    ['Pedidos', '/organizer/pedidos'],
    ['Estadísticas', '/organizer/estadisticas'],
    ['Escáner QR', '/organizer/scanner'],
    ['Mi Perfil', '/organizer/perfil'],
    ['Mis Eventos', '/organizer/eventos'],
  ] as const) {
    await menu.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(menu).toBeVisible();
  }
  await page.getByRole('button', { name: 'Ocultar menú' }).click();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await expect(menu).toBeVisible();

  await page.setViewportSize({ width: 800, height: 900 });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page).toHaveURL('/organizer/perfil');
  await expect(menu).toBeHidden();

  await page.setViewportSize({ width: 1100, height: 900 });
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL('/');
});

test('on a small screen the menu starts closed', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAsNewOrganizer(page, request);
  await expect(page.getByRole('complementary', { name: 'Menú del organizador' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No tienes eventos' })).toBeVisible();
});
