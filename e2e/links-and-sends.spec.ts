import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';

// docs/rules/guests.md#links-that-cannot-work (docs/decisions/064). The journey server runs on this
// machine without PUBLIC_URL (nor SMTP_URL): the links it would send point at localhost, so every
// screen that sends them warns; an order's WhatsApp send counts on the event's sending list; the
// order's 'Enviar por email' is disabled with the reason.

const WARNING =
  'Los enlaces apuntarán a este ordenador y los invitados no podrán abrirlos. Configura PUBLIC_URL.';

test.use({ viewport: { width: 360, height: 740 } });

test('on a phone, the order detail warns about local links, and its WhatsApp send counts on the sending list', async ({
  page,
  context,
  baseURL,
}) => {
  // wa.me is outside the test: answered here, so the new tab opens without the internet.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'wa.me' }),
  );
  const account = await signInAsNewOrganizer(page, page.request, 'Organizadora');
  const evento = await createEventThroughApi(page.request, account.token, { nombre: 'Boda en la finca' });
  const tipo = await createTicketTypeThroughApi(page.request, account.token, evento);
  const pedido = (await createOrderThroughApi(page.request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Ana Martín',
    email: uniqueEmail('invitada'),
    telefono: '612 345 678',
    ticketTypeId: tipo.id,
    quantity: 1,
  })) as unknown as { id: number; tickets: { enlaceInvitado: string }[] };

  await page.goto(`/organizer/pedido/${pedido.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Detalle del Pedido #${pedido.id}` }),
  ).toBeVisible();
  const warning = page.getByRole('alert').filter({ hasText: WARNING });
  await expect(warning).toBeVisible();
  await expect(warning).toBeInViewport();

  // The email cannot go out from this server: disabled before any click, with the reason.
  const emailCard = page.getByRole('region', { name: 'Envío por email' });
  await expect(emailCard.getByRole('button', { name: 'Enviar por email' })).toBeDisabled();
  await expect(emailCard.getByRole('alert')).toHaveText(
    'El envío por email no está configurado. Pide al administrador del servidor que configure SMTP_URL.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/B-order-local-links-360.png', fullPage: true });

  // The message holds the link the warning is about; opening WhatsApp records the send.
  const send = page.getByRole('link', { name: 'Enviar por WhatsApp', exact: true });
  const message = new URL((await send.getAttribute('href'))!).searchParams.get('text')!;
  expect(message).toContain(`${baseURL}${pedido.tickets[0]!.enlaceInvitado}`);
  const popup = page.waitForEvent('popup');
  await send.click();
  await (await popup).close();
  await expect(page.getByText(/^Enviado por WhatsApp el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: '/tmp/B-order-sent-360.png' });

  await page.goto(`/organizer/evento/${evento.id}/whatsapp`);
  await expect(page.getByText('1 de 1 enviado')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: WARNING })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: '/tmp/B-whatsapp-list-360.png', fullPage: true });
});
