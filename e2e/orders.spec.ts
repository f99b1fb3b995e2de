import { readFile } from 'node:fs/promises';
import { formatDate } from '@drinkflow/domain/dates';
import type { Download, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// Orders from the organizer's side: create one, look after its tickets, edit and delete it; and
// the same list on a phone.

async function downloaded(
  page: Page,
  start: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  return { file, bytes: await readFile((await file.path())!) };
}

/** Confirms the alert dialog that a ticket or order action opens. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

test('an organizer creates an order of 3 tickets, looks after them, edits and deletes it', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Cena de Gala' });
  await createTicketTypeThroughApi(request, account.token, evento, { nombre: 'Cuatro Copas' });
  await createTicketTypeThroughApi(request, account.token, evento, {
    nombre: 'Barra Libre VIP',
    modo: 'temporal',
    maxDrinks: null,
    durationMinutes: 120,
  });

  // Nothing chosen yet: the page asks for an event; the choice is remembered.
  await page.goto('/organizer/pedidos');
  await expect(page.getByRole('heading', { name: 'Selecciona un Evento' })).toBeVisible();
  const selector = page.getByLabel('Evento', { exact: true });
  await expect(
    selector.getByRole('option', { name: `Cena de Gala — ${formatDate(new Date(evento.fechaInicio))}` }),
  ).toHaveCount(1);
  await selector.selectOption(String(evento.id));
  await expect(page).toHaveURL(`/organizer/pedidos?evento=${evento.id}`);
  await expect(page.getByRole('heading', { name: 'No hay pedidos' })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo Pedido' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nuevo Pedido' });
  await expect(create).toContainText('Cena de Gala');
  await create.getByLabel('Nombre Completo').fill('Marta Jiménez');
  await create.getByLabel('Email').fill('marta@example.com');
  await create.getByLabel('Teléfono').fill('+34 611 222 333');
  await create.getByLabel('Tipo de Ticket').selectOption({ label: 'Cuatro Copas' });
  await create.getByLabel('Cantidad de Tickets').fill('3');
  await create.getByRole('button', { name: 'Crear Pedido' }).click();
  await expect(toastTitled(page, 'Pedido creado')).toBeVisible();
  const row = page.getByRole('row', { name: /Marta Jiménez/ });
  await expect(row).toContainText('+34 611 222 333');
  await expect(row).toContainText('Cuatro Copas');
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await expect(page.getByText('Mostrando 1 de 1 pedido', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const all = await downloaded(page, () =>
    page.getByRole('button', { name: 'Descargar todos los tickets' }).click(),
  );
  expect(all.file.suggestedFilename()).toBe(`tickets-evento-${evento.id}.pdf`);
  expect(all.bytes.subarray(0, 4).toString()).toBe('%PDF');

  // The order: three tickets, each with its QR code drawn on the page.
  await row.getByRole('link', { name: 'Ver detalle Marta Jiménez' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Detalle del Pedido #\d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tickets (3)' })).toBeVisible();
  const tickets = page.getByRole('article', { name: /^Ticket #\d+$/ });
  await expect(tickets).toHaveCount(3);
  for (const ticket of await tickets.all()) {
    const qr = ticket.getByRole('img', { name: /^Código QR del ticket #\d+$/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    await expect(ticket.getByText('Activo', { exact: true })).toBeVisible();
    await expect(ticket.getByText('No escaneado aún')).toBeVisible();
  }

  await expectNoSeriousA11yViolations(page);

  const first: Locator = tickets.first();
  await first.getByRole('button', { name: 'Invalidar' }).click();
  await confirm(page, '¿Invalidar ticket?', 'Invalidar');
  await expect(toastTitled(page, 'Ticket invalidado')).toBeVisible();
  await expect(first.getByText('Inválido', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Invalidar' })).toBeHidden();
  await first.getByRole('button', { name: 'Reactivar' }).click();
  await confirm(page, '¿Reactivar ticket?', 'Reactivar');
  await expect(first.getByText('Activo', { exact: true })).toBeVisible();

  const ticketId = (await first.getByRole('heading', { name: /^Ticket #\d+$/ }).textContent())!.replace(
    'Ticket #',
    '',
  );
  const pdf = await downloaded(page, () => first.getByRole('button', { name: 'Descargar PDF' }).click());
  expect(pdf.file.suggestedFilename()).toBe(`ticket-${ticketId}.pdf`);
  expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');

  // Edit the guest and move the tickets to the other type.
  await page.getByRole('button', { name: 'Editar Pedido' }).click();
  const edit = page.getByRole('dialog', { name: /^Editar Pedido #\d+$/ });
  await expect(edit.getByLabel('Tipo de Ticket')).toHaveValue(/\d+/);
  await edit.getByLabel('Nombre Completo').fill('Marta Jiménez Ruiz');
  await edit.getByLabel('Tipo de Ticket').selectOption({ label: 'Barra Libre VIP' });
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toastTitled(page, 'Pedido actualizado')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Marta Jiménez Ruiz')).toBeVisible();
  await expect(first.getByText('Barra Libre', { exact: true })).toBeVisible();
  await expect(first.getByText('120 minutos')).toBeVisible();

  // Back to the same event's list, and delete the order there.
  await page.getByRole('link', { name: 'Volver a Pedidos' }).click();
  await expect(page).toHaveURL(`/organizer/pedidos?evento=${evento.id}`);
  const edited = page.getByRole('row', { name: /Marta Jiménez Ruiz/ });
  await expect(edited).toContainText('Barra Libre VIP');
  await edited.getByRole('button', { name: 'Eliminar Marta Jiménez Ruiz' }).click();
  await confirm(page, '¿Eliminar pedido?', 'Eliminar');
  await expect(toastTitled(page, 'Pedido eliminado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No hay pedidos' })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const) {
  test(`the orders list and an order at ${viewport.width}×${viewport.height}: cards that fit, actions that work`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const account = await signInAsNewOrganizer(page, request);
    const evento = await createEventThroughApi(request, account.token, {
      nombre: 'Boda de Marta Fernández-Villaverde y Pablo Rodríguez en la Finca',
    });
    const tipo = await createTicketTypeThroughApi(request, account.token, evento, {
      nombre: 'Bono de Cuatro Copas para los Invitados',
    });
    const guest = 'María de los Ángeles Fernández-Villaverde Rodríguez';
    for (const [nombreCompleto, email] of [
      [guest, 'maria.de.los.angeles.fernandez.villaverde@example.com'],
      ['Pablo Gil', 'pablo@example.com'],
    ] as const) {
      await createOrderThroughApi(request, account.token, {
        eventoId: evento.id,
        nombreCompleto,
        email,
        telefono: '+34 600 000 000',
        ticketTypeId: tipo.id,
        quantity: 2,
      });
    }

    await page.goto(`/organizer/pedidos?evento=${evento.id}`);
    const card = page.getByRole('article', { name: guest });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(card).toContainText('maria.de.los.angeles.fernandez.villaverde@example.com');
    await expectFitsTheScreen(page);

    await card.getByRole('link', { name: `Ver detalle ${guest}` }).click();
    await expect(page.getByRole('heading', { name: 'Tickets (2)' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Código QR del ticket #\d+$/ })).toHaveCount(2);
    await expectFitsTheScreen(page);
    await page.getByRole('link', { name: 'Volver a Pedidos' }).click();

    const other = page.getByRole('article', { name: 'Pablo Gil' });
    await other.getByRole('button', { name: 'Eliminar Pablo Gil' }).click();
    await confirm(page, '¿Eliminar pedido?', 'Eliminar');
    await expect(toastTitled(page, 'Pedido eliminado')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectFitsTheScreen(page);
  });
}

test('with every event shown, the orders table fits a 1280 px laptop screen, actions included', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signInAsNewOrganizer(page, request);
  for (const nombre of ['Festival de Verano de la Costa Brava 2026', 'Boda de Marta y Alejandro']) {
    const evento = await createEventThroughApi(request, account.token, { nombre });
    const tipo = await createTicketTypeThroughApi(request, account.token, evento, {
      nombre: 'Bono Diez Copas',
    });
    await createOrderThroughApi(request, account.token, {
      eventoId: evento.id,
      nombreCompleto: 'María de los Ángeles Fernández-Villaverde',
      email: `maria.angeles.fernandez.villaverde.${evento.id}@correo-de-ejemplo.es`,
      telefono: '+34 612 345 678',
      ticketTypeId: tipo.id,
      quantity: 10,
    });
  }

  await page.goto('/organizer/pedidos');
  await page.getByLabel('Evento', { exact: true }).selectOption({ label: 'Todos mis eventos' });
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectFitsTheScreen(page);
  const actions = table.getByRole('columnheader', { name: 'Acciones' });
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width, 'the actions column ends inside the screen').toBeLessThanOrEqual(1280);
  const overflow = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow, 'the table scrolls sideways inside its box').toBeLessThanOrEqual(0);
  // The actions keep their names for touch and screen readers, and show them on hover.
  const view = table.getByRole('link', { name: /^Ver detalle María de los Ángeles/ }).first();
  await expect(view).toHaveAttribute('title', 'Ver detalle');
});
