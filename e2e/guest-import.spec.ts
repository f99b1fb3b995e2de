import { readFile } from 'node:fs/promises';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// A guest list from a spreadsheet: the template, the mapping step for a file without email, the row-by-row
// preview with a ticket type left out, the import of the valid rows and the list that shows them.

const header = 'nombre completo;email;teléfono;tipo de ticket;cantidad';

/** 50 guests; line 11 has a bad email and line 21 a ticket type the event does not have. */
function guestList(): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    const email = index === 9 ? 'invitado10@' : `invitado${n}@example.com`;
    const tipo = index === 20 ? 'Champán' : index % 2 ? 'Cerveza' : 'Cuatro Copas';
    return [`Invitado ${n}`, email, index % 3 ? '' : `+34 600 000 0${n}`, tipo, String((index % 3) + 1)].join(
      ';',
    );
  });
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}

// Windows browsers call a .csv "application/vnd.ms-excel": the page must send it as text/csv anyway.
const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/vnd.ms-excel',
  buffer: Buffer.from(text, 'utf8'),
});

test('an organizer imports a 50-guest list with two bad rows and finds 48 orders', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Fiesta de Empresa' });
  await createTicketTypeThroughApi(request, account.token, evento, { nombre: 'Cuatro Copas' });
  await createTicketTypeThroughApi(request, account.token, evento, {
    nombre: 'Cerveza',
    drinkType: 'cerveza',
  });

  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Importar invitados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar invitados' });
  await expect(dialog).toContainText('tipo de ticket');

  // The template: UTF-8 with a BOM, ';' between cells, the event's real ticket types.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Descargar plantilla' }).click(),
  ]);
  const lines = (await readFile((await template.path())!)).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(`\uFEFF${header}`);
  expect(lines[1]).toContain(';Cuatro Copas;');
  expect(lines[2]).toContain(';Cerveza;');

  // A file without an email column is not refused: the dialog asks what each column holds.
  const picker = dialog.getByLabel('Archivo CSV o Excel');
  await picker.setInputFiles(csvFile('sin-email.csv', 'nombre completo;teléfono\r\nAna;600111222\r\n'));
  await expect(dialog.getByText('Falta asignar: email')).toBeVisible();

  await picker.setInputFiles(csvFile('invitados.csv', guestList()));
  const summary = dialog.getByLabel('Resumen del archivo');
  await expect(summary).toContainText('Filas50');
  await expect(summary).toContainText('Con errores1');
  // On a wide screen the preview is a table (the cards hold the same rows for phones).
  const rows = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByRole('row', { name: /invitado10@/ })).toContainText('Email inválido');
  // A type the event does not have is asked for, not refused: here the organizer leaves it out.
  await expect(rows.getByRole('row', { name: /Invitado 21/ })).toContainText('Sin tipo');
  await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  await dialog.getByLabel('Champán · 1 fila').selectOption('No importar');
  await expect(rows.getByRole('row', { name: /Invitado 21/ })).toContainText('Tipo no importado');
  await expect(summary).toContainText('Omitidos por tipo1');
  await expect(dialog.getByRole('alert')).toBeHidden();

  await dialog.getByRole('button', { name: 'Importar 48 pedidos' }).click();
  await expect(toastTitled(page, 'Invitados importados')).toBeVisible();
  // 99 tickets in the file, less the 1 + 3 of the two bad rows.
  await expect(
    page.getByText(
      'Se han creado 48 pedidos con 95 tickets. Se omitió 1 fila con errores. Se omitió 1 fila de un tipo no importado.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mostrando 20 de 48 pedidos', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible();

  // The server searches the imported guests.
  await page.getByLabel('Buscar', { exact: true }).fill('invitado07@');
  await expect(page.getByText('Mostrando 1 de 1 pedido (1 filtro aplicado)', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Invitado 07/ })).toContainText('+34 600 000 007');
});

/** `lines` as Spanish Excel's "CSV (delimitado por comas)" saves them: Windows-1252, CRLF. */
function spanishExcelCsv(lines: string[]): Buffer {
  const high: Record<string, number> = {
    '€': 0x80,
    '…': 0x85,
    '‘': 0x91,
    '’': 0x92,
    '“': 0x93,
    '”': 0x94,
    '—': 0x97,
  };
  return Buffer.from(
    Array.from(lines.map((line) => `${line}\r\n`).join(''), (char) => high[char] ?? char.charCodeAt(0)),
  );
}

test('re-importing a grown list from Spanish Excel warns about the guests already there and leaves them out', async ({
  page,
  request,
}) => {
  const account = await signInAsNewOrganizer(page, request);
  const evento = await createEventThroughApi(request, account.token, { nombre: 'Boda de Marta' });
  await createTicketTypeThroughApi(request, account.token, evento, { nombre: 'Cuatro Copas' });
  const first = await request.post(`/api/eventos/${evento.id}/importar`, {
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'text/csv' },
    data: [
      header,
      'Ana Pérez;ana@example.com;;Cuatro Copas;1',
      'Luis Gil;luis@example.com;+34 600 111 222;Cuatro Copas;1',
      'Marta Ruiz;marta@example.com;;Cuatro Copas;1',
    ].join('\r\n'),
  });
  expect(first.status()).toBe(201);

  await page.goto(`/organizer/pedidos?evento=${evento.id}`);
  await page.getByRole('button', { name: 'Importar invitados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar invitados' });
  await dialog.getByLabel('Archivo CSV o Excel').setInputFiles({
    name: 'invitados.csv',
    mimeType: 'application/vnd.ms-excel',
    buffer: spanishExcelCsv([
      'Nombre completo;Email;Teléfono;Tipo de ticket;Cantidad',
      'ANA PEREZ;Ana@Example.com;;Cuatro Copas;1',
      'Luis Gil;otro-correo@example.com;600 111 222;Cuatro Copas;1',
      'Marta Ruiz;marta@example.com;;Cuatro Copas;1',
      'Íñigo O’Brien “el Txiki”;inigo@example.com;;cuatro copas;2',
      'Zoë Peña — prima…;zoe@example.com;;Cuatro Copas;1',
      'Zoë Peña — prima…;zoe@example.com;;Cuatro Copas;1',
    ]),
  });

  const summary = dialog.getByLabel('Resumen del archivo');
  await expect(summary).toContainText('Válidas6');
  await expect(summary).toContainText('Duplicados4');
  const rows = dialog.getByRole('table', { name: 'Filas del archivo' });
  await expect(rows.getByRole('row', { name: /ANA PEREZ/ })).toContainText(
    /Ya existe un pedido con el mismo nombre y email en este evento \(pedido n\.º \d+\)/,
  );
  await expect(rows.getByRole('row', { name: /otro-correo/ })).toContainText(
    'Ya existe un pedido con el mismo nombre y teléfono en este evento',
  );
  const repeated = rows.getByRole('row').filter({ hasText: 'Repetida' });
  await expect(repeated).toContainText('Zoë Peña — prima…');
  await expect(repeated).toContainText('Repetida: mismo nombre y email que la línea 6');
  await expect(rows.getByRole('row', { name: /O’Brien “el Txiki”/ })).toContainText('Nuevo');

  // Left out by default; the organizer can tick them back in.
  const skip = dialog.getByLabel('No importar los duplicados');
  await expect(skip).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Importar 2 pedidos' })).toBeVisible();
  await skip.uncheck();
  await expect(dialog.getByRole('button', { name: 'Importar 6 pedidos' })).toBeVisible();
  await skip.check();
  await dialog.getByRole('button', { name: 'Importar 2 pedidos' }).click();

  await expect(
    page.getByText('Se han creado 2 pedidos con 3 tickets. Se omitieron 4 duplicados.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mostrando 5 de 5 pedidos', { exact: true })).toBeVisible();
  await page.getByLabel('Buscar', { exact: true }).fill('txiki');
  await expect(page.getByRole('row', { name: /Íñigo O’Brien “el Txiki”/ })).toBeVisible();
});
