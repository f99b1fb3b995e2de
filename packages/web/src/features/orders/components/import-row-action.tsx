import type { GuestRow, ImportAction } from '@drinkflow/domain/guest-import';
import { Badge } from '@/components/ui/badge';
import { rowActionLabels } from '../utils/import-texts';

const tones: Record<ImportAction, 'green' | 'neutral' | 'red' | 'amber'> = {
  nuevo: 'green',
  ya_importado: 'neutral',
  anular: 'red',
  ya_anulado: 'neutral',
  cancelado: 'neutral',
  duplicado: 'amber',
  omitido_tipo: 'neutral',
  sin_tipo: 'amber',
  error: 'red',
};

/** What the import does with a row, with the reasons: its errors, duplicate and warnings. */
export function ImportRowAction({ row }: { row: GuestRow }) {
  return (
    <div className="space-y-1">
      <Badge tone={tones[row.accion]}>{rowActionLabels[row.accion]}</Badge>
      {row.errores.length > 0 && (
        <ul className="space-y-1 text-red-700">
          {row.errores.map((error) => (
            <li key={`${error.field}-${error.message}`}>{error.message}</li>
          ))}
        </ul>
      )}
      {row.duplicado && <p className="text-amber-900">{row.duplicado.message}</p>}
      {row.avisos.length > 0 && (
        <ul className="space-y-1 text-amber-900">
          {row.avisos.map((aviso) => (
            <li key={aviso}>{aviso}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
