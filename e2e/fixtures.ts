import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
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

const HOUR = 60 * 60 * 1000;

export async function createEventThroughApi(
  request: APIRequestContext,
  token: string,
  overrides: Partial<{ nombre: string; ubicacion: string; fechaInicio: string; fechaFin: string }> = {},
) {
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
  const response = await request.post('/api/eventos', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      nombre: 'Evento de prueba',
      ubicacion: 'Sala Principal, Madrid',
      fechaInicio: start.toISOString(),
      fechaFin: new Date(start.getTime() + 6 * HOUR).toISOString(),
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as {
    id: number;
    nombre: string;
    apiKey: string;
    fechaInicio: string;
    fechaFin: string;
  };
}

/** The toast with this title (Radix also announces it in a hidden live region). */
export const toastTitled = (page: Page, title: string) => page.getByText(title, { exact: true });

/** A ticket type for the whole event: por_cantidad, 4 drinks of any kind, unless overridden. */
export async function createTicketTypeThroughApi(
  request: APIRequestContext,
  token: string,
  evento: { id: number; fechaInicio: string; fechaFin: string },
  overrides: Record<string, unknown> = {},
) {
  const response = await request.post('/api/tipos-ticket', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventoId: evento.id,
      nombre: 'Entrada General',
      modo: 'por_cantidad',
      maxDrinks: 4,
      drinkType: 'todo',
      validoDesde: evento.fechaInicio,
      validoHasta: evento.fechaFin,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; nombre: string };
}

/** An order and its tickets, in one call as the web app makes it (docs/rules/orders-and-tickets.md). */
export async function createOrderThroughApi(
  request: APIRequestContext,
  token: string,
  body: {
    eventoId: number;
    nombreCompleto: string;
    email: string;
    telefono?: string;
    ticketTypeId: number;
    quantity: number;
  },
) {
  const response = await request.post('/api/pedidos', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; tickets: { id: number; qrCode: string }[] };
}

/**
 * An event going on now (from an hour ago to five hours from now), one ticket type (4 drinks unless
 * `maxDrinks` says otherwise) and one order of `quantity` tickets: what a bar can scan at once.
 */
export async function createLiveEventWithTickets(
  request: APIRequestContext,
  token: string,
  options: { nombre?: string; maxDrinks?: number; quantity?: number; nombreCompleto?: string } = {},
) {
  const evento = await createEventThroughApi(request, token, {
    ...(options.nombre ? { nombre: options.nombre } : {}),
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketTypeThroughApi(request, token, evento, {
    maxDrinks: options.maxDrinks ?? 4,
  });
  const pedido = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: options.nombreCompleto ?? 'Lucía Fernández',
    email: uniqueEmail('invitada'),
    ticketTypeId: tipo.id,
    quantity: options.quantity ?? 1,
  });
  return { evento, tipo, pedido };
}

/** The figure of one of the statistics page's four cards ('Total Consumos', …). */
export const statCardValue = (page: Page, title: string): Locator =>
  page
    .locator('div.rounded-xl', { has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('p')
    .first();
