import type { ImportPreview } from '@drinkflow/domain/guest-import';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { importedText } from '@/features/orders/utils/import-texts';
import { type ApiRoutes, created, failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { aGuestRow, anImportResult, aPreview } from './import-fixtures';

const organizer = anOrganizer();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PREVIEW = 'POST /api/eventos/1/importar/previsualizar';
const MAPPING = 'PUT /api/eventos/1/importar/mapeo';
const noMapping = { columnas: {}, tipos: {} };

const baseRoutes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': [anEvent()],
  'GET /api/tipos-ticket/1': [aTicketType(), aTicketType({ id: 12, nombre: 'VIP' })],
  'GET /api/pedidos/1': { pedidos: [], total: 0, page: 1, limit: 20 },
} satisfies ApiRoutes;

const tsv = new File(['Localizador\tComprador\n'], 'ventas.tsv', { type: 'text/tab-separated-values' });

async function openImport(routes: ApiRoutes) {
  const fetchMock = serveApi({ ...baseRoutes, ...routes });
  signIn(organizer);
  const { user } = renderRoutes(
    [{ path: '/organizer/pedidos', element: <OrdersPage /> }],
    '/organizer/pedidos?evento=1',
  );
  await user.click(await screen.findByRole('button', { name: 'Importar invitados' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importar invitados' });
  const upload = (file: File) => user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), file);
  return { fetchMock, user, dialog, upload };
}

const previewCalls = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/eventos/1/importar/previsualizar' && init?.method === 'POST',
  );

/** A shop's file no alias recognises: the buyer's column is not taken for a name. */
const unmapped: ImportPreview = aPreview([], {
  formato: 'otro',
  formatoNombre: 'Otro archivo',
  columnas: [
    { indice: 0, cabecera: 'Localizador', campo: 'codigo', ejemplo: 'QX7P-2291' },
    { indice: 1, cabecera: 'Comprador', campo: null, ejemplo: 'Ana García' },
    { indice: 2, cabecera: 'Correo', campo: null, ejemplo: 'ana@example.com' },
    { indice: 3, cabecera: 'Entrada', campo: 'tipoTicket', ejemplo: 'General' },
  ],
  faltan: ['nombreCompleto', 'email'],
  tiposArchivo: [],
});

describe('importing a shop export', () => {
  beforeEach(stubResizeObserver);

  it('says which export it recognised, and sends an .xlsx with its own type', async () => {
    const { fetchMock, dialog, upload } = await openImport({
      [PREVIEW]: aPreview([aGuestRow({ linea: 2, nombreCompleto: 'Ana García' })], {
        formato: 'eventbrite',
        formatoNombre: 'Eventbrite (asistentes)',
      }),
    });
    const input = within(dialog).getByLabelText('Archivo CSV o Excel');
    expect(input.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['.csv', '.tsv', '.txt', '.xlsx']),
    );
    expect(within(dialog).getByText(/Eventbrite/, { selector: 'strong' })).toBeInTheDocument();

    // Some systems give an .xlsx no type at all: its name says what it is.
    const xlsx = new File(['PK\u0003\u0004'], 'asistentes.xlsx');
    await upload(xlsx);
    expect(await within(dialog).findByText(/^Formato reconocido:/)).toHaveTextContent(
      'Formato reconocido: Eventbrite (asistentes)',
    );
    const [[, sent]] = previewCalls(fetchMock) as [[string, RequestInit]];
    expect(new Headers(sent.headers).get('content-type')).toBe(XLSX);
    expect(sent.body).toBe(xlsx);

    await upload(tsv);
    await waitFor(() => expect(previewCalls(fetchMock)).toHaveLength(2));
    expect(new Headers(previewCalls(fetchMock)[1]![1]!.headers).get('content-type')).toBe('text/csv');
  });

  it('asks what each column holds when a required field is missing, saves it and checks the file again', async () => {
    let saved = false;
    const mapped = aPreview([aGuestRow({ linea: 2, nombreCompleto: 'Ana García', codigo: 'QX7P-2291' })], {
      formato: 'otro',
      formatoNombre: 'Otro archivo',
      columnas: unmapped.columnas.map((columna) => ({
        ...columna,
        campo: columna.campo ?? (columna.indice === 1 ? 'nombreCompleto' : 'email'),
      })),
    });
    const { fetchMock, user, dialog, upload } = await openImport({
      [PREVIEW]: () => (saved ? mapped : unmapped),
      [MAPPING]: () => {
        saved = true;
        return noMapping;
      },
    });
    await upload(tsv);

    const step = await within(dialog).findByRole('region', { name: 'Columnas del archivo' });
    expect(within(dialog).getByText(/^Formato reconocido:/)).toHaveTextContent(
      'Formato reconocido: Otro archivo',
    );
    expect(within(step).getByText('Ejemplo: QX7P-2291')).toBeInTheDocument();
    expect(within(step).getByLabelText('Localizador')).toHaveDisplayValue('código');
    expect(within(step).getByLabelText('Comprador')).toHaveDisplayValue('No importar');
    expect(within(step).getByText('Falta asignar: nombre completo, email')).toBeInTheDocument();
    const save = within(step).getByRole('button', { name: 'Guardar y revisar' });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByRole('table', { name: 'Filas del archivo' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Importar/ })).toBeDisabled();

    // A field belongs to one column: giving 'código' to the buyer takes it from the locator.
    await user.selectOptions(within(step).getByLabelText('Comprador'), 'código');
    expect(within(step).getByLabelText('Localizador')).toHaveDisplayValue('No importar');
    await user.selectOptions(within(step).getByLabelText('Localizador'), 'código');
    await user.selectOptions(within(step).getByLabelText('Comprador'), 'nombre completo');
    expect(within(step).getByText('Falta asignar: email')).toBeInTheDocument();
    await user.selectOptions(within(step).getByLabelText('Correo'), 'email');
    expect(within(step).queryByText(/Falta asignar/)).not.toBeInTheDocument();
    await user.click(save);

    expect(await within(dialog).findByRole('table', { name: 'Filas del archivo' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, MAPPING)).toEqual([
      {
        columnas: {
          Localizador: 'codigo',
          Comprador: 'nombreCompleto',
          Correo: 'email',
          Entrada: 'tipoTicket',
        },
      },
    ]);
    const previews = previewCalls(fetchMock);
    expect(previews).toHaveLength(2);
    expect(previews[1]![1]!.body).toBe(tsv);
    expect(within(dialog).queryByRole('region', { name: 'Columnas del archivo' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 1 pedido' })).toBeEnabled();
  });

  it('lets the organizer change the columns of a recognised file, or go back', async () => {
    const { fetchMock, user, dialog, upload } = await openImport({
      [PREVIEW]: aPreview([aGuestRow({ linea: 2, nombreCompleto: 'Ana García' })]),
      [MAPPING]: noMapping,
    });
    await upload(tsv);
    await user.click(await within(dialog).findByRole('button', { name: 'Cambiar columnas' }));
    const step = within(dialog).getByRole('region', { name: 'Columnas del archivo' });
    expect(within(step).getByLabelText('nombre completo')).toHaveDisplayValue('nombre completo');
    expect(within(dialog).getByRole('button', { name: 'Importar 0 pedidos' })).toBeDisabled();

    await user.click(within(step).getByRole('button', { name: 'Volver' }));
    expect(within(dialog).getByRole('button', { name: 'Importar 1 pedido' })).toBeEnabled();
    expect(sentBodies(fetchMock, MAPPING)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cambiar columnas' }));
    await user.selectOptions(within(dialog).getByLabelText('cantidad'), 'No importar');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(previewCalls(fetchMock)).toHaveLength(2));
    expect(sentBodies(fetchMock, MAPPING)).toEqual([
      {
        columnas: {
          'nombre completo': 'nombreCompleto',
          email: 'email',
          'tipo de ticket': 'tipoTicket',
          cantidad: null,
        },
      },
    ]);
  });

  it('maps each ticket type of the file, and cannot import while one is undecided', async () => {
    const generalRows = Array.from({ length: 12 }, (_, index) =>
      aGuestRow({
        linea: index + 2,
        nombreCompleto: `Asistente ${index + 1}`,
        tipoTicket: 'General Admission',
        ticketTypeId: null,
        accion: 'sin_tipo',
      }),
    );
    const vipRow = aGuestRow({ linea: 14, nombreCompleto: 'Eva Ruiz', tipoTicket: 'VIP', ticketTypeId: 12 });
    const undecided = aPreview([...generalRows, vipRow], {
      tiposArchivo: [
        { texto: 'General Admission', filas: 12, ticketTypeId: null, decidido: false },
        { texto: 'VIP', filas: 1, ticketTypeId: 12, decidido: true },
        { texto: '', filas: 2, ticketTypeId: null, decidido: false },
      ],
    });
    const typeDecided = (preview: ImportPreview, texto: string, ticketTypeId: number | null) => ({
      ...preview,
      tiposArchivo: preview.tiposArchivo.map((tipo) =>
        tipo.texto === texto ? { ...tipo, ticketTypeId, decidido: true } : tipo,
      ),
    });
    const generalDecided = typeDecided(
      aPreview(
        [...generalRows.map((row) => ({ ...row, ticketTypeId: 11, accion: 'nuevo' as const })), vipRow],
        {
          tiposArchivo: undecided.tiposArchivo,
        },
      ),
      'General Admission',
      11,
    );
    // The server answers each saved decision with the next preview.
    const answers = [undecided, generalDecided, typeDecided(generalDecided, '', null)];
    const { fetchMock, user, dialog, upload } = await openImport({
      [PREVIEW]: () => answers[0]!,
      [MAPPING]: () => {
        answers.shift();
        return noMapping;
      },
    });
    await upload(tsv);

    const types = await within(dialog).findByRole('region', { name: 'Tipos de ticket del archivo' });
    const general = within(types).getByLabelText('General Admission · 12 filas');
    expect(general).toHaveDisplayValue('Elige un tipo');
    expect(within(types).getByLabelText('VIP · 1 fila')).toHaveDisplayValue('VIP');
    expect(within(types).getByLabelText('(sin tipo) · 2 filas')).toHaveDisplayValue('Elige un tipo');
    const importButton = within(dialog).getByRole('button', { name: 'Importar 1 pedido' });
    expect(importButton).toBeDisabled();
    const reason = 'Elige un tipo de ticket o «No importar» para: General Admission, (sin tipo)';
    expect(importButton).toHaveAccessibleDescription(reason);
    expect(within(dialog).getByText(reason)).toBeVisible();

    await user.selectOptions(general, 'Bono 4 Copas');
    // Shown at once, before the server's new preview arrives.
    expect(general).toHaveDisplayValue('Bono 4 Copas');
    const noType = within(types).getByLabelText('(sin tipo) · 2 filas');
    await waitFor(() => expect(noType).toBeEnabled());
    expect(
      within(dialog).getByText('Elige un tipo de ticket o «No importar» para: (sin tipo)'),
    ).toBeVisible();
    await user.selectOptions(noType, 'No importar');

    expect(await within(dialog).findByRole('button', { name: 'Importar 13 pedidos' })).toBeEnabled();
    expect(within(dialog).queryByText(reason)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, MAPPING)).toEqual([
      { tipos: { 'General Admission': 11 } },
      { tipos: { '': null } },
    ]);
    expect(previewCalls(fetchMock)).toHaveLength(3);
    expect(within(types).getByLabelText('General Admission · 12 filas')).toHaveDisplayValue('Bono 4 Copas');
  });

  it('counts what the import does and says it on every row', async () => {
    const rows = [
      aGuestRow({
        linea: 2,
        nombreCompleto: 'Ana Nueva',
        codigo: 'A1B2C3D4',
        avisos: ['Código corto: fácil de adivinar'],
      }),
      aGuestRow({ linea: 3, nombreCompleto: 'Berta Importada', accion: 'ya_importado', pedidoId: 40 }),
      aGuestRow({
        linea: 4,
        nombreCompleto: 'Carlos Reembolsado',
        codigo: '1234567890123456789',
        estado: 'Refunded',
        accion: 'anular',
        pedidoId: 41,
      }),
      aGuestRow({ linea: 5, nombreCompleto: 'Dora Anulada', accion: 'ya_anulado', pedidoId: 42 }),
      aGuestRow({ linea: 6, nombreCompleto: 'Elena Cancelada', estado: 'Cancelled', accion: 'cancelado' }),
      aGuestRow({
        linea: 7,
        nombreCompleto: 'Fran Repetido',
        accion: 'duplicado',
        duplicado: { pedidoId: null, linea: 2, message: 'Repetida: mismo nombre y email que la línea 2' },
      }),
      aGuestRow({
        linea: 8,
        nombreCompleto: 'Gema Palco',
        tipoTicket: 'Palco',
        ticketTypeId: null,
        accion: 'omitido_tipo',
      }),
      aGuestRow({
        linea: 9,
        nombreCompleto: 'Hugo Sin Tipo',
        tipoTicket: 'Mesa',
        ticketTypeId: null,
        accion: 'sin_tipo',
      }),
      aGuestRow({
        linea: 10,
        nombreCompleto: 'Iván Error',
        email: 'ivan@',
        accion: 'error',
        errores: [{ field: 'email', message: 'Email inválido' }],
      }),
    ];
    const { user, dialog, upload } = await openImport({
      [MAPPING]: failure(400, {
        message: 'Datos inválidos',
        error: 'validation',
        details: [{ field: 'tipos.Mesa', message: 'El tipo de ticket no es de este evento' }],
      }),
      [PREVIEW]: aPreview(rows, {
        tiposArchivo: [
          { texto: 'Bono 4 Copas', filas: 6, ticketTypeId: 11, decidido: true },
          { texto: 'Palco', filas: 1, ticketTypeId: null, decidido: true },
          { texto: 'Mesa', filas: 1, ticketTypeId: null, decidido: false },
        ],
        ticketsAnulados: 3,
      }),
    });
    await upload(tsv);

    const summary = await within(dialog).findByLabelText('Resumen del archivo');
    for (const count of [
      'Filas9',
      'Nuevos1',
      'Ya importados1',
      'Se anularán1 (3 tickets)',
      'Con errores1',
      'Duplicados1',
      'Omitidos por tipo1',
      'Códigos cortos1',
    ]) {
      expect(summary).toHaveTextContent(count);
    }
    expect(
      within(dialog).getByText(
        'Al importar: 1 nuevo · 1 ya importado · 1 se anulará · 1 cancelado, no se importa.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent(/^Códigos cortos: fáciles de adivinar\./);

    const table = within(dialog).getByRole('table', { name: 'Filas del archivo' });
    const rowOf = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(rowOf('Ana Nueva')).toHaveTextContent('NuevoCódigo corto: fácil de adivinar');
    expect(rowOf('Ana Nueva')).toHaveTextContent('Bono 4 Copas');
    expect(rowOf('Berta Importada')).toHaveTextContent('Ya importado');
    expect(rowOf('Carlos Reembolsado')).toHaveTextContent('Se anulará');
    expect(rowOf('Dora Anulada')).toHaveTextContent('Ya anulado');
    expect(rowOf('Elena Cancelada')).toHaveTextContent('Cancelado, no se importa');
    expect(rowOf('Fran Repetido')).toHaveTextContent(
      'DuplicadoRepetida: mismo nombre y email que la línea 2',
    );
    expect(rowOf('Gema Palco')).toHaveTextContent('Tipo no importado');
    expect(rowOf('Hugo Sin Tipo')).toHaveTextContent('Sin tipo');
    // Without a type of the event, the row shows the file's text.
    expect(within(rowOf('Hugo Sin Tipo')).getByText('Mesa')).toHaveClass('text-slate-500');
    expect(rowOf('Iván Error')).toHaveTextContent('ErrorEmail inválido');
    // The rows to fix or decide first, then the duplicate and the invalidation; the rest in file order.
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[0]!.textContent);
    expect(lines).toEqual(['10', '9', '7', '4', '2', '3', '5', '6', '8']);

    // A phone's card shows the code's start and end; the table the whole code.
    expect(within(table).getByText('1234567890123456789')).toBeInTheDocument();
    const cards = within(dialog).getByRole('list', { name: 'Filas del archivo' });
    const carlos = within(cards).getByRole('article', { name: 'Línea 4: Carlos Reembolsado' });
    expect(within(carlos).getByTitle('1234567890123456789')).toHaveTextContent('1234…6789');

    // A refused decision is said, and the type is undecided again.
    await user.selectOptions(within(dialog).getByLabelText('Mesa · 1 fila'), 'VIP');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El tipo de ticket no es de este evento',
    );
    expect(within(dialog).getByLabelText('Mesa · 1 fila')).toHaveDisplayValue('Elige un tipo');
  });

  it('shows the first 50 rows and says how many more there are', async () => {
    const rows = Array.from({ length: 53 }, (_, index) =>
      aGuestRow({ linea: index + 2, nombreCompleto: `Invitado ${index + 1}` }),
    );
    const { dialog, upload } = await openImport({ [PREVIEW]: aPreview(rows) });
    await upload(tsv);
    const table = await within(dialog).findByRole('table', { name: 'Filas del archivo' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(dialog).getByText(/^y 3 filas más/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 53 pedidos' })).toBeEnabled();
  });

  it('imports new guests and invalidates the refunded, and lists whose tickets it invalidated', async () => {
    const result = anImportResult({
      pedidosCreados: 1,
      ticketsCreados: 1,
      yaImportados: 3,
      codigosCortos: 1,
      anulados: [{ pedidoId: 41, nombreCompleto: 'Luis Gil', tickets: 2 }],
      ticketsAnulados: 2,
    });
    const { fetchMock, user, dialog, upload } = await openImport({
      [PREVIEW]: aPreview([
        aGuestRow({ linea: 2, nombreCompleto: 'Carla Moreno' }),
        aGuestRow({ linea: 3, nombreCompleto: 'Luis Gil', accion: 'anular', pedidoId: 41 }),
      ]),
      'POST /api/eventos/1/importar': created(result),
    });
    await upload(tsv);
    await user.click(await within(dialog).findByRole('button', { name: 'Importar 1 pedido y anular 1' }));

    const text =
      'Se ha creado 1 pedido con 1 ticket. 3 invitados ya estaban importados. Se anularon 2 tickets de 1 pedido. 1 código corto: fácil de adivinar.';
    expect(importedText(result)).toBe(text);
    expect(await screen.findByText('Invitados importados')).toBeInTheDocument();
    const invalidated = within(dialog).getByRole('list', { name: 'Tickets anulados' });
    expect(within(invalidated).getByRole('listitem')).toHaveTextContent('Luis Gil2 tickets · pedido n.º 41');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/eventos/1/importar?omitirDuplicados=true'),
    ).toBe(true);

    // The footer's button, not the corner's ✕ (also named 'Cerrar').
    await user.click(within(dialog).getByText('Cerrar', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('import result text', () => {
  it('says what was already there, invalidated, left out by type and the short codes, only when they happened', () => {
    expect(importedText(anImportResult({ pedidosCreados: 2, ticketsCreados: 2 }))).toBe(
      'Se han creado 2 pedidos con 2 tickets.',
    );
    expect(
      importedText(
        anImportResult({
          yaImportados: 1,
          omitidosPorTipo: 2,
          codigosCortos: 3,
          anulados: [{ pedidoId: 1, nombreCompleto: 'Ana', tickets: 1 }],
          ticketsAnulados: 1,
        }),
      ),
    ).toBe(
      'Se han creado 0 pedidos con 0 tickets. 1 invitado ya estaba importado. Se anuló 1 ticket de 1 pedido. Se omitieron 2 filas de tipos no importados. 3 códigos cortos: fáciles de adivinar.',
    );
  });
});
