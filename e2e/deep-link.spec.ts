import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import { type Account, demoAccounts, registerThroughApi, uniqueEmail } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { expect, test } from './support/test';

/** Fills and sends the login form of the page that is open (keeping its ?next=). */
async function signInHere(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

const loginFor = (next: string) => `/login?next=${encodeURIComponent(next)}`;

test('a signed-out visit to an event detail comes back to it after signing in', async ({ page, request }) => {
  const account = (await registerThroughApi(request, { nombre: 'Rocío' })) as unknown as Account;
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Gala Benéfica' });
  const detail = `/organizer/evento/${evento.id}`;

  await page.goto(detail);
  await expect(page).toHaveURL(loginFor(detail));
  await signInHere(page, account.email, account.password);
  await expect(page).toHaveURL(detail);
  await expect(page.getByRole('heading', { level: 1, name: 'Gala Benéfica' })).toBeVisible();
  await expect(
    page
      .getByRole('complementary', { name: 'Menú del organizador' })
      .getByRole('link', { name: 'Mis Eventos' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the page asked for keeps its query, also through the register page', async ({ page, request }) => {
  const account = (await registerThroughApi(request)) as unknown as Account;
  const evento = await createEventThroughApi(request, account.token);
  const ticketTypes = `/organizer/tipos-ticket?evento=${evento.id}`;
  await page.goto(ticketTypes);
  await expect(page).toHaveURL(loginFor(ticketTypes));
  await signInHere(page, account.email, account.password);
  await expect(page).toHaveURL(ticketTypes);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL('/');

  // A new visitor goes from login to register and back: the page asked for travels along.
  await page.goto('/organizer/perfil');
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await expect(page).toHaveURL(`/register?next=${encodeURIComponent('/organizer/perfil')}`);
  await page.getByRole('link', { name: 'Inicia sesión' }).click();
  await expect(page).toHaveURL(loginFor('/organizer/perfil'));
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await page.getByLabel('Nombre *').fill('Nerea');
  await page.getByLabel('Email *').fill(uniqueEmail('nerea'));
  await page.getByLabel('Contraseña *').fill('secreto123');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page).toHaveURL('/organizer/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
});

test('a next page of another site or of another role leads to the home of the role', async ({ page }) => {
  for (const next of ['//evil.example', 'https://evil.example/organizer', '/\\evil.example']) {
    await page.goto(loginFor(next));
    await signInHere(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL('/');
  }

  // The admin panel asked for by an organizer: their own home, not 'Acceso Denegado'.
  await page.goto('/admin');
  await expect(page).toHaveURL(loginFor('/admin'));
  await signInHere(page, demoAccounts.organizer);
  await expect(page).toHaveURL('/organizer/eventos');
});

test('an admin who asked for the admin panel arrives there', async ({ page }) => {
  await page.goto('/admin');
  await signInHere(page, demoAccounts.admin);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
});
