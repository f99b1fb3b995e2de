import { randomUUID } from 'node:crypto';
import { registerThroughApi, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';
import { createLiveEvent } from './support/scanner-data';

// docs/rules/guests.md, docs/decisions/066: the guest page, open on a phone, shows a drink within 5 s
// of the scan, with nothing done on the page (no reload, no focus, no tap).

test.use({ viewport: { width: 360, height: 740 } });

test('the open guest page shows each drink within 5 s of the scan, on a 360 px phone', async ({ page }) => {
  const { token } = await registerThroughApi(page.request, { nombre: 'Organizadora' });
  const evento = await createLiveEvent(page.request, token, 'Boda de Ana y Luis');
  const type = await createTicketTypeThroughApi(page.request, token, evento, { maxDrinks: 3 });
  const order = await createOrderThroughApi(page.request, token, {
    eventoId: evento.id,
    nombreCompleto: 'Lucía Fernández',
    email: uniqueEmail('invitada'),
    ticketTypeId: type.id,
    quantity: 1,
  });
  const ticket = order.tickets[0] as { id: number; qrCode: string; enlaceInvitado: string };
  const drinksLeft = page.getByRole('region', { name: 'Bebidas restantes' });

  // The page's live stream answers once it is subscribed: scans after that must reach the page.
  const streamOpen = page.waitForResponse(
    (response) => /\/api\/t\/[^/]+\/stream$/.test(response.url()) && response.status() === 200,
  );
  await page.goto(ticket.enlaceInvitado);
  await expect(drinksLeft).toContainText('3 de 3');
  await streamOpen;

  for (const left of ['2 de 3', '1 de 3']) {
    const scan = await page.request.post(`/api/scanner/${evento.apiKey}/consume`, {
      data: { qrCode: ticket.qrCode, scanId: randomUUID() },
    });
    expect(scan.status()).toBe(200);
    await expect(drinksLeft).toContainText(left, { timeout: 5_000 });
  }
  await expect(drinksLeft).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/D-guest-live-360.png' });
});
