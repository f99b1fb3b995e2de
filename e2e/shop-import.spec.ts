import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { normaliseHeader } from '@drinkflow/domain/guest-import';
import { signInAsNewOrganizer } from './support/accounts';
import { createTicketTypeThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { createLiveEvent, type LiveEvent } from './support/scanner-data';
import { openScanner, resultArea, scanAgain, verdict, wedgeScan } from './support/scanner-page';
import { expect, test } from './support/test';

// Guests from where the tickets were sold (docs/decisions/068): Eventbrite's attendee report
// recognised, its ticket types mapped to the event's, imported with the shop's barcodes as the
// tickets' codes, so the bar scans the ticket the guest bought; and the same report a week later,
// which adds the new attendees and invalidates the refunded and cancelled ones.

/** Eventbrite's attendee report, as the server's tests read it (their README describes each file). */
const eventbriteReport = (file: 'eventbrite-attendees-en.csv' | 'eventbrite-attendees-en-later.csv') => ({
  name: file,
  mimeType: 'text/csv',
  buffer: readFileSync(new URL(`../packages/server/test/fixtures/shop-exports/${file}`, import.meta.url)),
});

/** Attendees of the report and the 'Barcode #' printed on their Eventbrite tickets. */
const lucia = { nombre: 'Lucía García Fernández', barcode: '73104588211187230001' };
const nerea = { nombre: 'Nerea Etxeberria Goñi', barcode: '73104922771187261001' }; // refunded before
const pablo = { nombre: 'Pablo Muñoz Ibáñez', barcode: '73104733841187243001' }; // refunded later
const rocio = { nombre: 'Rocío Domínguez Barragán', barcode: '73105304151187300001' }; // new later

/** An event going on now with the ticket types 'Barra libre' and 'VIP'. */
async function eventWithTypes(request: APIRequestContext, token: string) {
  const evento = await createLiveEvent(request, token, 'Festival de Otoño');
  const barraLibre = await createTicketTypeThroughApi(request, token, evento, {
    nombre: 'Barra libre',
    modo: 'temporal',
    maxDrinks: null,
    durationMinutes: 360,
  });
  await createTicketTypeThroughApi(request, token, evento, { nombre: 'VIP' });
  return { evento, barraLibre };
}

async function openImportDialog(page: Page, evento: LiveEvent) {
  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Importar invitados' }).click();
  return page.getByRole('dialog', { name: 'Importar invitados' });
}

/** The option a select shows. */
const chosenOption = (select: Locator) => select.locator('option:checked');

/** One row of the preview on a phone, a card, by the guest's name. */
const previewCard = (dialog: Locator, nombre: string) =>
  dialog
    .getByRole('list', { name: 'Filas del archivo' })
    .getByRole('listitem')
    .filter({ has: dialog.page().getByRole('heading', { name: new RegExp(nombre) }) });

/** The page, not just the dialog, is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(360);
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("an organizer imports an Eventbrite report, and the bar scans the shop's barcode", async ({
    page,
  }) => {
    const account = await signInAsNewOrganizer(page, page.request);
    const { evento } = await eventWithTypes(page.request, account.token);

    const dialog = await openImportDialog(page, evento);
    await dialog
      .getByLabel('Archivo CSV o Excel')
      .setInputFiles(eventbriteReport('eventbrite-attendees-en.csv'));
    await expect(dialog.getByText('Formato reconocido: Eventbrite (asistentes)')).toBeVisible();

    // 'VIP' is the name of one of the event's types; the shop's 'General Admission' is not.
    const generalAdmission = dialog.getByLabel(/^General Admission/);
    await expect(chosenOption(generalAdmission)).toHaveText('Elige un tipo');
    await expect(chosenOption(dialog.getByLabel(/^VIP/))).toHaveText('VIP');
    await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
    await generalAdmission.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('shop-import-360-mapping.png') });
    await expectNoSidewaysScroll(page);
    await generalAdmission.selectOption({ label: 'Barra libre' });
    await expect(chosenOption(generalAdmission)).toHaveText('Barra libre');

    // Eleven attendees to import; the one refunded before the report is not.
    await expect(dialog.getByText('Al importar: 11 nuevos · 1 cancelado, no se importa.')).toBeVisible();
    const summary = dialog.getByLabel('Resumen del archivo');
    await expect(summary).toContainText('Filas12');
    await expect(summary).toContainText('Nuevos11');
    await expect(summary).toContainText('Tickets11');
    await expect(previewCard(dialog, nerea.nombre)).toContainText('Cancelado, no se importa');
    await expect(previewCard(dialog, lucia.nombre)).toContainText('Barra libre');
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('shop-import-360-preview.png') });
    await previewCard(dialog, nerea.nombre).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('shop-import-360-rows.png') });
    await expectNoSidewaysScroll(page);

    await dialog.getByRole('button', { name: 'Importar 11 pedidos' }).click();
    await expect(toastTitled(page, 'Invitados importados')).toBeVisible();
    await expect(page.getByText('Se han creado 11 pedidos con 11 tickets.', { exact: true })).toBeVisible();

    // The bar types the barcode printed on Lucía's Eventbrite ticket: a drink, with her full name.
    await openScanner(page, evento);
    await wedgeScan(page, lucia.barcode);
    await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
    await expect(resultArea(page)).toContainText(lucia.nombre);
    // Nerea's order was refunded before the report: her barcode is no ticket here.
    await scanAgain(page, nerea.barcode);
    await expect(page.getByRole('heading', { level: 2, name: 'Ticket no válido' })).toBeVisible();
    await expect(resultArea(page)).toContainText('Ticket no encontrado');
  });
});

/** The first report imported through the API, 'General Admission' mapped to 'Barra libre'. */
async function importFirstReport(
  request: APIRequestContext,
  token: string,
  evento: LiveEvent,
  barraLibreId: number,
) {
  const headers = { authorization: `Bearer ${token}` };
  const mapping = await request.put(`/api/eventos/${evento.id}/importar/mapeo`, {
    headers,
    data: { tipos: { [normaliseHeader('General Admission')]: barraLibreId } },
  });
  expect(mapping.status(), await mapping.text()).toBe(200);
  const imported = await request.post(`/api/eventos/${evento.id}/importar`, {
    headers: { ...headers, 'content-type': 'text/csv' },
    data: eventbriteReport('eventbrite-attendees-en.csv').buffer,
  });
  expect(imported.status(), await imported.text()).toBe(201);
}

test('the report a week later adds the new attendees, keeps the imported ones and invalidates the refunded', async ({
  page,
}) => {
  const account = await signInAsNewOrganizer(page, page.request);
  const { evento, barraLibre } = await eventWithTypes(page.request, account.token);
  await importFirstReport(page.request, account.token, evento, barraLibre.id);

  const dialog = await openImportDialog(page, evento);
  await dialog
    .getByLabel('Archivo CSV o Excel')
    .setInputFiles(eventbriteReport('eventbrite-attendees-en-later.csv'));

  // The mapping of the first report is remembered.
  await expect(chosenOption(dialog.getByLabel(/^General Admission/))).toHaveText('Barra libre');
  await expect(
    dialog.getByText('Al importar: 3 nuevos · 9 ya importados · 2 se anularán · 1 cancelado, no se importa.'),
  ).toBeVisible();
  const summary = dialog.getByLabel('Resumen del archivo');
  await expect(summary).toContainText('Ya importados9');
  await expect(summary).toContainText('Se anularán2');
  // On a wide screen the rows are a table.
  const rows = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByRole('row', { name: new RegExp(lucia.nombre) })).toContainText('Ya importado');
  await expect(rows.getByRole('row', { name: new RegExp(pablo.nombre) })).toContainText('Se anulará');
  await expect(rows.getByRole('row', { name: new RegExp(rocio.nombre) })).toContainText('Nuevo');
  await page.screenshot({ path: test.info().outputPath('shop-import-laptop-later.png') });

  await dialog.getByRole('button', { name: 'Importar 3 pedidos y anular 2' }).click();
  const done = dialog.getByRole('region', { name: 'Importación terminada' });
  await expect(done).toContainText(
    'Se han creado 3 pedidos con 3 tickets. 9 invitados ya estaban importados. Se anularon 2 tickets de 2 pedidos.',
  );
  await expect(done.getByRole('list', { name: 'Tickets anulados' })).toContainText(pablo.nombre);
  await page.screenshot({ path: test.info().outputPath('shop-import-laptop-done.png') });

  // Pablo's Eventbrite ticket is refused at the bar; Rocío's, new, is served.
  await openScanner(page, evento);
  await wedgeScan(page, pablo.barcode);
  await expect(verdict(page, 'Error de Validación')).toBeVisible();
  await expect(resultArea(page)).toContainText('Ticket invalidado');
  await scanAgain(page, rocio.barcode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(resultArea(page)).toContainText(rocio.nombre);
});
