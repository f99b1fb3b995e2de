import { formatDateTime } from '@drinkflow/domain/dates';
import type { Page } from '@playwright/test';
import { loginThroughForm, registerThroughApi, uniqueEmail } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';
import { consumosOf, createLiveEvent, createTicket, HOUR, type LiveEvent } from './support/scanner-data';

// docs/rules/festivals.md: top-ups ('Añadir bebidas') at the organizer's scanner and on the order detail,
// and the per-day limit's refusal.

const verdict = (page: Page, title: 'Consumo Registrado' | 'Error de Validación') =>
  page.getByRole('heading', { level: 2, name: title });
const outcome = (page: Page) => page.getByRole('region', { name: 'Resultado del escaneo' });

/** /organizer/scanner for `evento`, the bar question answered 'Ahora no'. */
async function openOrganizerScanner(page: Page, evento: LiveEvent) {
  await page.goto('/organizer/scanner');
  await page
    .getByRole('combobox', { name: 'Evento', exact: true })
    .selectOption({ label: `${evento.nombre} — ${formatDateTime(new Date(evento.fechaInicio))}` });
  await page.getByRole('button', { name: 'Ahora no' }).click();
}

async function scan(page: Page, code: string) {
  const field = page.getByLabel('Código QR');
  await field.fill(code);
  await field.press('Enter');
}

test('an organizer adds drinks to a used-up ticket at the scanner; the next scan is served and the order shows the top-up', async ({
  page,
  request,
}) => {
  const account = await registerThroughApi(request, { nombre: 'Inés' });
  const evento = await createLiveEvent(request, account.token, 'Fiesta de Verano');
  const tipo = await createTicketTypeThroughApi(request, account.token, evento, {
    nombre: 'Una Copa',
    maxDrinks: 1,
  });
  const pedido = await createOrderThroughApi(request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Carmen Vidal',
    email: uniqueEmail('invitada'),
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  const ticket = pedido.tickets[0]!;
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');
  await openOrganizerScanner(page, evento);

  await scan(page, ticket.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await scan(page, ticket.qrCode);
  await expect(verdict(page, 'Error de Validación')).toBeVisible();
  await expect(outcome(page)).toContainText('Límite de bebidas alcanzado');

  const ticketPanel = page.getByRole('region', { name: 'Información del Ticket' });
  await expect(ticketPanel).toContainText('Agotado');
  await ticketPanel.getByRole('button', { name: 'Añadir bebidas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir bebidas' });
  await dialog.getByLabel(/^Bebidas/).fill('2');
  await dialog.getByLabel('Importe (€)').fill('5');
  await dialog.getByLabel('Método').selectOption({ label: 'Efectivo' });
  await dialog.getByLabel('Nota').fill('Pagó en barra');
  await dialog.getByRole('button', { name: 'Añadir bebidas' }).click();
  await expect(toastTitled(page, 'Bebidas añadidas')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(ticketPanel).toContainText('(+2 de recargas)');

  // The same code at once: served, not taken for a repeat.
  await scan(page, ticket.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(outcome(page)).toContainText('Queda 1 bebida');
  expect(await consumosOf(request, account.token, ticket.id)).toHaveLength(2);

  await page.goto(`/organizer/pedido/${pedido.id}`);
  const card = page.getByRole('article', { name: `Ticket #${ticket.id}` });
  await expect(card.getByText('Queda 1 de 3 bebidas (2 usadas)')).toBeVisible();
  const recargas = card.getByRole('region', { name: `Recargas del ticket #${ticket.id}` });
  await expect(recargas.getByRole('listitem')).toHaveCount(1);
  const entry = recargas.getByRole('listitem').first();
  for (const text of ['+2 bebidas', 'Efectivo', 'Pagó en barra', 'por Inés']) {
    await expect(entry).toContainText(text);
  }
  await expect(entry).toContainText(/5,00\s€/);
});

test('a ticket with one drink per day is refused the second with «Límite diario alcanzado»', async ({
  page,
  request,
}) => {
  const account = await registerThroughApi(request, { nombre: 'Inés' });
  const evento = await createLiveEvent(request, account.token, 'Festival de Tres Días');
  const ticket = await createTicket(request, account.token, evento, {
    nombre: 'Abono Diario',
    maxDrinks: 4,
    maxDrinksPerDay: 1,
  });
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');
  await openOrganizerScanner(page, evento);

  await scan(page, ticket.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(outcome(page)).toContainText('Hoy: 1 de 1');
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await scan(page, ticket.qrCode);
  await expect(verdict(page, 'Error de Validación')).toBeVisible();
  await expect(outcome(page)).toContainText('Límite diario alcanzado');
  await expect(outcome(page)).toContainText('Hoy: 1 de 1');
  expect(await consumosOf(request, account.token, ticket.id)).toHaveLength(1);
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('drinks added as usable today are served at once past the daily limit (docs/decisions/063)', async ({
    page,
    request,
  }) => {
    const account = await registerThroughApi(request, { nombre: 'Inés' });
    // Two festival days, so the next cut-off (06:00) falls within the ticket's validity.
    const evento = await createEventThroughApi(request, account.token, {
      nombre: 'Festival de Dos Días',
      fechaInicio: new Date(Date.now() - HOUR).toISOString(),
      fechaFin: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    const ticket = await createTicket(request, account.token, evento, {
      nombre: 'Abono Diario',
      maxDrinks: 10,
      maxDrinksPerDay: 1,
    });
    await loginThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL('/organizer/eventos');
    await openOrganizerScanner(page, evento);

    await scan(page, ticket.qrCode);
    await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
    await scan(page, ticket.qrCode);
    await expect(outcome(page)).toContainText('Límite diario alcanzado');

    await page
      .getByRole('region', { name: 'Información del Ticket' })
      .getByRole('button', { name: 'Añadir bebidas' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Añadir bebidas' });
    await expect(dialog.getByText('Hoy: 1 de 1')).toBeVisible();
    const usableToday = dialog.getByRole('checkbox', { name: 'Usables también hoy' });
    await expect(usableToday).toBeChecked();
    await usableToday.uncheck();
    await expect(dialog.getByText(/^Podrá usarlas a partir de/)).toBeVisible();
    await usableToday.check();
    await dialog.getByLabel(/^Bebidas/).fill('2');
    await dialog.getByLabel('Importe (€)').fill('10,50');
    await page.screenshot({ path: '/tmp/a-top-up-dialog-360.png' });
    await dialog.getByRole('button', { name: 'Añadir bebidas' }).click();
    await expect(toastTitled(page, 'Bebidas añadidas')).toBeVisible();
    await expect(dialog).toBeHidden();

    await scan(page, ticket.qrCode);
    await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
    await expect(outcome(page)).toContainText('Hoy: 2 de 3');
    await outcome(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/a-top-up-served-360.png' });
    expect(await consumosOf(request, account.token, ticket.id)).toHaveLength(2);
  });
});
