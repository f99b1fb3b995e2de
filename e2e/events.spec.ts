import { formatDateTime } from '@drinkflow/domain/dates';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

const HOUR = 60 * 60 * 1000;

test('an organizer creates an event in the dialog and sees it with its status', async ({ page, request }) => {
  await signInAsNewOrganizer(page, request);
  await expect(page.getByRole('heading', { name: 'No tienes eventos' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo Evento' }).click();

  const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
  await dialog.getByRole('button', { name: 'Crear Evento' }).click();
  await expect(toastTitled(page, 'Campos requeridos')).toBeVisible();

  await dialog.getByLabel('Nombre del evento *').fill('Boda de Marta y Pablo');
  await dialog.getByLabel('Ubicación *').fill('Finca El Encinar, Toledo');
  const start = dialog.getByLabel('Fecha y hora de inicio *');
  const end = dialog.getByLabel('Fecha y hora de fin *');
  // The dialog proposes the next full hour and six hours later, as dd/MM/yyyy HH:mm.
  const wallClock = (text: string) => {
    const [day, month, year, hour, minute] = text.split(/[/ :]/).map(Number);
    return Date.UTC(year!, month! - 1, day, hour, minute);
  };
  const proposedStart = wallClock(await start.inputValue());
  expect(new Date(proposedStart).getUTCMinutes()).toBe(0);
  expect(wallClock(await end.inputValue()) - proposedStart).toBe(6 * HOUR);

  await end.fill(await start.inputValue());
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeVisible();
  // An event running right now: started an hour ago, ends in five hours (the browser is in Madrid).
  await start.fill(formatDateTime(new Date(Date.now() - HOUR), 'Europe/Madrid'));
  await end.fill(formatDateTime(new Date(Date.now() + 5 * HOUR), 'Europe/Madrid'));
  await dialog.getByRole('button', { name: 'Crear Evento' }).click();

  await expect(toastTitled(page, 'Evento creado')).toBeVisible();
  await expect(
    page.getByText('El evento "Boda de Marta y Pablo" ha sido creado exitosamente.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Boda de Marta y Pablo/ });
  await expect(row.getByText('Activo')).toBeVisible();
  await expect(page.getByText('1 evento en total')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('filters and paginates 25 events', async ({ page, request }) => {
  await page.goto('/');
  const account = await signInAsNewOrganizer(page, request);
  const now = Date.now();
  for (let n = 1; n <= 25; n++) {
    const past = n <= 5;
    const start = new Date(now + (past ? -(n * 48) : n * 48) * HOUR);
    await createEventThroughApi(request, account.token, {
      nombre: `Fiesta ${String(n).padStart(2, '0')}`,
      ubicacion: n % 2 === 0 ? 'Valencia' : 'Sevilla',
      fechaInicio: start.toISOString(),
      fechaFin: new Date(start.getTime() + 4 * HOUR).toISOString(),
    });
  }
  await page.reload();
  await expect(page.getByText('25 eventos en total')).toBeVisible();
  await expect(page.getByText('Mostrando 1 a 10 de 25 eventos')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Mostrando 11 a 20 de 25 eventos')).toBeVisible();
  await page.getByRole('button', { name: 'Página 3' }).click();
  await expect(page.getByText('Mostrando 21 a 25 de 25 eventos')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(6);

  await page.getByLabel('Buscar').fill('sevilla');
  await expect(page.getByText('Mostrando 1 a 10 de 13 eventos')).toBeVisible();
  await page.getByLabel('Estado').selectOption('finalizado');
  await expect(page.getByText('Mostrando 3 eventos')).toBeVisible();
  await page.getByLabel('Buscar').fill('no existe');
  await expect(page.getByRole('heading', { name: 'No se encontraron eventos' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar filtros' }).last().click();
  await expect(page.getByText('Mostrando 1 a 10 de 25 eventos')).toBeVisible();

  // The day as the organizer's calendar shows it (Madrid), not UTC's: near midnight they differ.
  const sixthStartDay = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(now + 6 * 48 * HOUR));
  await page.getByLabel('Fecha de inicio').fill(sixthStartDay);
  await expect(page.getByRole('row', { name: /Fiesta 06/ })).toBeVisible();
  await expect(page.getByText('Mostrando 1 evento')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page.getByText('Página 1 de 3')).toBeVisible();
});

test('event detail: counters, API key panel and the edit page', async ({ page, request }) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Gala Benéfica' });
  await page.reload();
  await page.getByRole('link', { name: 'Ver Gala Benéfica' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gala Benéfica' })).toBeVisible();
  await expect(page.getByText('Público')).toBeVisible();
  await expect(page.getByTestId('counter-Tipos de Ticket')).toHaveText('0');
  await expect(page.getByTestId('counter-Pedidos Activos')).toHaveText('0');
  await expect(page.getByTestId('counter-Tickets Escaneados')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'Gestionar Tipos de Ticket' })).toHaveAttribute(
    'href',
    `/organizer/tipos-ticket?evento=${evento.id}`,
  );
  await expect(page.getByRole('link', { name: 'Ver Pedidos del Evento' })).toHaveAttribute(
    'href',
    `/organizer/pedidos?evento=${evento.id}`,
  );

  const key = page.getByTestId('api-key');
  const url = page.getByTestId('scanner-url');
  await expect(key).not.toContainText(evento.apiKey);
  await page.getByRole('button', { name: 'Mostrar API Key' }).click();
  await expect(key).toHaveText(evento.apiKey);
  await expect(url).toHaveText(new RegExp(`/scanner/${evento.apiKey}$`));

  await page.getByRole('button', { name: 'Regenerar API Key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerar' }).click();
  await expect(toastTitled(page, 'API Key regenerada')).toBeVisible();
  await expect(key).not.toHaveText(evento.apiKey);
  await expect(url).not.toHaveText(new RegExp(evento.apiKey));
  const regenerated = (await key.textContent())!;
  await expect(url).toHaveText(new RegExp(`/scanner/${regenerated}$`));

  await page.getByRole('button', { name: 'Editar API Key' }).click();
  await page.getByLabel('Nueva API Key').fill('corta');
  await page.getByRole('button', { name: 'Guardar API Key' }).click();
  await expect(page.getByText('La API Key debe tener al menos 20 caracteres')).toBeVisible();
  const custom = `gala-${Date.now()}-escaner`;
  await page.getByLabel('Nueva API Key').fill(`  ${custom}  `);
  await page.getByRole('button', { name: 'Guardar API Key' }).click();
  await expect(toastTitled(page, 'API Key actualizada')).toBeVisible();
  await expect(key).toHaveText(custom);
  await expect(page.getByRole('link', { name: /Abrir Escáner/ })).toHaveAttribute(
    'href',
    new RegExp(`/scanner/${custom}$`),
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Editar Evento' }).click();
  await expect(page).toHaveURL(`/organizer/evento/${evento.id}/editar`);
  await page.getByLabel('Nombre del evento *').fill('');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('El nombre y la ubicación son obligatorios', { exact: true })).toBeVisible();
  await page.getByLabel('Nombre del evento *').fill('Gala Benéfica 2027');
  await page.getByRole('switch', { name: 'Evento privado' }).click();
  await page.getByLabel('Notas').fill('Código de vestimenta: etiqueta');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(toastTitled(page, 'Evento actualizado')).toBeVisible();
  await expect(page).toHaveURL(`/organizer/evento/${evento.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gala Benéfica 2027' })).toBeVisible();
  await expect(page.getByText('Privado')).toBeVisible();
  await expect(page.getByText('Código de vestimenta: etiqueta')).toBeVisible();
});

test('deleting an event asks first and removes it', async ({ page, request }) => {
  const account = await signInAsNewOrganizer(page, request);
  await createEventThroughApi(request, account.token, { nombre: 'Se Borra' });
  await createEventThroughApi(request, account.token, { nombre: 'Se Queda' });
  await page.reload();
  await page.getByRole('button', { name: 'Eliminar Se Borra' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar evento?' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer.');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toastTitled(page, 'Evento eliminado')).toBeVisible();
  await expect(page.getByRole('row', { name: /Se Borra/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Se Queda/ })).toBeVisible();
});

test('another organizer cannot open the event', async ({ page, request }) => {
  const owner = await signInAsNewOrganizer(page, request, 'Dueña');
  const evento = await createEventThroughApi(request, owner.token, { nombre: 'Privadísimo' });
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await signInAsNewOrganizer(page, request, 'Intrusa');
  await page.goto(`/organizer/evento/${evento.id}`);
  await expect(page.getByRole('heading', { name: 'Evento no encontrado' })).toBeVisible();
  await expect(
    page.getByText('El evento que buscas no existe o no tienes permisos para verlo.'),
  ).toBeVisible();
  await page.goto(`/organizer/evento/${evento.id}/editar`);
  await expect(
    page.getByText('El evento que intentas editar no existe o no tienes permisos para modificarlo.'),
  ).toBeVisible();
});
