import { formatDateTime } from '@drinkflow/domain/dates';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { loginThroughForm, registerThroughApi } from './support/accounts';
import { expect, test } from './support/test';
import { consumosOf, createLiveEvent, createTicket } from './support/scanner-data';

// The organizer's own scanner (/organizer/scanner): pick one of your events and scan its tickets
// with the same scanner the bars use.

test('an organizer picks an event on /organizer/scanner and records a drink', async ({ page, request }) => {
  const account = await registerThroughApi(request, { nombre: 'Inés' });
  const fiesta = await createLiveEvent(request, account.token, 'Fiesta de Fin de Curso');
  const otra = await createLiveEvent(request, account.token, 'Cena de Empresa');
  const ticket = await createTicket(request, account.token, fiesta, { nombre: 'Tres Copas', maxDrinks: 3 });
  const foreign = await createTicket(request, account.token, otra);
  await loginThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL('/organizer/eventos');

  await page
    .getByRole('complementary', { name: 'Menú del organizador' })
    .getByRole('link', { name: 'Escáner QR' })
    .click();
  await expect(page).toHaveURL('/organizer/scanner');
  await expect(page.getByRole('heading', { level: 1, name: 'Escáner QR' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Selecciona un Evento' })).toBeVisible();
  await expect(page.getByLabel('Código QR')).toBeHidden();

  const selector = page.getByRole('combobox', { name: 'Evento', exact: true });
  await selector.selectOption({
    label: `Fiesta de Fin de Curso — ${formatDateTime(new Date(fiesta.fechaInicio))}`,
  });
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Fiesta de Fin de Curso');
  await page.getByRole('button', { name: 'Ahora no' }).click();
  const field = page.getByLabel('Código QR');
  await field.fill(ticket.qrCode);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  await expect(page.getByText('Quedan 2 bebidas')).toBeVisible();
  expect(await consumosOf(request, account.token, ticket.id)).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);

  // The scanner serves the chosen event only.
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await field.fill(foreign.qrCode);
  await page.getByRole('button', { name: 'Validar y Registrar Ticket' }).click();
  await expect(page.getByText('Este ticket no pertenece a este evento')).toBeVisible();

  // Another event: a clean scanner for it; the choice is remembered.
  await selector.selectOption({ label: `Cena de Empresa — ${formatDateTime(new Date(otra.fechaInicio))}` });
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Cena de Empresa');
  await expect(page.getByText('Este ticket no pertenece a este evento')).toBeHidden();
  await expect(field).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText('Cena de Empresa');
  await field.fill(foreign.qrCode);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeVisible();
  expect(await consumosOf(request, account.token, foreign.id)).toHaveLength(1);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('after a scan the holder and the result are on screen without scrolling, and the code field has not moved', async ({
    page,
    request,
  }) => {
    const account = await registerThroughApi(request, { nombre: 'Inés' });
    const fiesta = await createLiveEvent(request, account.token, 'Fiesta de Fin de Curso');
    const ticket = await createTicket(
      request,
      account.token,
      fiesta,
      { nombre: 'Tres Copas', maxDrinks: 3 },
      'Rocío Jurado Sánchez',
    );
    await loginThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.goto('/organizer/scanner');
    await page
      .getByRole('combobox', { name: 'Evento', exact: true })
      .selectOption({ label: `Fiesta de Fin de Curso — ${formatDateTime(new Date(fiesta.fechaInicio))}` });
    await page.getByRole('button', { name: 'Ahora no' }).click();
    const field = page.getByLabel('Código QR');
    // The bar question answered, the field has the focus for the handheld scanner.
    await expect(field).toBeFocused();
    const before = await field.boundingBox();

    await page.keyboard.type(ticket.qrCode);
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: 'Resultado del escaneo' });
    await expect(page.getByRole('heading', { level: 2, name: 'Consumo Registrado' })).toBeInViewport({
      ratio: 1,
    });
    await expect(result.getByText('Rocío Jurado Sánchez')).toBeInViewport({ ratio: 1 });
    await expect(result.getByText('Quedan 2 bebidas')).toBeInViewport({ ratio: 1 });
    expect(await field.boundingBox(), 'the code field moved').toEqual(before);
    await page.screenshot({ path: test.info().outputPath('organizer-scanner-360.png') });
    expect(await consumosOf(request, account.token, ticket.id)).toHaveLength(1);
  });
});
