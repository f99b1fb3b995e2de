import { ONLINE_MINUTES } from '@drinkflow/domain/devices';
import type { Browser, Page } from '@playwright/test';
import { signInAsNewOrganizer } from './support/accounts';
import { createLiveEvent, createTicket, MINUTE } from './support/scanner-data';
import { codeField, resultArea } from './support/scanner-page';
import { expect, test } from './support/test';

// The organizer's device board with a real phone (docs/rules/devices.md): a pairing code from the
// event's page, the phone pairing with it in its own browser, the board following the phone's
// contact and drinks, and a revocation that stops that phone alone.

const phoneSize = { width: 360, height: 740 };
test.use({ viewport: phoneSize });

const connection = (page: Page) => page.getByRole('status', { name: 'Conexión' });
const deviceCard = (page: Page, name: string) => page.getByRole('listitem', { name });
const fact = (page: Page, name: string, label: string) =>
  deviceCard(page, name)
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** The bartender's phone: a browser of its own, with the organizer's site open. */
async function openPhone(browser: Browser) {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId,
    viewport: phoneSize,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

async function scan(phone: Page, qrCode: string) {
  await codeField(phone).fill(qrCode);
  await codeField(phone).press('Enter');
}

test('a phone paired from the event page shows on the board, goes offline, and is revoked alone', async ({
  page,
  browser,
  consoleGuard,
}) => {
  // The scanner's own calls fail while the phone has no network, and once revoked it gets a 401.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const organizer = await signInAsNewOrganizer(page, page.request, 'Encargada de Barras');
  const evento = await createLiveEvent(page.request, organizer.token, 'Festival del Puerto');
  const bono = await createTicket(page.request, organizer.token, evento, { maxDrinks: 5 }, 'Lucía Romero');
  const copa = await createTicket(page.request, organizer.token, evento, { maxDrinks: 1 }, 'Pablo Ortega');
  const auth = { authorization: `Bearer ${organizer.token}` };

  // The organizer makes a pairing code on the event's page.
  await page.goto(`/organizer/evento/${evento.id}`);
  await page.getByRole('button', { name: 'Crear código de emparejamiento' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para emparejar un móvil' })).toBeVisible();
  await expect(page.getByTestId('pairing-countdown')).toHaveText(/^Caduca en (10:00|9:[0-5]\d)$/);
  const codigo = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(codigo).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  await page.getByTestId('pairing-code').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('pairing-code-360.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneSize.width,
  );

  // The bartender opens the QR's link on the phone, names it and pairs.
  const phone = await openPhone(browser);
  await phone.page.goto(`/emparejar/${codigo}`);
  await expect(phone.page.getByLabel('Código de emparejamiento')).toHaveValue(codigo);
  await phone.page.getByLabel('Nombre del dispositivo').fill('Barra VIP · móvil');
  await phone.page.getByRole('button', { name: 'Emparejar' }).click();
  await expect(phone.page).toHaveURL(`/scanner/${evento.apiKey}`);
  await phone.page.getByRole('button', { name: 'Ahora no' }).click();
  await expect(connection(phone.page)).toContainText('Datos de hace un momento');

  // It serves a drink, online.
  await scan(phone.page, bono.qrCode);
  await expect(resultArea(phone.page)).toContainText('Consumo Registrado');

  // The board, from the event's page: the phone is online with that drink.
  await page.getByRole('link', { name: 'Ver dispositivos' }).click();
  await expect(page).toHaveURL(`/organizer/evento/${evento.id}/dispositivos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispositivos' })).toBeVisible();
  const card = deviceCard(page, 'Barra VIP · móvil');
  await expect(card).toBeInViewport();
  await expect(card.getByText('Autorizado', { exact: true })).toBeVisible();
  await expect(card.getByText('En línea', { exact: true })).toBeVisible();
  await expect(fact(page, 'Barra VIP · móvil', 'Consumos (10 min)')).toHaveText('1');
  // The board reads on the phone without sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneSize.width,
  );

  // Below the devices, the drinks a supervisor may take back: this one, with who served it.
  await expect(page.getByRole('list', { name: 'Consumos recientes' })).toContainText('Lucía Romero · copa');
  await expect(page.getByRole('list', { name: 'Consumos recientes' })).toContainText('Barra VIP · móvil');
  await page.screenshot({ path: test.info().outputPath('device-board-360.png'), fullPage: true });

  // The phone loses its network and serves a drink from its offline data: it waits in its queue.
  await phone.context.setOffline(true);
  const wentOffline = Date.now();
  await scan(phone.page, copa.qrCode);
  await expect(resultArea(phone.page)).toContainText('Consumo Registrado');
  await expect(resultArea(phone.page)).toContainText('Sin conexión');
  await expect(connection(phone.page)).toContainText('1 pendiente de enviar');

  // The server heard nothing more from it: its last contact is from before the network fell.
  const board = await page.request.get(`/api/eventos/${evento.id}/dispositivos`, { headers: auth });
  const [seen] = (await board.json()) as { ultimoContacto: string; pendientes: number | null }[];
  expect(Date.parse(seen!.ultimoContacto)).toBeLessThanOrEqual(wentOffline);
  // ONLINE_MINUTES later, by the board's clock (the product's 2 minutes are not shortened; the
  // organizer's page is moved forward instead of the journey waiting for them).
  await page.clock.setFixedTime(wentOffline + (ONLINE_MINUTES + 1) * MINUTE);
  await page.reload();
  await expect(card.getByText('Sin conexión', { exact: true })).toBeVisible();
  await expect(card.getByText('En línea', { exact: true })).toBeHidden();
  await expect(page.getByTestId('devices-online')).toHaveText('0 en línea de 1 activo');
  // The pending count is the one its last recorded call reported (the server writes a device's
  // contact at most every 15 s), from before the queued drink existed; '—' when none was reported.
  await expect(fact(page, 'Barra VIP · móvil', 'Pendientes sin conexión')).toHaveText(
    seen!.pendientes === null ? '—' : String(seen!.pendientes),
  );
  await expect(connection(phone.page)).toContainText('1 pendiente de enviar');

  // The organizer revokes it; the dialog says what happens.
  await card.getByRole('button', { name: 'Revocar Barra VIP · móvil' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Revocar «Barra VIP · móvil»?' });
  await expect(dialog).toContainText('dejará de escanear en su próxima llamada');
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(card.getByText(/^Revocado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /Revocar/ })).toHaveCount(0);

  // The phone's network returns and it scans: whichever call reaches the server first (this scan,
  // or the queue's upload the returning network starts) meets the revocation.
  await phone.context.setOffline(false);
  await codeField(phone.page)
    .fill(bono.qrCode, { timeout: 3_000 })
    .then(() => codeField(phone.page).press('Enter', { timeout: 3_000 }))
    .catch(() => 'the scanner had already stopped');
  await expect(phone.page.getByRole('heading', { name: 'Este dispositivo ha sido revocado.' })).toBeVisible({
    timeout: 20_000,
  });
  // The drink it served offline before the revocation still counts; nothing after it did.
  const drinkCount = async (ticketId: number) => {
    const response = await page.request.get(`/api/tickets/${ticketId}/consumos`, { headers: auth });
    return ((await response.json()) as unknown[]).length;
  };
  await expect.poll(() => drinkCount(copa.id), { timeout: 20_000 }).toBe(1);
  expect(await drinkCount(bono.id)).toBe(1);
  await phone.context.close();
});
