import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

const MINUTE = 60_000;

test('an organizer configures one ticket type of each mode, duplicates, edits and deletes', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Verbena de Verano' });
  const auth = { authorization: `Bearer ${account.token}` };

  await page.goto(`/organizer/tipos-ticket?evento=${evento.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tipos de Ticket' })).toBeVisible();
  await expect(
    page.getByText('Configura límites por horarios, cantidades totales o intervalos de tiempo.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No hay tipos de ticket' })).toBeVisible();

  // por_cantidad: 4 drinks by default, valid for the whole event.
  await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Cuatro Copas');
  await dialog.getByRole('radio', { name: /Por Cantidad/ }).check();
  await expect(dialog.getByLabel('Máximo de bebidas', { exact: true })).toHaveValue('4');
  await dialog.getByLabel('Tipo de bebida', { exact: true }).fill('copas');
  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cuatro Copas/ })).toContainText('4 bebidas');

  // temporal: 120 minutes by default, valid-to derived from valid-from.
  await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Barra Libre 2h');
  await dialog.getByRole('radio', { name: /Barra Libre/ }).check();
  await expect(dialog.getByLabel('Duración (minutos)')).toHaveValue('120');
  // Both show dd/MM/yyyy HH:mm.
  const wallClock = async (label: string) => {
    const [day, month, year, hour, minute] = (await dialog.getByLabel(label).inputValue())
      .split(/[/ :]/)
      .map(Number);
    return new Date(year!, month! - 1, day, hour, minute).getTime();
  };
  expect((await wallClock('Válido hasta')) - (await wallClock('Válido desde'))).toBe(120 * MINUTE);
  await dialog.getByLabel('Duración (minutos)').fill('20');
  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Errores en el formulario')).toBeVisible();
  await expect(dialog.getByText('La duración debe estar entre 30 y 1440 minutos')).toBeVisible();
  await dialog.getByLabel('Duración (minutos)').fill('120');
  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Barra Libre 2h/ })).toContainText('120 minutos');

  // intervalos_controlados: 180 min, one every 30, so 6 drinks — computed, and recomputed.
  await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Cerveza cada 20');
  await dialog.getByRole('radio', { name: /Intervalos Controlados/ }).check();
  await expect(dialog.getByLabel('Duración (minutos)')).toHaveValue('180');
  await expect(dialog.getByLabel('Intervalo entre bebidas (minutos)')).toHaveValue('30');
  await expect(dialog.getByLabel('Máximo de bebidas', { exact: true })).toHaveValue('6');
  await expect(dialog.getByText('Cálculo automático')).toBeVisible();
  await dialog.getByLabel('Intervalo entre bebidas (minutos)').fill('20');
  await expect(dialog.getByLabel('Máximo de bebidas', { exact: true })).toHaveValue('9');
  await dialog.getByLabel('Tipo de bebida', { exact: true }).fill('cerveza');
  await dialog.getByRole('button', { name: 'Crear Tipo de Ticket' }).click();
  await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cerveza cada 20/ })).toContainText('1 bebida cada 20 min');

  const stored = await (await request.get(`/api/tipos-ticket/${evento.id}`, { headers: auth })).json();
  expect(stored).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        nombre: 'Cuatro Copas',
        modo: 'por_cantidad',
        maxDrinks: 4,
        durationMinutes: null,
      }),
      expect.objectContaining({
        nombre: 'Barra Libre 2h',
        modo: 'temporal',
        maxDrinks: null,
        durationMinutes: 120,
      }),
      expect.objectContaining({
        nombre: 'Cerveza cada 20',
        modo: 'intervalos_controlados',
        maxDrinks: 9,
        drinkIntervalMinutes: 20,
      }),
    ]),
  );
  await expectNoSeriousA11yViolations(page);

  // Duplicate, then edit the copy on the edit page.
  await page.getByRole('button', { name: 'Acciones para Cuatro Copas' }).click();
  await page.getByRole('menuitem', { name: 'Duplicar' }).click();
  await expect(page.getByRole('row', { name: /Cuatro Copas \(Copia\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Acciones para Cuatro Copas (Copia)' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Tipo de Ticket' })).toBeVisible();
  await expect(page.getByText('Verbena de Verano')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Se');
  await page.getByLabel('Máximo de bebidas', { exact: true }).fill('51');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('El nombre debe tener al menos 3 caracteres')).toBeVisible();
  await expect(page.getByText('Debe especificar entre 1 y 50 bebidas')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Seis Copas');
  await page.getByLabel('Máximo de bebidas', { exact: true }).fill('6');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Tipo de ticket actualizado')).toBeVisible();
  await expect(page).toHaveURL(/\/organizer\/tipos-ticket/);
  await expect(page.getByRole('row', { name: /Seis Copas/ })).toContainText('6 bebidas');

  // Delete the edited copy.
  await page.getByRole('button', { name: 'Acciones para Seis Copas' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toastTitled(page, 'Tipo de ticket eliminado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Seis Copas/ })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(4);

  // Deleting the event removes its ticket types (checked through the API).
  const ids = (
    (await (await request.get(`/api/tipos-ticket/${evento.id}`, { headers: auth })).json()) as {
      id: number;
    }[]
  ).map((tipo) => tipo.id);
  expect(ids).toHaveLength(3);
  await page.goto(`/organizer/evento/${evento.id}`);
  await expect(page.getByTestId('counter-Tipos de Ticket')).toHaveText('3');
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL('/organizer/eventos');
  for (const id of ids) {
    expect((await request.get(`/api/tipos-ticket/single/${id}`, { headers: auth })).status()).toBe(404);
  }
  expect((await request.get('/api/tipos-ticket/all/organizer', { headers: auth })).json()).resolves.toEqual(
    [],
  );
});

test('the ticket-type selector shows all events with their names', async ({ page, request }) => {
  const account = await signInAsNewOrganizer(page, request);
  await page.getByRole('link', { name: 'Tipos de Ticket' }).click();
  await expect(page.getByText('No hay eventos disponibles')).toBeVisible();
  const first = await createEventThroughApi(request, account.token, { nombre: 'Primero' });
  await createEventThroughApi(request, account.token, { nombre: 'Segundo' });
  const auth = { authorization: `Bearer ${account.token}` };
  await request.post('/api/tipos-ticket', {
    headers: auth,
    data: {
      eventoId: first.id,
      nombre: 'Entrada General',
      modo: 'por_cantidad',
      maxDrinks: 3,
      drinkType: 'todo',
      validoDesde: first.fechaInicio,
      validoHasta: first.fechaFin,
    },
  });
  await page.reload();
  await page.getByLabel('Evento', { exact: true }).selectOption({ label: 'Todos mis eventos' });
  await expect(
    page.getByText('Visualiza y gestiona todos los tipos de ticket de tus eventos.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo Tipo de Ticket' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Evento' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Entrada General/ })).toContainText('Primero');
});
