import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// The ticket-types pages never lose the organizer's event: not through the edit page, not on a
// reload, not when coming back from the menu.

test('the selected event survives Editar → Guardar, Volver, a reload and the menu', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  await createEventThroughApi(request, account.token, { nombre: 'Primero' });
  const segundo = await createEventThroughApi(request, account.token, { nombre: 'Segundo' });
  const created = await request.post('/api/tipos-ticket', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      eventoId: segundo.id,
      nombre: 'Entrada General',
      modo: 'por_cantidad',
      maxDrinks: 3,
      drinkType: 'todo',
      validoDesde: segundo.fechaInicio,
      validoHasta: segundo.fechaFin,
    },
  });
  expect(created.status()).toBe(201);
  const selector = page.getByLabel('Evento', { exact: true });
  const listOfSegundo = `/organizer/tipos-ticket?evento=${segundo.id}`;

  // From the event's page to its ticket types.
  await page.goto(`/organizer/evento/${segundo.id}`);
  await page.getByRole('link', { name: 'Gestionar Tipos de Ticket' }).click();
  await expect(selector).toHaveValue(String(segundo.id));

  // Editar → Guardar comes back to the same event.
  await page.getByRole('button', { name: 'Acciones para Entrada General' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Tipo de Ticket' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Entrada VIP');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Tipo de ticket actualizado')).toBeVisible();
  await expect(page).toHaveURL(listOfSegundo);
  await expect(selector).toHaveValue(String(segundo.id));
  await expect(page.getByRole('row', { name: /Entrada VIP/ })).toBeVisible();

  // Editar → Cancelar and Editar → Volver too.
  for (const back of ['Cancelar', 'Volver']) {
    await page.getByRole('button', { name: 'Acciones para Entrada VIP' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.getByRole('button', { name: back, exact: true }).click();
    await expect(page).toHaveURL(listOfSegundo);
    await expect(selector).toHaveValue(String(segundo.id));
  }

  // A reload, and the side menu's link without ?evento=.
  await page.reload();
  await expect(selector).toHaveValue(String(segundo.id));
  await expect(page.getByRole('row', { name: /Entrada VIP/ })).toBeVisible();
  await page.getByRole('link', { name: 'Mis Eventos' }).click();
  await page.getByRole('link', { name: 'Tipos de Ticket' }).click();
  await expect(page).toHaveURL(listOfSegundo);
  await expect(selector).toHaveValue(String(segundo.id));

  // "Todos mis eventos" is remembered as well, and says how to create a ticket type.
  await selector.selectOption({ label: 'Todos mis eventos' });
  await expect(page).toHaveURL('/organizer/tipos-ticket?evento=todos');
  await expect(
    page.getByText('Para crear un tipo de ticket, elige primero un evento en el selector.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo Tipo de Ticket' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Acciones para Entrada VIP' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL('/organizer/tipos-ticket?evento=todos');
  await page.reload();
  await expect(selector).toHaveValue('todos');
  await expect(page.getByRole('columnheader', { name: 'Evento' })).toBeVisible();
});
