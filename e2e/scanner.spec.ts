import { formatDateTime, startingAt } from '@drinkflow/domain/dates';
import { expect, test } from './support/test';
import { consumosOf, createLiveEvent, createTicket, HOUR, invalidateTicket } from './support/scanner-data';
import { codeField, newOrganizer, openScanner, scanAgain, verdict, wedgeScan } from './support/scanner-page';

// The public scanner a bar's phone opens at /scanner/{apiKey}, without an account: a handheld
// scanner types the code and Enter (the "keyboard wedge"); quick mode records the drink at once,
// advanced mode verifies first; every refusal says why, in Spanish.
// Here quick mode and its refusals; repeated codes: scanner-double-scans.spec.ts; advanced mode:
// scanner-advanced-mode.spec.ts; a phone's screen: scanner-on-phone.spec.ts.

test('quick mode with a handheld scanner: type and Enter records a drink, Deshacer takes it back', async ({
  page,
}) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const ticket = await createTicket(page.request, token, evento, {}, 'Carmen Vidal');

  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Escáner de Tickets' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Evento' });
  await expect(banner.getByRole('heading', { name: 'Fiesta en la Terraza' })).toBeVisible();
  await expect(banner).toContainText('Terraza del Casino, Sevilla');
  await expect(banner).toContainText(
    `${formatDateTime(new Date(evento.fechaInicio))} – ${formatDateTime(new Date(evento.fechaFin))}`,
  );
  await expect(page.getByText('Escáner Rápido', { exact: true })).toBeVisible();
  // The field is ready for the first code the moment the page opens.
  await expect(codeField(page)).toBeFocused();

  // The device's bar, asked once; every drink it records names it.
  await page.getByLabel('¿En qué barra estás?').fill('Barra Norte');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Barra: Barra Norte')).toBeVisible();
  // Answered, the question goes away and the next scan must land in the code field again.
  await expect(codeField(page), 'the code field has the focus back after the bar question').toBeFocused();

  await wedgeScan(page, ticket.qrCode);
  const ok = verdict(page, 'Consumo Registrado');
  await expect(ok).toBeVisible();
  const outcome = page.locator('[aria-live="assertive"]');
  await expect(outcome).toContainText('Copa');
  await expect(outcome).toContainText('Quedan 3 bebidas');
  const ticketCard = page.getByText('Información del Ticket').locator('xpath=ancestor::*[.//dl][1]');
  await expect(ticketCard).toContainText('Carmen Vidal');
  await expect(ticketCard).toContainText('Entrada General');
  // The ticket's history names the bar that served the drink.
  await expect(ticketCard.getByRole('heading', { name: 'Historial de consumos (1)' })).toBeVisible();
  await expect(ticketCard.getByRole('listitem')).toContainText(['Barra Norte']);
  expect(await consumosOf(page.request, token, ticket.id)).toMatchObject([{ tipoBebida: 'copa' }]);
  // Ready for the next guest: the code is selected, so the next scan replaces it.
  await expect(codeField(page)).toBeFocused();
  expect(await codeField(page).evaluate((input: HTMLInputElement) => input.selectionEnd)).toBe(
    ticket.qrCode.length,
  );

  // A wrong scan taken back within 2 minutes.
  await outcome.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Consumo deshecho' })).toBeVisible();
  await expect(ok).toBeHidden();
  await expect(page.getByRole('button', { name: 'Deshacer' })).toBeHidden();
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);

  // Quick mode empties the code a few seconds after a recorded drink.
  await expect(codeField(page)).toHaveValue('', { timeout: 5_000 });
  await wedgeScan(page, ticket.qrCode);
  await expect(ok).toBeVisible();
  await expect(outcome).toContainText('Quedan 3 bebidas');
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

  // 'Nuevo Escaneo': nothing of the last scan stays, the field waits for the next code.
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await expect(ok).toBeHidden();
  await expect(page.getByText('Información del Ticket')).toBeHidden();
  await expect(codeField(page)).toHaveValue('');
  await expect(codeField(page)).toBeFocused();
});

test('Deshacer is offered for 2 minutes after a recorded drink', async ({ page }) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const ticket = await createTicket(page.request, token, evento);
  await page.clock.install();

  await openScanner(page, evento);
  await wedgeScan(page, ticket.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  const undo = page.getByRole('button', { name: 'Deshacer' });
  await page.clock.fastForward('01:50');
  await expect(undo).toBeVisible();
  await page.clock.fastForward('00:11');
  await expect(undo).toBeHidden();
  // The verdict itself stays until the next scan.
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);
});
test('quick mode: every refusal says why — invalidado, no válido aún, caducado, agotado, intervalo', async ({
  page,
}) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const now = Date.now();
  const invalidated = await createTicket(page.request, token, evento, { nombre: 'Anulada' });
  await invalidateTicket(page.request, token, invalidated.id);
  const laterFrom = new Date(Math.ceil((now + HOUR) / 60_000) * 60_000);
  const notYet = await createTicket(page.request, token, evento, {
    nombre: 'Segundo Turno',
    validoDesde: laterFrom.toISOString(),
  });
  const expired = await createTicket(page.request, token, evento, {
    nombre: 'Primer Turno',
    validoHasta: new Date(now - HOUR).toISOString(),
  });
  const single = await createTicket(page.request, token, evento, { nombre: 'Una Copa', maxDrinks: 1 });
  const hourly = await createTicket(page.request, token, evento, {
    nombre: 'Una por Hora',
    modo: 'intervalos_controlados',
    maxDrinks: null,
    drinkIntervalMinutes: 60,
    durationMinutes: 180,
  });

  await openScanner(page, evento);
  const outcome = page.locator('[aria-live="assertive"]');
  const refused = verdict(page, 'Error de Validación');

  await wedgeScan(page, invalidated.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText('Ticket invalidado');
  await expect(outcome.getByRole('button', { name: 'Deshacer' })).toBeHidden();

  await scanAgain(page, notYet.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText(`El ticket aún no es válido (${startingAt(laterFrom, new Date())})`);

  await scanAgain(page, expired.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText('El ticket ha caducado');

  await scanAgain(page, single.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(outcome).toContainText('No quedan bebidas');
  await scanAgain(page, single.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText('Límite de bebidas alcanzado');

  await scanAgain(page, hourly.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(outcome).toContainText('Quedan 2 bebidas');
  const next = (await outcome.getByText(/^Próxima bebida a partir /).textContent())!.replace(
    'Próxima bebida ',
    '',
  );
  expect(next).toMatch(/^a partir (de las|del \d\d\/\d\d a las) \d\d:\d\d$/);
  await scanAgain(page, hourly.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText(`Debe esperar hasta las ${next.slice(-5)} para la siguiente bebida`);
  // The time is said once: the refusal's message already gives it.
  await expect(outcome.getByText(/Próxima bebida/)).toBeHidden();
  expect((await outcome.innerText()).split(next.slice(-5)).length - 1).toBe(1);

  expect(await consumosOf(page.request, token, invalidated.id)).toEqual([]);
  expect(await consumosOf(page.request, token, single.id)).toHaveLength(1);
  expect(await consumosOf(page.request, token, hourly.id)).toHaveLength(1);
});

test('an unknown code and a ticket of another event are refused with the reason', async ({ page }) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const other = await createLiveEvent(page.request, token, 'Otra Fiesta');
  const foreign = await createTicket(page.request, token, other);

  await openScanner(page, evento);
  await wedgeScan(page, 'NO-EXISTE-1234');
  await expect(page.getByRole('heading', { level: 2, name: 'Ticket no válido' })).toBeVisible();
  await expect(page.getByText('Ticket no encontrado')).toBeVisible();

  await scanAgain(page, foreign.qrCode);
  await expect(page.getByText('Este ticket no pertenece a este evento')).toBeVisible();
  expect(await consumosOf(page.request, token, foreign.id)).toEqual([]);
  // A failed scan is no scan: the field is ready again.
  await expect(codeField(page)).toBeFocused();
});

test('a wrong key or a URL without one says so instead of a scanner', async ({ page }) => {
  await page.goto('/scanner/esta-clave-no-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'API Key inválida' })).toBeVisible();
  await expect(
    page.getByText(
      'API Key inválida o evento no encontrado. Verifica que tengas el enlace correcto del escáner.',
    ),
  ).toBeVisible();
  await expect(codeField(page)).toBeHidden();

  await page.goto('/scanner/');
  await expect(page.getByRole('heading', { level: 1, name: 'URL Inválida' })).toBeVisible();
  await expect(codeField(page)).toBeHidden();
});
