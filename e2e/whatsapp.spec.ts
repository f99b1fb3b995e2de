import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';

// Sending the guests their ticket links by WhatsApp (docs/rules/guests.md): the organizer's sending list
// of an event, with one tap per guest that opens wa.me and marks the order as sent, and the
// 'Enviar por WhatsApp' links of an order and of each ticket.

interface Order {
  id: number;
  tickets: { id: number; enlaceInvitado: string }[];
}

async function eventWithGuests(request: APIRequestContext, token: string) {
  const evento = await createEventThroughApi(request, token, { nombre: 'Cena de Gala' });
  const tipo = await createTicketTypeThroughApi(request, token, evento);
  const order = async (nombreCompleto: string, telefono: string | undefined, quantity = 1) =>
    (await createOrderThroughApi(request, token, {
      eventoId: evento.id,
      nombreCompleto,
      email: uniqueEmail('invitado'),
      ...(telefono ? { telefono } : {}),
      ticketTypeId: tipo.id,
      quantity,
    })) as unknown as Order;
  const ana = await order('Ana Martín', '612 345 678', 2);
  const bruno = await order('Bruno Gil', undefined);
  const carla = await order('Carla Ruiz', '+44 7700 900123');
  return { evento, ana, bruno, carla };
}

/** The text of a wa.me link's message. */
const messageOf = (href: string) => new URL(href).searchParams.get('text') ?? '';

const guestRow = (page: Page, name: string) => page.getByRole('listitem', { name });

test('the sending list opens WhatsApp with the number and the guest links, marks sent and undoes', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // wa.me is outside the test: answered here, so the new tab opens without the internet.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'wa.me' }),
  );
  const account = await signInAsNewOrganizer(page, page.request, 'Organizadora');
  const { evento, ana, bruno } = await eventWithGuests(page.request, account.token);

  await page.goto(`/organizer/evento/${evento.id}`);
  await page.getByRole('link', { name: 'Enviar tickets por WhatsApp' }).click();
  await expect(page).toHaveURL(`/organizer/evento/${evento.id}/whatsapp`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar tickets por WhatsApp' })).toBeVisible();
  await expect(page.getByText('0 de 3 enviados')).toBeVisible();

  const send = guestRow(page, 'Ana Martín').getByRole('link', { name: 'Enviar por WhatsApp a Ana Martín' });
  const href = (await send.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/34612345678\?text=/);
  expect(await send.getAttribute('target')).toBe('_blank');
  expect(await send.getAttribute('rel')).toContain('noopener');
  const message = messageOf(href);
  expect(message).toContain('Hola Ana');
  expect(message).toContain('Cena de Gala');
  for (const ticket of ana.tickets) expect(message).toContain(`${baseURL}${ticket.enlaceInvitado}`);

  // No number WhatsApp can use: no link, and the reason beside the button.
  const noPhone = guestRow(page, 'Bruno Gil');
  await expect(noPhone.getByRole('button', { name: 'Enviar por WhatsApp a Bruno Gil' })).toBeDisabled();
  await expect(noPhone.getByText('Sin teléfono válido para WhatsApp')).toBeVisible();
  expect(bruno.tickets).toHaveLength(1);

  const popup = page.waitForEvent('popup');
  await send.click();
  expect((await popup).url()).toMatch(/^https:\/\/wa\.me\/34612345678\?text=/);
  await expect(guestRow(page, 'Ana Martín').getByText(/^Enviado \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText('1 de 3 enviados')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  // Recorded on the server: still sent after a reload; 'Solo pendientes' hides it.
  await page.reload();
  await expect(page.getByText('1 de 3 enviados')).toBeVisible();
  await page.getByLabel('Solo pendientes').check();
  await expect(guestRow(page, 'Ana Martín')).toHaveCount(0);
  await expect(guestRow(page, 'Bruno Gil')).toBeVisible();
  await expect(guestRow(page, 'Carla Ruiz')).toBeVisible();

  await page.getByLabel('Solo pendientes').uncheck();
  await guestRow(page, 'Ana Martín').getByRole('button', { name: 'Deshacer el envío a Ana Martín' }).click();
  await expect(page.getByText('0 de 3 enviados')).toBeVisible();
  await expect(guestRow(page, 'Ana Martín').getByRole('link', { name: /Enviar por WhatsApp/ })).toBeVisible();
  // The list shows the undo at once; the server's answer to it may still be on its way.
  const sentAt = async () => {
    const list = await page.request.get(`/api/eventos/${evento.id}/envios-whatsapp`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const rows = (await list.json()) as { pedidoId: number; whatsappEnviadoEn: string | null }[];
    return rows.find((row) => row.pedidoId === ana.id)?.whatsappEnviadoEn;
  };
  await expect.poll(sentAt).toBeNull();
});

test("an order and each of its tickets have 'Enviar por WhatsApp'; none without a phone", async ({
  page,
  baseURL,
}) => {
  const account = await signInAsNewOrganizer(page, page.request, 'Organizadora');
  const { ana, bruno, carla } = await eventWithGuests(page.request, account.token);

  await page.goto(`/organizer/pedido/${ana.id}`);
  const whole = page.getByRole('link', { name: 'Enviar por WhatsApp', exact: true });
  const href = (await whole.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/34612345678\?text=/);
  for (const ticket of ana.tickets) expect(messageOf(href)).toContain(`${baseURL}${ticket.enlaceInvitado}`);

  const [first, second] = ana.tickets;
  const one = page.getByRole('link', { name: `Enviar el ticket #${first!.id} por WhatsApp` });
  const oneText = messageOf((await one.getAttribute('href'))!);
  expect(oneText).toContain(`${baseURL}${first!.enlaceInvitado}`);
  expect(oneText).not.toContain(second!.enlaceInvitado);

  await page.goto(`/organizer/pedido/${carla.id}`);
  expect(
    await page.getByRole('link', { name: 'Enviar por WhatsApp', exact: true }).getAttribute('href'),
  ).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);

  await page.goto(`/organizer/pedido/${bruno.id}`);
  await expect(page.getByRole('heading', { name: /Detalle del Pedido/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar por WhatsApp', exact: true })).toBeDisabled();
  await expect(page.getByText('Sin teléfono válido para WhatsApp').first()).toBeVisible();
});
