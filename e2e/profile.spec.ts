import { expectNoSeriousA11yViolations } from './support/accessibility';
import { loginThroughForm, signInAsNewOrganizer } from './support/accounts';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

test('an organizer changes name and password and logs in again with the new password', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request, 'Carla');
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Nombre *').fill('Carlota');
  await page.getByLabel('Apellido *').fill('');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Apellido es obligatorio')).toBeVisible();
  await page.getByLabel('Apellido *').fill('Serrano');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Perfil actualizado')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Carlota Serrano')).toBeVisible();

  const current = page.getByLabel('Contraseña actual');
  const next = page.getByLabel('Nueva contraseña', { exact: true });
  const confirm = page.getByLabel('Confirmar nueva contraseña');
  await current.fill(account.password);
  await next.fill('nueva-clave-1');
  await confirm.fill('otra-cosa');
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden.').first()).toBeVisible();

  await next.fill('corta');
  await confirm.fill('corta');
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(page.getByText('La nueva contraseña debe tener al menos 6 caracteres.').first()).toBeVisible();

  await current.fill('equivocada');
  await next.fill('nueva-clave-1');
  await confirm.fill('nueva-clave-1');
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(page.getByText('La contraseña actual es incorrecta').first()).toBeVisible();

  await page.getByRole('button', { name: 'Mostrar contraseña' }).first().click();
  await expect(current).toHaveAttribute('type', 'text');
  await current.fill(account.password);
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(toastTitled(page, 'Contraseña actualizada')).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await loginThroughForm(page, account.email, account.password);
  await expect(toastTitled(page, 'Error de autenticación')).toBeVisible();
  await loginThroughForm(page, account.email, 'nueva-clave-1');
  await expect(page).toHaveURL('/organizer/eventos');
  await expect(page.getByRole('banner').getByText('Carlota Serrano')).toBeVisible();
});
