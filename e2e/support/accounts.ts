import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoAccounts = {
  admin: 'admin@drinkflow.test',
  organizer: 'organizador@drinkflow.test',
  scanner: 'barra@drinkflow.test',
} as const;

let counter = 0;

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${process.pid}-${counter++}@example.com`.toLowerCase();

export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

export async function registerThroughApi(
  request: APIRequestContext,
  body: { rol?: 'organizer' | 'scanner'; password?: string; nombre?: string } = {},
) {
  const email = uniqueEmail(body.rol ?? 'organizer');
  const password = body.password ?? 'secreto123';
  const response = await request.post('/api/auth/register', {
    data: { email, password, nombre: body.nombre ?? 'Prueba', rol: body.rol ?? 'organizer' },
  });
  expect(response.status()).toBe(201);
  return { email, password, ...(await response.json()) } as {
    email: string;
    password: string;
    token: string;
  };
}

export interface Account {
  email: string;
  password: string;
  token: string;
  user: { id: number; nombre: string };
}

/** A new organizer with its own (empty) data, signed in through the login form. */
export async function signInAsNewOrganizer(
  page: Page,
  request: APIRequestContext,
  nombre = 'Prueba',
): Promise<Account> {
  const account = (await registerThroughApi(request, { nombre })) as unknown as Account;
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');
  return account;
}
