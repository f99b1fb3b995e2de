import { formatDateTime } from '@drinkflow/domain/dates';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { registerThroughApi } from './support/accounts';
import { expect, test } from './support/test';
import {
  HOUR,
  consumosOf,
  createLiveEvent,
  createTicket,
  invalidateTicket,
  type LiveEvent,
} from './support/scanner-data';

// The public scanner a bar's phone opens at /scanner/{apiKey}, without an account: a handheld
// scanner types the code and Enter (the "keyboard wedge"); quick mode records the drink at once,
// advanced mode verifies first; every refusal says why, in Spanish.

const codeField = (page: Page) => page.getByLabel('Código QR');
const verdict = (page: Page, title: 'Consumo Registrado' | 'Error de Validación') =>
  page.getByRole('heading', { level: 2, name: title });
/** The answer to the last scan, in its fixed place above the code field. */
const resultArea = (page: Page) => page.getByRole('region', { name: 'Resultado del escaneo' });

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

/** A real handheld scanner types fast, a few milliseconds per character, then Enter. */
async function fastWedgeScan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 8 });
  await page.keyboard.press('Enter');
}

/** 'Nuevo Escaneo', then the code typed and Enter. */
async function scanAgain(page: Page, code: string) {
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await expect(codeField(page)).toHaveValue('');
  await wedgeScan(page, code);
}

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

test('the same code scanned twice within 3 s is sent once and shown as a repeat', async ({ page }) => {
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

  // The scanner reads the same ticket again at once: said so on screen, never sent to the server.
  await wedgeScan(page, ticket.qrCode);
  await expect(resultArea(page).getByText(/^Ya escaneado hace \d+ s$/)).toBeVisible();
  await expect(codeField(page)).toHaveValue('');
  await expect(codeField(page)).toBeFocused();
  await expect(page.getByText('Quedan 3 bebidas')).toBeVisible();
  expect(consumeCalls).toHaveLength(1);
  expect(await consumosOf(page.request, token, ticket.id)).toHaveLength(1);

  // 3 s later on the page's clock, the same ticket is a new drink.
  await page.clock.fastForward(3_000);
  await wedgeScan(page, ticket.qrCode);
  await expect(page.getByText('Quedan 2 bebidas')).toBeVisible();
  await expect(resultArea(page).getByText(/Ya escaneado/)).toBeHidden();
  expect(consumeCalls).toHaveLength(2);
});

test("a handheld scanner's double read is one drink, and the next guest's code is never glued to it", async ({
  page,
}) => {
  const { token } = await newOrganizer(page);
  const evento = await createLiveEvent(page.request, token);
  const first = await createTicket(page.request, token, evento, {}, 'Lucía Romero');
  const second = await createTicket(page.request, token, evento, {}, 'Andrés Molina');
  const consumed: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/consume')) {
      consumed.push((request.postDataJSON() as { qrCode: string }).qrCode);
    }
  });

  // The page's clock stands still: the double read is "within 3 s" however slow the machine is.
  await page.clock.install();
  await openScanner(page, evento);
  await page.clock.pauseAt(Date.now() + 60_000);

  // The scanner reads the first ticket twice in a row, as fast as it types, without waiting for the answer.
  await fastWedgeScan(page, first.qrCode);
  await fastWedgeScan(page, first.qrCode);
  await expect(resultArea(page).getByText(/^Ya escaneado hace \d+ s$/)).toBeVisible();
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(resultArea(page)).toContainText('Lucía Romero');

  // The next guest: served, with their own code.
  await fastWedgeScan(page, second.qrCode);
  await expect(resultArea(page)).toContainText('Andrés Molina');
  await expect(verdict(page, 'Consumo Registrado')).toBeVisible();
  await expect(resultArea(page).getByText(/Ya escaneado/)).toBeHidden();

  expect(consumed).toEqual([first.qrCode, second.qrCode]);
  expect(await consumosOf(page.request, token, first.id)).toHaveLength(1);
  expect(await consumosOf(page.request, token, second.id)).toHaveLength(1);
  await expect(page.getByText('Ticket no encontrado')).toBeHidden();
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

  test('after a scan the holder and the result are on screen without scrolling, and the code field has not moved', async ({
    page,
  }) => {
    const { token } = await newOrganizer(page);
    const evento = await createLiveEvent(page.request, token, 'Festival de Verano de la Costa del Sol 2026');
    const holder = 'María de los Ángeles Fernández-Villaverde';
    const ticket = await createTicket(
      page.request,
      token,
      evento,
      { nombre: 'Dos Copas', maxDrinks: 2 },
      holder,
    );
    const invalidated = await createTicket(page.request, token, evento, { nombre: 'Anulada' }, 'Pablo Ruiz');
    await invalidateTicket(page.request, token, invalidated.id);

    // The page's clock stands still, so the repeat below is "within 3 s" on any machine.
    await page.clock.install();
    await openScanner(page, evento);
    await page.clock.pauseAt(Date.now() + 60_000);
    const field = codeField(page);
    const scrolled = () => page.evaluate(() => window.scrollY);
    // Where the field is before any answer, with the page at its top.
    expect(await scrolled()).toBe(0);
    const before = await field.boundingBox();
    await expect(field).toBeInViewport({ ratio: 1 });

    const expectAnswerOnScreen = async (
      title: 'Consumo Registrado' | 'Error de Validación',
      name: string,
    ) => {
      await expect(verdict(page, title)).toBeInViewport({ ratio: 1 });
      await expect(resultArea(page).getByText(name)).toBeInViewport({ ratio: 1 });
      expect(await scrolled(), 'the page scrolled').toBe(0);
      expect(await field.boundingBox(), 'the code field moved').toEqual(before);
      await expect(field).toBeFocused();
    };

    // A drink: green, with the holder to check against an ID.
    await wedgeScan(page, ticket.qrCode);
    await expectAnswerOnScreen('Consumo Registrado', holder);
    await expect(resultArea(page).getByRole('button', { name: 'Deshacer' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('scanner-360-ok.png') });
    // A refusal: red, in the same place.
    await wedgeScan(page, invalidated.qrCode);
    await expectAnswerOnScreen('Error de Validación', 'Pablo Ruiz');
    await page.screenshot({ path: test.info().outputPath('scanner-360-refused.png') });
    // A repeat, an unknown code: the field still stays where it was.
    await wedgeScan(page, invalidated.qrCode);
    await expect(resultArea(page).getByText(/^Ya escaneado hace \d+ s$/)).toBeInViewport({ ratio: 1 });
    expect(await field.boundingBox()).toEqual(before);
    await wedgeScan(page, 'NO-EXISTE-1234');
    await expect(page.getByText('Ticket no encontrado')).toBeInViewport({ ratio: 1 });
    expect(await field.boundingBox()).toEqual(before);
    await expectFitsTheScreen(page);
  });
});

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}
