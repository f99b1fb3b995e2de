import { importMessages, type GuestRow } from '@drinkflow/domain/guest-import';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { type ApiRoutes, created, failure, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { aGuestRow, anImportResult, aPreview } from './import-fixtures';

const organizer = anOrganizer();
const badQuantity = importMessages.quantity;
const preview = aPreview([
  row(2, 'Ana García', 'ana@example.com', 1),
  row(3, 'Luis Martín', 'luis@', 2, [{ field: 'email', message: 'Email inválido' }]),
  row(4, 'Eva Ruiz', 'eva@example.com', 0, [{ field: 'cantidad', message: badQuantity }]),
  row(5, 'Pablo Gil', 'pablo@example.com', 2),
]);

function row(
  linea: number,
  nombreCompleto: string,
  email: string,
  cantidad: number,
  errores: GuestRow['errores'] = [],
  duplicado: GuestRow['duplicado'] = null,
): GuestRow {
  const accion = errores.length ? 'error' : duplicado ? 'duplicado' : 'nuevo';
  return aGuestRow({ linea, nombreCompleto, email, cantidad, errores, duplicado, accion });
}

const routes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': [anEvent()],
  'GET /api/tipos-ticket/1': [aTicketType(), aTicketType({ id: 12, nombre: 'VIP; mesa "A"' })],
  'GET /api/pedidos/1': { pedidos: [], total: 0, page: 1, limit: 20 },
  'POST /api/eventos/1/importar/previsualizar': preview,
  'POST /api/eventos/1/importar': created(
    anImportResult({ pedidosCreados: 2, ticketsCreados: 3, filasOmitidas: 2 }),
  ),
} satisfies ApiRoutes;

const csv = new File(['nombre completo;email\n'], 'invitados.csv', { type: 'application/vnd.ms-excel' });

async function openImport(apiRoutes: ApiRoutes = routes) {
  const fetchMock = serveApi(apiRoutes);
  signIn(organizer);
  const { user } = renderRoutes(
    [{ path: '/organizer/pedidos', element: <OrdersPage /> }],
    '/organizer/pedidos?evento=1',
  );
  await user.click(await screen.findByRole('button', { name: 'Importar invitados' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importar invitados' });
  return { fetchMock, user, dialog };
}

const uploads = (fetchMock: ReturnType<typeof serveApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === 'POST')
    .map(([, init]) => init!);

describe('guest-list import', () => {
  beforeEach(stubResizeObserver);

  it('explains the columns and checks the chosen file as text/csv', async () => {
    const { fetchMock, user, dialog } = await openImport();
    for (const column of ['nombre completo', 'email', 'teléfono', 'tipo de ticket', 'cantidad']) {
      expect(within(dialog).getByText(column)).toBeInTheDocument();
    }
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), csv);

    // The table (wide screens) and the cards (phones) both hold the rows; read the table.
    const table = await within(dialog).findByRole('table', { name: 'Filas del archivo' });
    expect(within(table).getByText('Email inválido')).toBeInTheDocument();
    expect(within(table).getByText(badQuantity)).toBeInTheDocument();
    const summary = within(dialog).getByLabelText('Resumen del archivo');
    expect(summary).toHaveTextContent('Filas4');
    expect(summary).toHaveTextContent('Válidas2');
    expect(summary).toHaveTextContent('Con errores2');
    expect(summary).toHaveTextContent('Duplicados0');
    expect(summary).toHaveTextContent('Tickets3');
    // No duplicates: no option to leave them out.
    expect(within(dialog).queryByLabelText('No importar los duplicados')).not.toBeInTheDocument();
    // The rows to fix come first.
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[0]!.textContent);
    expect(lines).toEqual(['3', '4', '2', '5']);
    expect(within(table).getByText('luis@')).toHaveClass('text-red-700');

    const [sent] = uploads(fetchMock, '/api/eventos/1/importar/previsualizar');
    expect(new Headers(sent!.headers).get('content-type')).toBe('text/csv');
    expect(sent!.body).toBe(csv);
  });

  it('imports the valid rows, says what was created and refreshes the list', async () => {
    const { fetchMock, user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), csv);
    await user.click(await within(dialog).findByRole('button', { name: 'Importar 2 pedidos' }));
    expect(await screen.findByText('Invitados importados')).toBeInTheDocument();
    expect(
      screen.getByText('Se han creado 2 pedidos con 3 tickets. Se omitieron 2 filas con errores.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = uploads(fetchMock, '/api/eventos/1/importar?omitirDuplicados=true');
    expect(new Headers(sent!.headers).get('content-type')).toBe('text/csv');
    const listLoads = fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/pedidos/1?'));
    expect(listLoads.length).toBeGreaterThan(1);
  });

  it('warns about each duplicate row and leaves duplicates out unless the organizer unticks the option', async () => {
    const withDuplicates = aPreview([
      row(2, 'Ana García', 'ana@example.com', 1),
      row(3, 'Luis Martín', 'luis@example.com', 2, [], {
        pedidoId: 31,
        linea: null,
        message: 'Ya existe un pedido con el mismo nombre y email en este evento (pedido n.º 31)',
      }),
      row(4, 'ANA GARCIA', 'ana@example.com', 4, [], {
        pedidoId: null,
        linea: 2,
        message: 'Repetida: mismo nombre y email que la línea 2',
      }),
      row(5, 'Eva Ruiz', 'eva@', 1, [{ field: 'email', message: 'Email inválido' }]),
    ]);
    const { fetchMock, user, dialog } = await openImport({
      ...routes,
      'POST /api/eventos/1/importar/previsualizar': withDuplicates,
      'POST /api/eventos/1/importar': created(
        anImportResult({ pedidosCreados: 3, ticketsCreados: 7, filasOmitidas: 1 }),
      ),
    });
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), csv);

    const table = await within(dialog).findByRole('table', { name: 'Filas del archivo' });
    const rowOf = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(rowOf('Luis Martín')).toHaveTextContent(
      'DuplicadoYa existe un pedido con el mismo nombre y email en este evento (pedido n.º 31)',
    );
    expect(rowOf('ANA GARCIA')).toHaveTextContent('DuplicadoRepetida: mismo nombre y email que la línea 2');
    expect(rowOf('Ana García')).toHaveTextContent('Nuevo');
    // Errors first, then the duplicates.
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[0]!.textContent);
    expect(lines).toEqual(['5', '3', '4', '2']);
    const summary = within(dialog).getByLabelText('Resumen del archivo');
    expect(summary).toHaveTextContent('Duplicados2');
    expect(summary).toHaveTextContent('Tickets1');

    const skip = within(dialog).getByLabelText('No importar los duplicados');
    expect(skip).toBeChecked();
    expect(within(dialog).getByText(/2 filas parecen un invitado que ya tiene pedido/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 1 pedido' })).toBeEnabled();
    await user.click(skip);
    expect(summary).toHaveTextContent('Tickets7');
    await user.click(within(dialog).getByRole('button', { name: 'Importar 3 pedidos' }));

    expect(await screen.findByText('Invitados importados')).toBeInTheDocument();
    expect(uploads(fetchMock, '/api/eventos/1/importar?omitirDuplicados=false')).toHaveLength(1);
  });

  it('cannot import a list whose valid rows are all duplicates while they are left out', async () => {
    const { user, dialog } = await openImport({
      ...routes,
      'POST /api/eventos/1/importar/previsualizar': aPreview([
        row(2, 'Ana García', 'ana@example.com', 1, [], {
          pedidoId: 8,
          linea: null,
          message: 'Ya existe un pedido con el mismo nombre y email en este evento (pedido n.º 8)',
        }),
      ]),
    });
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), csv);

    expect(await within(dialog).findByText(/1 fila parece un invitado/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 0 pedidos' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('No importar los duplicados'));
    expect(within(dialog).getByRole('button', { name: 'Importar 1 pedido' })).toBeEnabled();
  });

  it('shows a file-level refusal in Spanish', async () => {
    const message = 'Faltan columnas obligatorias: tipo de ticket. Usa la plantilla para ver el formato.';
    const { user, dialog } = await openImport({
      ...routes,
      'POST /api/eventos/1/importar/previsualizar': failure(400, { message, error: 'validation' }),
    });
    await user.upload(within(dialog).getByLabelText('Archivo CSV o Excel'), csv);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Importar 0 pedidos' })).toBeDisabled();
  });

  it('downloads a template with the event’s own ticket types', async () => {
    const saved: Blob[] = [];
    // jsdom has no object URLs: keep the blob the page hands to the browser.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => saved.push(blob) && 'blob:plantilla',
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, dialog } = await openImport();
    await user.click(await within(dialog).findByRole('button', { name: 'Descargar plantilla' }));
    expect(click).toHaveBeenCalledOnce();
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.arrayBuffer());
    expect(text.split('\r\n')).toEqual([
      '\uFEFFnombre completo;email;teléfono;tipo de ticket;cantidad',
      'Ana García López;ana.garcia@example.com;+34 600 000 001;Bono 4 Copas;1',
      'Luis Martín Pérez;luis.martin@example.com;;"VIP; mesa ""A""";2',
      '',
    ]);
    click.mockRestore();
  });
});
