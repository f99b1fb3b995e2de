import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { consumosOf, createLiveEvent, createTicket } from './support/scanner-data';
import { codeField, newOrganizer, openScanner, resultArea, verdict, wedgeScan } from './support/scanner-page';

// The public scanner's advanced mode: the bartender verifies the ticket first, then records the drink.

/** A button's fill and text colour: the strong one is filled with white text, the other outlined on white. */
const colours = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      filled: style.backgroundColor !== 'rgb(255, 255, 255)',
      text: style.color === 'rgb(255, 255, 255)',
    };
  });
const STRONG = { filled: true, text: true };
const OUTLINED = { filled: false, text: false };
test('advanced mode: Verificar Ticket shows the ticket, Registrar Consumo records the drink', async ({
  page,
}) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const ticket = await createTicket(page.request, token, evento, { nombre: 'Cuatro Copas' }, 'Óscar Peña');

  await openScanner(page, evento);
  await page.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }).click();
  await expect(page.getByText('Escáner Avanzado', { exact: true })).toBeVisible();
  const register = page.getByRole('button', { name: 'Registrar Consumo' });
  await expect(register).toBeDisabled();

  await codeField(page).fill(ticket.qrCode);
  const verify = page.getByRole('button', { name: 'Verificar Ticket' });
  await expect.poll(() => colours(verify)).toEqual(STRONG);
  await verify.click();
  const card = page.getByRole('region', { name: 'Información del Ticket' });
  await expect(card).toContainText('Óscar Peña');
  await expect(card).toContainText('Cuatro Copas');
  await expect(card).toContainText('Por Cantidad · 4 bebidas');
  await expect(card).toContainText('Activo');
  // The verification is the answer to this scan: in the result's place, with the holder.
  await expect(resultArea(page).getByText('Puede consumir')).toBeVisible();
  await expect(resultArea(page).getByText('Consumo permitido')).toBeVisible();
  await expect(resultArea(page)).toContainText('Óscar Peña');
  await expect(card.getByRole('heading', { name: 'Historial de consumos (0)' })).toBeVisible();
  // Verifying records nothing.
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);
  await expect(verdict(page, 'Consumo Registrado')).toBeHidden();

  await expect(register).toBeEnabled();
  // Registering is the next step: it is now the filled button, verifying again the outlined one
  // (the pointer moved off it, which would tint it).
  await page.mouse.move(0, 0);
  await expect.poll(() => colours(register)).toEqual(STRONG);
  await expect.poll(() => colours(verify)).toEqual(OUTLINED);
  await register.click();
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(page.getByText('Quedan 3 bebidas')).toBeVisible();
  // The ticket is read again: its history shows the drink.
  await expect(card.getByRole('heading', { name: 'Historial de consumos (1)' })).toBeVisible();
  await expect(card).toContainText('Barra sin indicar');
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

  await page.getByRole('button', { name: 'Cambiar a Escáner Rápido' }).click();
  await expect(page.getByText('Escáner Rápido', { exact: true })).toBeVisible();
  await expect(verdict(page, 'Consumo Registrado')).toBeHidden();
});

test('advanced mode: a drink the ticket does not include is refused (tipo_bebida)', async ({ page }) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const ticket = await createTicket(page.request, token, evento, {
    nombre: 'Solo Cerveza',
    drinkType: 'cerveza',
  });

  await openScanner(page, evento);
  await page.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }).click();
  await wedgeScan(page, ticket.qrCode);
  await expect(page.getByText('Puede consumir')).toBeVisible();
  const drink = page.getByLabel('Bebida');
  await expect(drink).toHaveValue('');
  await expect(drink.locator('option:checked')).toHaveText('Según el ticket (Cerveza)');
  await drink.selectOption({ label: 'Copa' });
  await page.getByRole('button', { name: 'Registrar Consumo' }).click();
  await expect(verdict(page, 'Error de Validación')).toBeVisible();
  await expect(page.getByText('Este ticket no incluye copa (permite: cerveza)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeHidden();
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);

  // The ticket's own drink is served.
  await drink.selectOption({ label: 'Según el ticket (Cerveza)' });
  await page.getByRole('button', { name: 'Registrar Consumo' }).click();
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(page.locator('[aria-live="assertive"]')).toContainText('Cerveza');
  expect(await consumosOf(page.request, token, ticket.id)).toMatchObject([{ tipoBebida: 'cerveza' }]);
});
