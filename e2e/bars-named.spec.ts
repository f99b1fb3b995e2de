import type { Page } from '@playwright/test';
import { formatDateTime } from '@drinkflow/domain/dates';
import { loginThroughForm, registerThroughApi, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';
import { HOUR } from './support/scanner-data';

// docs/decisions/065 on a 360×740 phone: an event whose ticket type names a bar. The scanner asks
// for the bar before the first scan (no 'Ahora no'), then shows the event, the bar and the code
// field on its first screen; a ticket refused at another bar names where it is valid, and the
// guest page says 'Válido solo en: VIP'.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

async function vipFestival(page: Page, nombre: string) {
  const account = await registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
  const now = Date.now();
  const created = await page.request.post('/api/eventos', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      nombre,
      ubicacion: 'Recinto Ferial, Valencia',
      fechaInicio: new Date(now - 3 * HOUR).toISOString(),
      fechaFin: new Date(now + 3 * HOUR).toISOString(),
      barras: ['VIP', 'Terraza'],
    },
  });
  expect(created.status()).toBe(201);
  const evento = (await created.json()) as {
    id: number;
    nombre: string;
    apiKey: string;
    fechaInicio: string;
    fechaFin: string;
  };
  const tipo = await createTicketTypeThroughApi(page.request, account.token, evento, {
    nombre: 'Pulsera VIP',
    barrasPermitidas: ['VIP'],
  });
  const order = await createOrderThroughApi(page.request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Marta Soler',
    email: uniqueEmail('marta'),
    ticketTypeId: tipo.id,
    quantity: 2,
  });
  return {
    account,
    evento,
    tickets: order.tickets as unknown as { qrCode: string; enlaceInvitado: string }[],
  };
}

const barChoice = (page: Page) => page.getByRole('group', { name: '¿En qué barra estás?' });
const codeField = (page: Page) => page.getByLabel('Código QR');

/** The bar answered; then the first screen holds the bar and the whole code field. */
async function chooseBar(page: Page, barra: string) {
  await expect(page.getByRole('button', { name: 'Ahora no' })).toHaveCount(0);
  await expect(codeField(page)).toHaveCount(0);
  await barChoice(page).getByRole('radio', { name: barra }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('region', { name: 'Barra' })).toContainText(`Barra: ${barra}`);
  await expect(page.getByRole('region', { name: 'Barra' })).toBeInViewport({ ratio: 1 });
  await expect(codeField(page)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await codeField(page).boundingBox())!;
  expect(box.y + box.height, 'the code field ends inside the first screen').toBeLessThanOrEqual(740);
}

test('the public scanner asks for the bar first, names where a ticket is valid, and the guest page says it', async ({
  page,
}) => {
  const { evento, tickets } = await vipFestival(page, 'Festival de las Barras');
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await expect(barChoice(page)).toBeVisible();
  await page.screenshot({ path: '/tmp/c-public-question.png' });

  await chooseBar(page, 'Terraza');
  await expect(page.getByRole('region', { name: 'Evento' })).toBeInViewport();
  await page.screenshot({ path: '/tmp/c-public-first-screen.png' });
  await codeField(page).fill(tickets[0]!.qrCode);
  await codeField(page).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Error de Validación' })).toBeVisible();
  await expect(page.getByText('Este ticket no es válido en esta barra. Válido en: VIP')).toBeInViewport();
  await page.screenshot({ path: '/tmp/c-public-refused.png' });

  // An unknown code is a refused ticket, not a fault.
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await codeField(page).fill('NO-EXISTE-1234');
  await codeField(page).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Ticket no válido' })).toBeVisible();
  await expect(page.getByText('Ticket no encontrado')).toBeVisible();

  await page.goto(tickets[0]!.enlaceInvitado);
  await expect(page.getByText('Válido solo en: VIP')).toBeVisible();
  await page.screenshot({ path: '/tmp/c-guest-page.png' });
});

test('the organizer’s scanner asks for the bar first and serves at VIP, the code field on the first screen', async ({
  page,
}) => {
  const { account, evento, tickets } = await vipFestival(page, 'Festival del Organizador');
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');
  await page.goto('/organizer/scanner');
  await page
    .getByRole('combobox', { name: 'Evento', exact: true })
    .selectOption({ label: `${evento.nombre} — ${formatDateTime(new Date(evento.fechaInicio))}` });
  await expect(barChoice(page)).toBeVisible();

  await chooseBar(page, 'VIP');
  await expect(page.getByRole('combobox', { name: 'Evento', exact: true })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/c-organizer-first-screen.png' });
  await codeField(page).fill(tickets[1]!.qrCode);
  await codeField(page).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  await page.screenshot({ path: '/tmp/c-organizer-served.png' });
});
