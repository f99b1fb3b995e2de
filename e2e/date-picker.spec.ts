import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// The browser runs in Europe/Madrid (playwright.config.ts): 20:00 there on 24/12/2030 is 19:00 UTC.
const nochebuena = { fechaInicio: '2030-12-24T19:00:00.000Z', fechaFin: '2030-12-25T01:00:00.000Z' };

/** Types like a person, key by key, into a field emptied first. */
async function typeInto(field: Locator, keys: string) {
  await field.fill('');
  await field.pressSequentially(keys);
}

/** No part of the page nor of `box` reaches past the viewport's right edge. */
async function expectNoSidewaysScroll(page: Page, box: Locator) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const bounds = (await box.boundingBox())!;
  expect(bounds.x).toBeGreaterThanOrEqual(0);
  expect(bounds.x + bounds.width).toBeLessThanOrEqual(width);
}

test('an organizer types and picks the dates of an event in the Spanish format and sees them unchanged', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  await page.getByRole('button', { name: 'Nuevo Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
  await dialog.getByLabel('Nombre del evento *').fill('Nochebuena');
  await dialog.getByLabel('Ubicación *').fill('Sala Luna, Madrid');

  const start = dialog.getByLabel('Fecha y hora de inicio *');
  const end = dialog.getByLabel('Fecha y hora de fin *');
  await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
  await expect(start).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:00$/);
  // Digits only: the separators come by themselves.
  await typeInto(start, '241220302000');
  await expect(start).toHaveValue('24/12/2030 20:00');

  // An impossible date is refused once the field is left.
  await typeInto(end, '31/02/2030 2:00');
  await end.blur();
  const error = dialog.getByText('Formato de fecha inválido');
  await expect(error).toBeVisible();
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(end).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);

  // A one-digit hour is accepted and shown as HH:mm.
  await typeInto(end, '24/12/2030 3:00');
  await end.blur();
  await expect(end).toHaveValue('24/12/2030 03:00');
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeVisible();

  // The calendar opens on the field's day; the keyboard moves to the next day and picks it.
  const opener = dialog.getByRole('button', { name: 'Abrir calendario de fin' });
  await opener.click();
  const calendar = page.getByRole('dialog', { name: 'Calendario' });
  await expect(calendar.getByRole('grid', { name: 'diciembre 2030' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: /martes, 24 de diciembre de 2030/ })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(end).toHaveValue('25/12/2030 03:00');
  await page.keyboard.press('Tab');
  await expect(calendar.getByLabel('Hora', { exact: true })).toBeFocused();
  await page.keyboard.type('0200');
  await expect(end).toHaveValue('25/12/2030 02:00');
  // Escape closes the calendar only, and gives the focus back to its button inside the dialog.
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(opener).toBeFocused();
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeHidden();

  await dialog.getByRole('button', { name: 'Crear Evento' }).click();
  await expect(toastTitled(page, 'Evento creado')).toBeVisible();

  // The API received UTC; the list and the detail show what was typed.
  const stored = await request.get(`/api/eventos/${account.user.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(await stored.json()).toEqual([expect.objectContaining(nochebuena)]);
  const row = page.getByRole('row', { name: /Nochebuena/ });
  await expect(row).toContainText('24/12/2030 20:00');
  await expect(row).toContainText('25/12/2030 02:00');
  await page.getByRole('link', { name: 'Ver Nochebuena' }).click();
  await expect(page.getByText('Martes, 24/12/2030 20:00', { exact: true })).toBeVisible();
  await expect(page.getByText('Miércoles, 25/12/2030 02:00', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Editar Evento' }).click();
  await expect(page.getByLabel('Fecha y hora de inicio *')).toHaveValue('24/12/2030 20:00');
  await expect(page.getByLabel('Fecha y hora de fin *')).toHaveValue('25/12/2030 02:00');
});

test('the ticket-type dialog offers only the event’s days and keeps the typed validity', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Nochebuena', ...nochebuena });
  await page.goto(`/organizer/tipos-ticket?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Barra libre de madrugada');
  await dialog.getByRole('radio', { name: /Barra Libre/ }).check();
  const from = dialog.getByLabel('Válido desde');
  await expect(from).toHaveValue('24/12/2030 20:00');

  await dialog.getByRole('button', { name: 'Abrir calendario (desde)' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendario' });
  await expect(calendar.getByRole('button', { name: /23 de diciembre de 2030/ })).toBeDisabled();
  await expect(calendar.getByRole('button', { name: /26 de diciembre de 2030/ })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await calendar.getByLabel('Hora', { exact: true }).fill('00:00');
  await calendar.getByRole('button', { name: 'Aceptar' }).click();
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue('25/12/2030 00:00');
  await expect(dialog.getByLabel('Válido hasta')).toHaveValue('25/12/2030 02:00');

  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Barra libre de madrugada/ })).toContainText(
    '25/12/2030 00:00 – 25/12/2030 02:00',
  );
});

test('on a 360 px phone the event dialog and its calendar fit without sideways scrolling', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsNewOrganizer(page, request);
  await page.getByRole('button', { name: 'Nuevo Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
  await expect(dialog.getByLabel('Fecha y hora de inicio *')).toBeVisible();
  await expectNoSidewaysScroll(page, dialog);

  await dialog.getByRole('button', { name: 'Abrir calendario de fin' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendario' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expectNoSidewaysScroll(page, calendar);
  // The calendar sits above the dialog: its days take clicks.
  await calendar.getByRole('gridcell').getByRole('button').first().click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
});
