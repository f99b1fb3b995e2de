import { typeTextLabel, type GuestRow, type ImportAction } from '@drinkflow/domain/guest-import';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { cn } from '@/lib/utils';
import { shortenedCode } from '../utils/import-texts';
import { ImportRowAction } from './import-row-action';

/** Rows drawn at most; the rows to look at come first, so they are always in view. */
export const MAX_PREVIEW_ROWS = 50;

/** Rows to fix or decide first, then those the import changes; the rest keep the file's order. */
const attention: Partial<Record<ImportAction, number>> = { error: 0, sin_tipo: 1, duplicado: 2, anular: 3 };
const rank = (row: GuestRow) => attention[row.accion] ?? Object.keys(attention).length;

/** A row's value, in red when the server found a problem with that field. */
function Value({ row, field, value }: { row: GuestRow; field: string; value: string | number | null }) {
  const wrong = row.errores.some((error) => error.field === field);
  return (
    <span className={cn(wrong && 'font-medium text-red-700')}>
      {value === null || value === '' ? '—' : value}
    </span>
  );
}

/** The whole code in the table; its start and end on a phone's card (the list's own width decides). */
function Code({ codigo }: { codigo: string | null }) {
  if (!codigo) return <span>—</span>;
  return (
    <>
      <span className="hidden break-all @4xl:inline">{codigo}</span>
      <span className="@4xl:hidden" title={codigo}>
        {shortenedCode(codigo)}
      </span>
    </>
  );
}

/** The event's type the row becomes; without one (undecided, 'No importar'), the file's text, greyed. */
function TicketType({ row, name }: { row: GuestRow; name: string | null }) {
  if (name) return <Value row={row} field="tipoTicket" value={name} />;
  const wrong = row.errores.some((error) => error.field === 'tipoTicket');
  return (
    <span className={cn(wrong ? 'font-medium text-red-700' : 'text-slate-500')}>
      {typeTextLabel(row.tipoTicket)}
    </span>
  );
}

function columnsFor(typeNames: ReadonlyMap<number, string>): DataListColumn<GuestRow>[] {
  const ourType = (row: GuestRow) =>
    row.ticketTypeId === null ? null : (typeNames.get(row.ticketTypeId) ?? null);
  return [
    { header: 'Línea', hideInCard: true, cell: (row) => row.linea },
    {
      header: 'Nombre Completo',
      hideInCard: true,
      cell: (row) => <Value row={row} field="nombreCompleto" value={row.nombreCompleto} />,
    },
    {
      header: 'Email',
      className: 'break-all',
      cell: (row) => <Value row={row} field="email" value={row.email} />,
    },
    { header: 'Teléfono', cell: (row) => <Value row={row} field="telefono" value={row.telefono} /> },
    { header: 'Tipo de Ticket', cell: (row) => <TicketType row={row} name={ourType(row)} /> },
    {
      header: 'Cantidad',
      // An invalid quantity is shown as typed ('tres', '0'), next to its error.
      cell: (row) => <Value row={row} field="cantidad" value={row.cantidad ?? row.cantidadTexto} />,
    },
    { header: 'Código', cell: (row) => <Code codigo={row.codigo} /> },
    { header: 'Acción', cell: (row) => <ImportRowAction row={row} /> },
  ];
}

interface ImportPreviewTableProps {
  filas: GuestRow[];
  /** The event's ticket-type names by id: a row shows the type it will have here. */
  typeNames: ReadonlyMap<number, string>;
}

/** The file's rows as they will be stored, with what the import does with each, in Spanish. */
export function ImportPreviewTable({ filas, typeNames }: ImportPreviewTableProps) {
  const shown = filas
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .slice(0, MAX_PREVIEW_ROWS)
    .map(({ row }) => row);
  const more = filas.length - shown.length;
  return (
    <div className="space-y-2">
      <DataList
        label="Filas del archivo"
        items={shown}
        columns={columnsFor(typeNames)}
        rowKey={(row) => row.linea}
        cardTitle={(row) => `Línea ${row.linea}: ${row.nombreCompleto || 'sin nombre'}`}
        headingLevel={3}
      />
      {more > 0 && (
        <p className="text-sm text-slate-600">
          y {more.toLocaleString('es-ES')} {more === 1 ? 'fila más' : 'filas más'} (primero se muestran las
          que tienen errores, las que faltan por decidir, los duplicados y las que se anularán).
        </p>
      )}
    </div>
  );
}
