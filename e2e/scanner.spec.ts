import { formatDateTime } from '@drinkflow/domain/dates';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerThroughApi } from './fixtures';
import {
  HOUR,
  consumosOf,
  createLiveEvent,
  createTicket,
  invalidateTicket,
  type LiveEvent,
} from './support/scanner-data';
import { expect, test } from './test';

// The public scanner a bar's phone opens at /scanner/{apiKey}, without an account: a handheld
// scanner types the code and Enter (the "keyboard wedge"); quick mode records the drink at once,
// advanced mode verifies first; every refusal says why, in Spanish.

const codeField = (page: Page) => page.getByLabel('Código QR');
const verdict = (page: Page, title: 'Consumo Registrado' | 'Error de Validación') =>
  page.getByRole('heading', { level: 2, name: title });

/** Opens the event's scanner; the first visit on a device asks for the bar, answered 'Ahora no'. */
async function openScanner(page: Page, evento: LiveEvent) {
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Escáner de Tickets' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await expect(page.getByLabel('¿En qué barra estás?')).toBeHidden();
  // The bartender taps the code field (the first journey checks where the focus goes by itself).
  await codeField(page).click();
}

/**
 * What a handheld scanner does: types the code and presses Enter, wherever the focus is (the page
 * keeps it in the code field).
 */
async function wedgeScan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** 'Nuevo Escaneo', then the code typed and Enter. */
async function scanAgain(page: Page, code: string) {
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await expect(codeField(page)).toHaveValue('');
  await wedgeScan(page, code);
}

async function newOrganizer(page: Page) {
  return registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
}

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

test('the same code scanned twice within 3 s is sent once', async ({ page }) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const ticket = await createTicket(page.request, token, evento);
  const consumeCalls: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/consume')) consumeCalls.push(Date.now());
  });

  // The page's clock stands still, so "within 3 s" does not depend on how busy the machine is.
  await page.clock.install();
  await openScanner(page, evento);
  await page.clock.pauseAt(Date.now() + 60_000);
  await wedgeScan(page, ticket.qrCode);
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(page.getByText('Quedan 3 bebidas')).toBeVisible();

  // The scanner reads the same ticket again at once: the repeat never reaches the server.
  await page.keyboard.type(ticket.qrCode);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(800);
  expect(consumeCalls).toHaveLength(1);
  await expect(page.getByText('Quedan 3 bebidas')).toBeVisible();
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

  // 3 s later on the page's clock, the same ticket is a new drink.
  await page.clock.fastForward(3_000);
  await wedgeScan(page, ticket.qrCode);
  await expect(page.getByText('Quedan 2 bebidas')).toBeVisible();
  expect(consumeCalls).toHaveLength(2);
});

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
  await page.getByRole('button', { name: 'Verificar Ticket' }).click();
  const card = page.getByText('Información del Ticket').locator('xpath=ancestor::*[.//dl][1]');
  await expect(card).toContainText('Óscar Peña');
  await expect(card).toContainText('Cuatro Copas');
  await expect(card).toContainText('Por Cantidad · 4 bebidas');
  await expect(card).toContainText('Activo');
  await expect(card.getByText('Puede consumir')).toBeVisible();
  await expect(card.getByText('Consumo permitido')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Historial de consumos (0)' })).toBeVisible();
  // Verifying records nothing.
  expect(await consumosOf(page.request, token, ticket.id)).toEqual([]);
  await expect(verdict(page, 'Consumo Registrado')).toBeHidden();

  await expect(register).toBeEnabled();
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
  await expect(outcome).toContainText(`El ticket aún no es válido (desde ${formatDateTime(laterFrom)})`);

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
  const next = (await outcome.getByText(/^Próxima bebida a partir de las /).textContent())!.replace(
    'Próxima bebida a partir de las ',
    '',
  );
  expect(next).toMatch(/^(\d\d\/\d\d )?\d\d:\d\d$/);
  await scanAgain(page, hourly.qrCode);
  await expect(refused).toBeVisible();
  await expect(outcome).toContainText(`Debe esperar hasta las ${next.slice(-5)} para la siguiente bebida`);
  await expect(outcome).toContainText(`Próxima bebida a partir de las ${next}`);

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
  await expect(page.getByRole('heading', { level: 2, name: 'Error al procesar el ticket' })).toBeVisible();
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

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the scanner with a result and a ticket fits the screen', async ({ page }) => {
    const { token } = await newOrganizer(page);
    const evento = await createLiveEvent(page.request, token, 'Festival de Verano de la Costa del Sol 2026');
    const ticket = await createTicket(
      page.request,
      token,
      evento,
      { nombre: 'Barra Libre Premium con Cócteles', modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
      'María de los Ángeles Fernández-Villaverde',
    );

    await openScanner(page, evento);
    await expectFitsTheScreen(page);
    await page.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }).click();
    await codeField(page).fill(ticket.qrCode);
    await page.getByRole('button', { name: 'Verificar Ticket' }).click();
    await expect(page.getByText('Puede consumir')).toBeVisible();
    await page.getByRole('button', { name: 'Registrar Consumo' }).click();
    await expect(verdict(page, 'Consumo Registrado')).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Historial de consumos (1)' })).toBeVisible();
    await expectFitsTheScreen(page);
    await expectNoSeriousA11yViolations(page);
  });
});

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}
