import type { ImportPreview } from '@drinkflow/domain/guest-import';
import {
  importFieldLabels,
  importFields,
  missingImportFields,
  type ImportField,
} from '@drinkflow/domain/shop-exports';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { missingFieldsText } from '../utils/import-texts';

type FileColumn = ImportPreview['columnas'][number];

interface ImportColumnMappingProps {
  columnas: FileColumn[];
  saving: boolean;
  /** Saves the mapping ({cabecera: campo}); the dialog then checks the same file again. */
  onSave(columnas: Record<string, ImportField | null>): void;
  /** Back to the preview without saving (absent when the file cannot be previewed yet). */
  onBack?(): void;
}

const IGNORED = '';

/**
 * The mapping step: what each column of the file holds. A field goes to one column only: choosing
 * it for a second column takes it from the first, so the file is never read two ways.
 */
export function ImportColumnMapping({ columnas, saving, onSave, onBack }: ImportColumnMappingProps) {
  const [campos, setCampos] = useState(() => columnas.map((columna) => columna.campo));
  const faltan = missingImportFields(campos);
  const missingId = useId();

  const choose = (index: number, campo: ImportField | null) =>
    setCampos((current) =>
      current.map((previous, position) =>
        position === index ? campo : campo !== null && previous === campo ? null : previous,
      ),
    );
  const save = () =>
    onSave(Object.fromEntries(columnas.map((columna, index) => [columna.cabecera, campos[index] ?? null])));

  return (
    <section aria-labelledby={`${missingId}-title`} className="space-y-3">
      <div className="space-y-1">
        <h3 id={`${missingId}-title`} className="text-base font-semibold text-slate-900">
          Columnas del archivo
        </h3>
        <p className="text-sm text-slate-700">
          Indica qué contiene cada columna. Se recordará para los próximos archivos de este evento.
        </p>
      </div>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {columnas.map((columna, index) => (
          <ColumnRow
            key={columna.indice}
            columna={columna}
            campo={campos[index] ?? null}
            disabled={saving}
            onChoose={(campo) => choose(index, campo)}
          />
        ))}
      </ul>
      <p
        id={missingId}
        aria-live="polite"
        className={faltan.length ? 'text-sm font-medium text-red-700' : 'sr-only'}
      >
        {faltan.length > 0 && missingFieldsText(faltan)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {onBack && (
          <Button variant="outline" disabled={saving} onClick={onBack}>
            Volver
          </Button>
        )}
        <Button disabled={saving || faltan.length > 0} aria-describedby={missingId} onClick={save}>
          {saving ? 'Guardando...' : 'Guardar y revisar'}
        </Button>
      </div>
    </section>
  );
}

interface ColumnRowProps {
  columna: FileColumn;
  campo: ImportField | null;
  disabled: boolean;
  onChoose(campo: ImportField | null): void;
}

/** One column: its header and an example value, and the field it holds. */
function ColumnRow({ columna, campo, disabled, onChoose }: ColumnRowProps) {
  const id = useId();
  const cabecera = columna.cabecera.trim() || `Columna ${columna.indice + 1}`;
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {cabecera}
        </label>
        <p className="text-xs text-slate-600">
          {columna.ejemplo ? <>Ejemplo: {columna.ejemplo}</> : 'Sin ejemplo (vacía)'}
        </p>
      </div>
      <NativeSelect
        id={id}
        value={campo ?? IGNORED}
        disabled={disabled}
        onChange={(event) => onChoose((event.target.value as ImportField | typeof IGNORED) || null)}
      >
        {importFields.map((field) => (
          <option key={field} value={field}>
            {importFieldLabels[field]}
          </option>
        ))}
        <option value={IGNORED}>No importar</option>
      </NativeSelect>
    </li>
  );
}
