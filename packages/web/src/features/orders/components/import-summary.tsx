import type { ImportPreview } from '@drinkflow/domain/guest-import';
import { SHORT_CODE_LENGTH } from '@drinkflow/domain/shop-exports';
import { cn } from '@/lib/utils';
import { importPlanText, rowsToImport } from '../utils/import-texts';

interface ImportSummaryProps {
  preview: ImportPreview;
  omitirDuplicados: boolean;
}

interface Count {
  label: string;
  value: number;
  /** The tile's colours when the count is not 0. */
  tone?: string;
  detail?: string;
}

const warning = 'border-amber-300 bg-amber-50 text-amber-900';

/**
 * The preview's counts: rows read and valid, what the import does with them (new, already there,
 * to invalidate), what it leaves out, the short codes and the tickets it creates.
 */
export function ImportSummary({ preview, omitirDuplicados }: ImportSummaryProps) {
  const tickets = rowsToImport(preview, omitirDuplicados).reduce(
    (sum, fila) => sum + (fila.cantidad ?? 1),
    0,
  );
  const counts: Count[] = [
    { label: 'Filas', value: preview.total },
    { label: 'Válidas', value: preview.validas },
    { label: 'Nuevos', value: preview.nuevos, tone: 'text-green-800' },
    { label: 'Ya importados', value: preview.yaImportados },
    {
      label: 'Se anularán',
      value: preview.anulados,
      tone: 'border-red-200 bg-red-50 text-red-800',
      detail: `${preview.ticketsAnulados.toLocaleString('es-ES')} ${preview.ticketsAnulados === 1 ? 'ticket' : 'tickets'}`,
    },
    { label: 'Con errores', value: preview.conErrores, tone: 'text-red-700' },
    { label: 'Duplicados', value: preview.duplicados, tone: 'text-amber-800' },
    { label: 'Omitidos por tipo', value: preview.omitidosPorTipo },
    { label: 'Códigos cortos', value: preview.codigosCortos, tone: warning },
    { label: 'Tickets', value: tickets },
  ];
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900">{importPlanText(preview)}</p>
      <dl aria-label="Resumen del archivo" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map((count) => (
          <div
            key={count.label}
            className={cn(
              'rounded-lg border border-slate-200 px-3 py-2 text-slate-900',
              count.value > 0 && count.tone,
            )}
          >
            <dt className="text-xs font-medium">{count.label}</dt>
            <dd className="text-xl font-semibold">
              {count.value.toLocaleString('es-ES')}
              {count.detail && count.value > 0 && (
                <span className="text-xs font-normal"> ({count.detail})</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {preview.codigosCortos > 0 && (
        <p role="note" className={cn('rounded-md border p-3 text-sm', warning)}>
          <strong>Códigos cortos: fáciles de adivinar.</strong> Tienen menos de {SHORT_CODE_LENGTH}{' '}
          caracteres: quien pruebe códigos parecidos podría dar con uno válido.
        </p>
      )}
      {preview.conErrores > 0 && (
        <p className="text-sm text-slate-700">
          Las filas con errores no se importarán. Corrígelas en el archivo y vuelve a elegirlo, o importa solo
          las válidas.
        </p>
      )}
    </div>
  );
}
