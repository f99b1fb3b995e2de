import type { ImportPreview } from '@drinkflow/domain/guest-import';
import { cn } from '@/lib/utils';
import { rowsToImport } from '../utils/import-texts';

interface ImportSummaryProps {
  preview: ImportPreview;
  omitirDuplicados: boolean;
}

/** The preview's counts: rows read, valid rows, rows with errors, duplicates and the tickets to create. */
export function ImportSummary({ preview, omitirDuplicados }: ImportSummaryProps) {
  const tickets = rowsToImport(preview, omitirDuplicados).reduce(
    (sum, fila) => sum + (fila.cantidad ?? 0),
    0,
  );
  const counts = [
    { label: 'Filas', value: preview.total },
    { label: 'Válidas', value: preview.validas, tone: 'text-green-800' },
    {
      label: 'Con errores',
      value: preview.conErrores,
      tone: preview.conErrores > 0 ? 'text-red-700' : undefined,
    },
    {
      label: 'Duplicados',
      value: preview.duplicados,
      tone: preview.duplicados > 0 ? 'text-amber-800' : undefined,
    },
    { label: 'Tickets', value: tickets },
  ];
  return (
    <div className="space-y-2">
      <dl aria-label="Resumen del archivo" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {counts.map((count) => (
          <div key={count.label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs font-medium text-slate-600">{count.label}</dt>
            <dd className={cn('text-2xl font-semibold text-slate-900', count.tone)}>
              {count.value.toLocaleString('es-ES')}
            </dd>
          </div>
        ))}
      </dl>
      {preview.conErrores > 0 && (
        <p className="text-sm text-slate-700">
          Las filas con errores no se importarán. Corrígelas en el archivo y vuelve a elegirlo, o importa solo
          las válidas.
        </p>
      )}
    </div>
  );
}
