import type { Page } from '@playwright/test';
import { signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';
import { createLiveEvent } from './support/scanner-data';

// docs/rules/festivals.md: an event's bars, a ticket type valid at one of them with a daily limit, and the
// public scanner that asks which bar it is at and refuses the ticket at another bar.

const codeField = (page: Page) => page.getByLabel('Código QR');
const barChoice = (page: Page) => page.getByRole('group', { name: '¿En qué barra estás?' });

async function chooseBar(page: Page, barra: string) {
  await barChoice(page).getByRole('radio', { name: barra }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(barChoice(page)).toBeHidden();
  await expect(page.getByText(`Barra: ${barra}`)).toBeVisible();
}

async function scan(page: Page, code: string) {
  await codeField(page).fill(code);
  await codeField(page).press('Enter');
}

test('a ticket valid only at VIP is refused at Terraza and served at VIP', async ({ page, request }) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createLiveEvent(request, account.token, 'Festival de las Barras');

  // The organizer adds the two bars to the event.
  await page.goto(`/organizer/evento/${evento.id}/editar`);
  await expect(page.getByLabel('Corte diario')).toHaveValue('06:00');
  await expect(page.getByText('Hora en que termina cada día del festival')).toBeVisible();
  for (const barra of ['VIP', 'Terraza']) {
    await page.getByLabel('Nueva barra').fill(barra);
    await page.getByRole('button', { name: 'Añadir barra' }).click();
  }
  const bars = page.getByRole('list', { name: 'Barras del evento' });
  await expect(bars.getByRole('textbox')).toHaveCount(2);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Evento actualizado')).toBeVisible();
  await expect(page).toHaveURL(`/organizer/evento/${evento.id}`);

  // A ticket type valid only at VIP, two drinks a day.
  await page.goto(`/organizer/tipos-ticket?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Pulsera VIP');
  await dialog.getByLabel('Máximo por día').fill('2');
  await dialog.getByRole('checkbox', { name: 'VIP' }).check();
  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
  const row = page.getByRole('row', { name: /Pulsera VIP/ });
  await expect(row).toContainText('2 al día');
  await expect(row).toContainText('Solo: VIP');

  const tipos = await request.get(`/api/tipos-ticket/${evento.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const [tipo] = (await tipos.json()) as { id: number; barrasPermitidas: string[] | null }[];
  expect(tipo!.barrasPermitidas).toEqual(['VIP']);
  const order = await createOrderThroughApi(request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Marta Soler',
    email: uniqueEmail('marta'),
    ticketTypeId: tipo!.id,
    quantity: 1,
  });
  const qrCode = order.tickets[0]!.qrCode;

  // The public scanner offers the event's two bars.
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await expect(barChoice(page).getByRole('radio')).toHaveCount(2);
  await expect(barChoice(page).getByRole('radio', { name: 'VIP' })).toBeVisible();
  await expect(barChoice(page).getByRole('radio', { name: 'Terraza' })).toBeVisible();

  // At Terraza the ticket is refused.
  await chooseBar(page, 'Terraza');
  await scan(page, qrCode);
  await expect(page.getByRole('heading', { level: 2, name: 'Error de Validación' })).toBeVisible();
  await expect(page.getByText('Este ticket no es válido en esta barra. Válido en: VIP')).toBeVisible();

  // At VIP it is served.
  await page.getByRole('button', { name: 'Cambiar barra' }).click();
  await chooseBar(page, 'VIP');
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await expect(codeField(page)).toHaveValue('');
  await scan(page, qrCode);
  await expect(page.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
});

test('two bars swap names in one edit: the ticket type and the drinks follow their bar', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const auth = { authorization: `Bearer ${account.token}` };
  const evento = await createLiveEvent(request, account.token, 'Festival del Cambio de Nombre');
  await page.goto(`/organizer/evento/${evento.id}/editar`);
  for (const barra of ['VIP', 'Terraza']) {
    await page.getByLabel('Nueva barra').fill(barra);
    await page.getByRole('button', { name: 'Añadir barra' }).click();
  }
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Evento actualizado')).toBeVisible();

  // A ticket valid only at VIP, with a drink served there (within the dates the form saved, to the minute).
  const current = await (await request.get(`/api/evento/${evento.id}`, { headers: auth })).json();
  const tipo = await createTicketTypeThroughApi(request, account.token, current, {
    nombre: 'Pulsera VIP',
    barrasPermitidas: ['VIP'],
  });
  const order = await createOrderThroughApi(request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Marta Soler',
    email: uniqueEmail('marta'),
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  const ticket = order.tickets[0]!;
  const served = await request.post(`/api/scanner/${evento.apiKey}/consume`, {
    data: { qrCode: ticket.qrCode, barra: 'VIP' },
  });
  expect((await served.json()).success).toBe(true);

  // The organizer swaps the two names in the form and saves once.
  await page.goto(`/organizer/evento/${evento.id}/editar`);
  const bars = page.getByRole('list', { name: 'Barras del evento' });
  await bars.getByLabel('Nombre de la barra 1').fill('Terraza');
  await bars.getByLabel('Nombre de la barra 2').fill('VIP');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Evento actualizado')).toBeVisible();

  const saved = await (await request.get(`/api/evento/${evento.id}`, { headers: auth })).json();
  expect(saved.barras).toEqual(['Terraza', 'VIP']);
  const tipos = await (await request.get(`/api/tipos-ticket/${evento.id}`, { headers: auth })).json();
  expect(tipos[0].barrasPermitidas).toEqual(['Terraza']);
  const drinks = await (await request.get(`/api/tickets/${ticket.id}/consumos`, { headers: auth })).json();
  expect(drinks.map((drink: { barra: string }) => drink.barra)).toEqual(['Terraza']);
});
