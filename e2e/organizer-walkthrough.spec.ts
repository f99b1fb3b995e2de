import {
  demoAccounts,
  loginThroughForm,
  registerThroughApi,
  signInAsNewOrganizer,
  uniqueEmail,
} from './support/accounts';
import {
  createEventThroughApi,
  createLiveEventWithTickets,
  createOrderThroughApi,
  createTicketTypeThroughApi,
} from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// Issue 20 part 5: what an organizer met walking through the screens, one journey per fix.

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a 60-guest list without header is read as guests, its import button stays in view and the orders keep the file order', async ({
    page,
    request,
  }) => {
    const account = await signInAsNewOrganizer(page, request);
    const evento = await createEventThroughApi(request, account.token, { nombre: 'Boda sin cabecera' });
    await createTicketTypeThroughApi(request, account.token, evento, { nombre: 'General' });
    await page.goto(`/organizer/pedidos?evento=${evento.id}`);
    await page.getByRole('button', { name: 'Importar invitados' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar invitados' });
    const picker = dialog.getByLabel('Archivo CSV o Excel');

    // A refused file keeps its name on screen next to the reason.
    await picker.setInputFiles(csvFile('sin-invitados.csv', 'nombre completo;email\r\n'));
    await expect(dialog.getByRole('alert')).toContainText(
      'El archivo está vacío o no tiene filas de invitados',
    );
    await expect(dialog.getByText('sin-invitados.csv')).toBeVisible();
    await expect(dialog.getByText('Ningún archivo elegido')).toBeHidden();

    const rows = Array.from({ length: 60 }, (_, index) => {
      const n = String(index + 1).padStart(2, '0');
      return `Invitado ${n};invitado${n}@example.com;;General;${index === 29 ? 'tres' : '1'}`;
    });
    await picker.setInputFiles(csvFile('invitados.csv', `${rows.join('\r\n')}\r\n`));
    await expect(dialog.getByRole('note')).toContainText('El archivo no tiene fila de encabezado');
    const summary = dialog.getByLabel('Resumen del archivo');
    await expect(summary).toContainText('Filas60');
    await expect(summary).toContainText('Válidas59');
    await expect(dialog.getByText('invitados.csv')).toBeVisible();
    // The invalid quantity is shown as typed, beside its error.
    const bad = dialog.getByRole('article', { name: /Línea 30/ });
    await expect(bad).toContainText('tres');
    await expect(bad).toContainText('La cantidad debe ser un número entre 1 y 10');

    const importButton = dialog.getByRole('button', { name: 'Importar 59 pedidos' });
    await expect(importButton).toBeInViewport();
    await importButton.click();
    await expect(toastTitled(page, 'Invitados importados')).toBeVisible();

    const text = await page.getByRole('main').innerText();
    const positions = ['Invitado 01', 'Invitado 02', 'Invitado 03', 'Invitado 20'].map((name) =>
      text.indexOf(name),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test('the orders page folds its filters behind «Filtros (n)» and shows an order in the first screen', async ({
    page,
    request,
  }) => {
    const account = await signInAsNewOrganizer(page, request);
    const evento = await createEventThroughApi(request, account.token, { nombre: 'Filtros plegados' });
    const tipo = await createTicketTypeThroughApi(request, account.token, evento);
    await createOrderThroughApi(request, account.token, {
      eventoId: evento.id,
      nombreCompleto: 'Marta Primera',
      email: uniqueEmail('marta'),
      ticketTypeId: tipo.id,
      quantity: 1,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/organizer/pedidos?evento=${evento.id}`);
    await expect(page.getByRole('heading', { name: 'Marta Primera' })).toBeInViewport();
    const toggle = page.getByRole('button', { name: 'Filtros (0)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Tipo de Ticket')).toBeHidden();
    await toggle.click();
    await expect(page.getByLabel('Tipo de Ticket')).toBeVisible();

    // 'Desde' after 'Hasta' says why nothing matches.
    await page.getByLabel('Desde', { exact: true }).fill('10/05/2026');
    await page.getByLabel('Hasta', { exact: true }).fill('01/05/2026');
    await page.getByLabel('Hasta', { exact: true }).blur();
    await expect(page.getByText('La fecha «Desde» es posterior a «Hasta»')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
  });

  test('statistics figures go two per row at 360 px, drinks are capitalised, refusals by reason show and a one-state donut has no notch', async ({
    page,
    request,
  }) => {
    const account = await signInAsNewOrganizer(page, request);
    const { evento, pedido } = await createLiveEventWithTickets(request, account.token, { nombre: 'Cifras' });
    const consume = (qrCode: string) =>
      page.request.post(`/api/scanner/${evento.apiKey}/consume`, {
        data: { qrCode, barra: 'Terraza', tipoBebida: 'copa' },
      });
    expect((await consume(pedido.tickets[0]!.qrCode)).status()).toBe(200);
    expect((await consume('no-existe')).status()).toBe(404);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
    const first = page.locator('div.rounded-xl', {
      has: page.getByRole('heading', { name: 'Total Consumos', exact: true }),
    });
    const second = page.locator('div.rounded-xl', {
      has: page.getByRole('heading', { name: 'Total Asistentes', exact: true }),
    });
    await expect(first).toContainText('1');
    const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);

    const refusals = page.getByRole('heading', { name: 'Rechazos por motivo' });
    await expect(refusals).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rechazos por motivo', includeHidden: true })).toContainText(
      'Ticket no encontrado',
    );
    await expect(page.getByRole('table', { name: 'Bebidas', includeHidden: true })).toContainText('Copa');
    await expect(page.getByRole('table', { name: 'Bebidas', includeHidden: true })).not.toContainText('copa');
    // One state at 100 %: no white line at the slice's start.
    const slices = page.locator('.recharts-pie-sector path');
    await expect(slices).toHaveCount(1);
    await expect(slices.first()).toHaveAttribute('stroke', 'none');
  });
});

test('a used-up ticket reads Agotado beside Escaneado, with «Quedan 0 de 1 bebidas», its bar and refused attempts; an invalidated QR is blurred; pedidos.csv says Agotado', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const { evento, pedido } = await createLiveEventWithTickets(request, account.token, {
    nombre: 'Detalle',
    maxDrinks: 1,
    quantity: 2,
  });
  const [usedUp, invalid] = pedido.tickets;
  const consume = (qrCode: string) =>
    page.request.post(`/api/scanner/${evento.apiKey}/consume`, {
      data: { qrCode, barra: 'Barra Norte', tipoBebida: 'copa' },
    });
  expect((await consume(usedUp!.qrCode)).status()).toBe(200);
  expect((await consume(usedUp!.qrCode)).status()).toBe(200);
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await page.request.patch(`/api/tickets/${invalid!.id}/invalidate`, { headers })).status()).toBe(
    200,
  );

  await page.goto(`/organizer/pedido/${pedido.id}`);
  const used = page.getByRole('article', { name: `Ticket #${usedUp!.id}` });
  await expect(used.getByText('Escaneado', { exact: true })).toBeVisible();
  await expect(used.getByText('Estado efectivo: Agotado')).toBeVisible();
  await expect(used).toContainText('Quedan 0 de 1 bebidas (1 usada)');
  await expect(used.getByRole('list', { name: `Consumos del ticket #${usedUp!.id}` })).toContainText(
    'Copa · Barra Norte',
  );
  await expect(
    used.getByRole('list', { name: `Intentos rechazados del ticket #${usedUp!.id}` }),
  ).toContainText('Límite de bebidas alcanzado · Barra Norte');
  const invalidated = page.getByRole('article', { name: `Ticket #${invalid!.id}` });
  const qr = invalidated.getByRole('img', { name: `Código QR del ticket #${invalid!.id} (invalidado)` });
  await expect(qr).toHaveAttribute('data-invalidated', 'true');
  await expect(qr).toHaveCSS('filter', /blur/);
  await expect(invalidated.getByText('Invalidado', { exact: true })).toBeVisible();

  const csv = await page.request.get(`/api/eventos/${evento.id}/export/pedidos.csv`, { headers });
  const lines = (await csv.text()).split('\r\n');
  expect(lines.find((line) => line.includes(`;${usedUp!.id};`))).toMatch(/;Agotado$/);
  expect(lines.find((line) => line.includes(`;${invalid!.id};`))).toMatch(/;Invalidado$/);
});

test('at 1280 px a long email stays on one line with an ellipsis, and toasts leave the header free', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Correos largos' });
  const tipo = await createTicketTypeThroughApi(request, account.token, evento);
  const email = `una.direccion.de.correo.muy.larga.${Date.now()}@empresa-de-eventos-con-nombre-largo.example.com`;
  await createOrderThroughApi(request, account.token, {
    eventoId: evento.id,
    nombreCompleto: 'Correo Largo',
    email,
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  const cell = page.getByRole('table').getByTitle(email);
  await expect(cell).toBeVisible();
  const box = await cell.evaluate((node) => ({
    lines: Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)),
    cut: node.scrollWidth > node.clientWidth,
    overflow: getComputedStyle(node).textOverflow,
  }));
  expect(box).toEqual({ lines: 1, cut: true, overflow: 'ellipsis' });

  // A toast after an action covers neither the header's 'Cerrar Sesión' nor the page's top actions.
  await page.getByRole('button', { name: 'Nuevo Pedido' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre Completo').fill('Otro Invitado');
  await dialog.getByLabel('Email').fill(uniqueEmail('otro'));
  await dialog.getByLabel('Tipo de Ticket').selectOption(String(tipo.id));
  await dialog.getByRole('button', { name: 'Crear Pedido' }).click();
  const toast = page
    .getByRole('region', { name: /Notificaciones/ })
    .getByRole('listitem')
    .filter({ hasText: 'Pedido creado' });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  for (const target of [
    page.getByRole('button', { name: 'Cerrar Sesión' }),
    page.getByRole('button', { name: 'Descargar todos los tickets' }),
  ]) {
    const other = (await target.first().boundingBox())!;
    expect(toastBox.y, 'the toast is below the top actions').toBeGreaterThan(other.y + other.height);
  }
});

test('an event without ticket types links to them from the new-order dialog, and an empty email is called required', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Sin tipos' });
  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Nuevo Pedido' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre Completo').fill('Sin Email');
  await dialog.getByRole('button', { name: 'Crear Pedido' }).click();
  await expect(dialog.getByText('El email es obligatorio').first()).toBeVisible();
  await expect(dialog.getByText('Email inválido')).toBeHidden();

  await dialog.getByRole('link', { name: '«Tipos de Ticket»' }).click();
  await expect(page).toHaveURL(`/organizer/tipos-ticket?evento=${evento.id}`);
});

test('an admin confirms a role change before it applies', async ({ page, request }) => {
  const nombre = `Rol ${Date.now()}`;
  const account = await registerThroughApi(request, { nombre });
  await loginThroughForm(page, demoAccounts.admin);
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin?seccion=usuarios');
  await page.getByLabel('Buscar usuarios').fill(account.email);
  const select = page.getByRole('combobox', { name: new RegExp(`Rol de ${nombre}`) }).first();
  await expect(select).toHaveValue('organizer');

  await select.selectOption('admin');
  const confirm = page.getByRole('alertdialog', { name: '¿Cambiar el rol?' });
  await expect(confirm).toContainText('a Administrador');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(select).toHaveValue('organizer');

  await select.selectOption('scanner');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cambiar rol' }).click();
  await expect(toastTitled(page, 'Rol actualizado')).toBeVisible();
  await expect(select).toHaveValue('scanner');
});
