import type { GuestRow } from '@drinkflow/domain/guest-import';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Rows drawn at most: the rows with errors come first, so those to fix are always in view. */
export const MAX_PREVIEW_ROWS = 100;

/** A row's value, in red when the server found a problem with that field. */
function Value({ row, field, value }: { row: GuestRow; field: string; value: string | number | null }) {
  const wrong = row.errores.some((error) => error.field === field);
  return (
    <span className={cn(wrong && 'font-medium text-red-700')}>
      {value === null || value === '' ? '—' : value}
    </span>
  );
}

const columns: DataListColumn<GuestRow>[] = [
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
  { header: 'Tipo de Ticket', cell: (row) => <Value row={row} field="tipoTicket" value={row.tipoTicket} /> },
  {
    header: 'Cantidad',
    // An invalid quantity is shown as typed ('tres', '0'), next to its error.
    cell: (row) => <Value row={row} field="cantidad" value={row.cantidad ?? row.cantidadTexto} />,
  },
  {
    header: 'Estado',
    cell: (row) =>
      row.errores.length === 0 ? (
        row.duplicado ? (
          <div className="space-y-1">
            <Badge tone="amber">Duplicado</Badge>
            <p className="text-amber-900">{row.duplicado.message}</p>
          </div>
        ) : (
          <Badge tone="green">Correcta</Badge>
        )
      ) : (
        <ul className="space-y-1 text-red-700">
          {row.errores.map((error) => (
            <li key={`${error.field}-${error.message}`}>{error.message}</li>
          ))}
        </ul>
      ),
  },
];

/** The file's rows as the server read them, with each row's errors and duplicate warning in Spanish. */
export function ImportPreviewTable({ filas }: { filas: GuestRow[] }) {
  const valid = filas.filter((row) => !row.errores.length);
  const ordered = [
    ...filas.filter((row) => row.errores.length > 0),
    ...valid.filter((row) => row.duplicado),
    ...valid.filter((row) => !row.duplicado),
  ];
  const shown = ordered.slice(0, MAX_PREVIEW_ROWS);
  return (
    <div className="space-y-2">
      <DataList
        label="Filas del archivo"
        items={shown}
        columns={columns}
        rowKey={(row) => row.linea}
        cardTitle={(row) => `Línea ${row.linea}: ${row.nombreCompleto || 'sin nombre'}`}
        headingLevel={3}
      />
      {filas.length > shown.length && (
        <p className="text-sm text-slate-600">
          Se muestran {shown.length} de {filas.length} filas (primero las que tienen errores y los
          duplicados).
        </p>
      )}
    </div>
  );
}
