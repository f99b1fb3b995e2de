import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { expect, test } from './support/test';

// Emailing tickets (docs/rules/guests.md, docs/decisions/042). The journey server runs without SMTP_URL,
// so the browser shows what an organizer sees when email is not configured; delivery itself is
// tested against a real SMTP server in packages/server/test/email.

const NOT_CONFIGURED = 'El envío por email no está configurado';

test('an order shows its email state, and its send button says email is not configured', async ({ page }) => {
  const account = await signInAsNewOrganizer(page, page.request, 'Organizadora');
  const evento = await createEventThroughApi(page.request, account.token, { nombre: 'Boda en la playa' });
  const tipo = await createTicketTypeThroughApi(page.request, account.token, evento);
  const pedido = await createOrderThroughApi(page.request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Ana Martín',
    email: uniqueEmail('invitada'),
    ticketTypeId: tipo.id,
    quantity: 2,
  });

  await page.goto(`/organizer/pedido/${pedido.id}`);
  const card = page.getByRole('region', { name: 'Envío por email' });
  await expect(card.getByText('Sin enviar', { exact: true })).toBeVisible();
  // Known before any click (docs/decisions/064): disabled, with the bulk dialog's reason.
  const send = card.getByRole('button', { name: 'Enviar por email' });
  await expect(send).toBeDisabled();
  await expect(card.getByRole('alert')).toContainText(NOT_CONFIGURED);
  await expect(send).toHaveAccessibleDescription(new RegExp(`^${NOT_CONFIGURED}`));
  await expectNoSeriousA11yViolations(page);
});

test('the bulk send dialog shows the progress and that email is not configured', async ({ page }) => {
  const account = await signInAsNewOrganizer(page, page.request, 'Organizadora');
  const evento = await createEventThroughApi(page.request, account.token, { nombre: 'Cena de empresa' });
  const tipo = await createTicketTypeThroughApi(page.request, account.token, evento);
  for (const nombreCompleto of ['Ana Martín', 'Bruno Gil', 'Carla Ruiz']) {
    await createOrderThroughApi(page.request, account.token, {
      eventoId: evento.id,
      nombreCompleto,
      email: uniqueEmail('invitado'),
      ticketTypeId: tipo.id,
      quantity: 1,
    });
  }

  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Enviar tickets por email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar tickets por email' });
  await expect(
    dialog.getByText('0 de 3 pedidos enviados · 0 en cola · 0 fallidos · 3 sin enviar'),
  ).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Emails enviados' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(dialog.getByRole('alert')).toContainText(NOT_CONFIGURED);
  await expect(dialog.getByRole('switch')).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Enviar', exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();
});
