import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import type { EventStats } from '@drinkflow/domain/stats';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccounts } from './accounts';
import { expect } from './test';

// The printable event report's data and the ways its journeys read the page.

export const spanishCount = (value: number) => new Intl.NumberFormat('es-ES').format(value);

/** The demo organizer's session and one of the demo events, read through the API. */
export async function demoEvent(request: APIRequestContext, nombre: string) {
  const login = await request.post('/api/auth/login', {
    data: { email: demoAccounts.organizer, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}` };
  const events = (await (await request.get(`/api/eventos/${user.id}`, { headers })).json()) as {
    id: number;
    nombre: string;
    apiKey: string;
    fechaInicio: string;
    fechaFin: string;
  }[];
  const evento = events.find((event) => event.nombre === nombre);
  expect(evento, `demo event ${nombre}`).toBeDefined();
  const statsOf = async () =>
    (await (await request.get(`/api/stats/${evento!.id}`, { headers })).json()) as EventStats;
  return { token, evento: evento!, statsOf };
}

/** A top-up of one ticket (docs/rules/festivals.md), as 'Añadir bebidas' records it. */
export async function topUpThroughApi(
  request: APIRequestContext,
  token: string,
  ticketId: number,
  data: { bebidas: number; importe?: number; metodo?: string; nota?: string },
) {
  const response = await request.post(`/api/tickets/${ticketId}/recargas`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status()).toBe(201);
}

/** Non-breaking spaces (Intl's euros) as plain ones. */
export const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** Each row of the report's table whose caption starts with `title`, as its cells' texts. */
export const rowsOf = (page: Page, title: string) =>
  page
    .getByRole('table', { name: new RegExp(`^${title}`) })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)),
    );

/** The figure printed under `title`. */
export const figure = (page: Page, title: string) =>
  page
    .getByLabel('Cifras del evento')
    .locator('div', { has: page.getByText(title, { exact: true }) })
    .locator('dd')
    .first();
