import type { Page } from '@playwright/test';
import { demoAccounts, loginThroughForm } from './support/accounts';
import { expect, test } from './support/test';

// On a 360 px phone, the demo festival (docs/rules/operations.md): its bars and 'Corte diario' on the
// event detail (docs/rules/events.md#event-detail), a bar its VIP pass allows kept in the form with
// the refusal under it (docs/rules/festivals.md), and ticket cards that say what is left
// (docs/rules/constants.md).

const festivalBars = ['Barra Principal', 'VIP', 'Terraza'];

async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function openFestival(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginThroughForm(page, demoAccounts.organizer);
  await expect(page).toHaveURL('/organizer/eventos');
  await page.getByRole('link', { name: 'Festival de Verano' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Festival de Verano' })).toBeVisible();
  return Number(/\/organizer\/evento\/(\d+)/.exec(page.url())![1]);
}

test('the demo festival shows its bars and cut-off, and keeps a bar its VIP pass allows', async ({
  page,
}) => {
  await openFestival(page);
  const info = page.getByRole('list', { name: 'Barras del evento' });
  await expect(page.getByText('Barras (3)')).toBeVisible();
  await expect(info.getByRole('listitem')).toHaveText(festivalBars);
  await expect(page.getByText('Corte diario', { exact: true })).toBeVisible();
  await expect(page.getByText('06:00', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Tres barras: principal, VIP y terraza\./)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await info.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/F-festival-detail.png' });

  await page.getByRole('link', { name: 'Editar Evento' }).click();
  const bars = page.getByRole('list', { name: 'Barras del evento' });
  await bars.getByRole('button', { name: 'Quitar la barra VIP' }).click();
  const vip = bars.getByLabel('Nombre de la barra 2');
  await expect(vip).toBeDisabled();
  await expect(bars.getByText('Se quitará al guardar')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();

  const refusal = 'No se puede quitar la barra «VIP» porque la permite el tipo de ticket «Pase VIP»';
  await expect(bars.getByText(refusal)).toBeVisible();
  await expect(vip).toHaveValue('VIP');
  await expect(vip).toHaveAttribute('aria-invalid', 'true');
  await expect(bars.getByRole('textbox')).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await bars.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/F-festival-bar-refused.png' });

  await bars.getByRole('button', { name: 'Conservar la barra VIP' }).click();
  await expect(vip).toBeEnabled();
  await expect(bars.getByText(refusal)).toBeHidden();
});

test('a demo festival ticket card says the drinks left and its state once', async ({ page }) => {
  const eventoId = await openFestival(page);
  await page.goto(`/organizer/pedidos?evento=${eventoId}`);
  await page
    .getByRole('link', { name: /^Ver detalle / })
    .first()
    .click();
  const card = page.getByRole('article', { name: /^Ticket #/ }).first();
  // The festival has not started: every drink is left, and 'Activo' shows once.
  await expect(card.getByText(/^Quedan (\d+) de \1 bebidas$/)).toBeVisible();
  await expect(card.getByText('Activo', { exact: true })).toHaveCount(1);
  await expect(card.getByText(/Estado efectivo/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/F-ticket-card.png' });
});
