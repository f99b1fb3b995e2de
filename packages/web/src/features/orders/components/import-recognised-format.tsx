import { Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ImportRecognisedFormatProps {
  formatoNombre: string;
  /** Offered when the preview is shown: the mapping step is already on screen otherwise. */
  onChangeColumns?(): void;
  disabled: boolean;
}

/** Which export the file was taken for ('Eventbrite (asistentes)', 'Otro archivo'). */
export function ImportRecognisedFormat({
  formatoNombre,
  onChangeColumns,
  disabled,
}: ImportRecognisedFormatProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <p className="text-sm text-slate-700">
        Formato reconocido: <strong className="text-slate-900">{formatoNombre}</strong>
      </p>
      {onChangeColumns && (
        <Button variant="outline" size="sm" disabled={disabled} onClick={onChangeColumns}>
          <Columns3 className="h-4 w-4" aria-hidden />
          Cambiar columnas
        </Button>
      )}
    </div>
  );
}
