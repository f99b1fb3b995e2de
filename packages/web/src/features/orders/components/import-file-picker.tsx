import { MAX_IMPORT_ROWS } from '@drinkflow/domain/guest-import';
import { FileUp } from 'lucide-react';
import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface ImportFilePickerProps {
  disabled: boolean;
  checking: boolean;
  /** The file whose preview is shown. */
  fileName?: string;
  onChoose(file: File): void;
}

/** The files the import reads: text exports (comma, semicolon or tab) and Excel spreadsheets. */
const ACCEPTED = [
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/**
 * The file input, with a Spanish button in place of the browser's own ("Choose File" in an
 * English Chrome). Choosing the same file again checks it again.
 */
export function ImportFilePicker({ disabled, checking, fileName, onChoose }: ImportFilePickerProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
        Archivo CSV o Excel
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={ACCEPTED}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-status`}
          disabled={disabled}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-disabled:pointer-events-none peer-disabled:opacity-50',
          )}
        >
          <FileUp className="h-4 w-4" aria-hidden />
          {fileName ? 'Elegir otro archivo' : 'Elegir archivo'}
        </label>
        <p
          id={`${id}-status`}
          className="min-w-0 text-sm text-slate-600 [overflow-wrap:anywhere]"
          aria-live="polite"
        >
          {checking
            ? 'Comprobando el archivo...'
            : (fileName ??
              `Ningún archivo elegido (máximo ${MAX_IMPORT_ROWS.toLocaleString('es-ES')} filas)`)}
        </p>
      </div>
    </div>
  );
}
