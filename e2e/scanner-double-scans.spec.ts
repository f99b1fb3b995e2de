import { expect, test } from './support/test';
import { consumosOf, createLiveEvent, createTicket } from './support/scanner-data';
import {
  codeField,
  fastWedgeScan,
  newOrganizer,
  openScanner,
  resultArea,
  verdict,
  wedgeScan,
} from './support/scanner-page';

// The public scanner when one code arrives twice: a repeat within 3 s is shown, never sent again.

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
