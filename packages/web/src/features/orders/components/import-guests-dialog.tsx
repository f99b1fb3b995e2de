import type { Evento } from '@drinkflow/domain/events';
import { guestListColumns, importMessages, type ImportPreview } from '@drinkflow/domain/guest-import';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useImportGuests, usePreviewImport } from '../api/import-guests';
import { importedText, importButtonText, rowsToImport } from '../utils/import-texts';
import { ImportDuplicatesOption } from './import-duplicates-option';
import { ImportFilePicker } from './import-file-picker';
import { ImportInstructions } from './import-instructions';
import { ImportPreviewTable } from './import-preview-table';
import { ImportSummary } from './import-summary';

interface ImportGuestsDialogProps {
  evento: Pick<Evento, 'id' | 'nombre'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Importar invitados': a CSV guest list, checked row by row, then imported as orders. */
export function ImportGuestsDialog({ evento, open, onOpenChange }: ImportGuestsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ImportGuests evento={evento} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ImportGuests({ evento, onDone }: { evento: ImportGuestsDialogProps['evento']; onDone(): void }) {
  const [checked, setChecked] = useState<{ file: File; preview: ImportPreview } | null>(null);
  // The chosen file's name stays in view even when the server refuses the file.
  const [chosen, setChosen] = useState<File | null>(null);
  // A re-imported list should not create its guests twice: duplicates are left out unless unticked.
  const [omitirDuplicados, setOmitirDuplicados] = useState(true);
  const check = usePreviewImport(evento.id);
  const run = useImportGuests(evento.id);

  const choose = (file: File) => {
    setChecked(null);
    setChosen(file);
    setOmitirDuplicados(true);
    run.reset();
    check.mutate(file, { onSuccess: (preview) => setChecked({ file, preview }) });
  };
  const importRows = () =>
    checked &&
    run.mutate(
      { file: checked.file, omitirDuplicados },
      {
        onSuccess: (result) => {
          toast({ title: 'Invitados importados', description: importedText(result) });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error al importar',
            description: errorMessage(error, 'No se pudo importar la lista. Inténtalo de nuevo.'),
            variant: 'destructive',
          }),
      },
    );
  const toImport = checked ? rowsToImport(checked.preview, omitirDuplicados).length : 0;

  const failure = check.error ?? run.error;
  return (
    <DialogContent className="max-w-5xl">
      <DialogHeader>
        <DialogTitle>Importar invitados</DialogTitle>
        <DialogDescription>
          Evento: <strong className="text-slate-900">{evento.nombre}</strong>
        </DialogDescription>
      </DialogHeader>
      {!checked && <ImportInstructions eventoId={evento.id} />}
      <ImportFilePicker
        disabled={check.isPending || run.isPending}
        checking={check.isPending}
        fileName={chosen?.name}
        onChoose={choose}
      />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(failure, 'No se pudo leer el archivo. Inténtalo de nuevo.')}
        </p>
      )}
      {checked && (
        <>
          <ImportSummary preview={checked.preview} omitirDuplicados={omitirDuplicados} />
          {checked.preview.sinCabecera && (
            <p
              role="note"
              className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {importMessages.noHeader(guestListColumns)}
            </p>
          )}
          {checked.preview.duplicados > 0 && (
            <ImportDuplicatesOption
              count={checked.preview.duplicados}
              checked={omitirDuplicados}
              disabled={run.isPending}
              onCheckedChange={setOmitirDuplicados}
            />
          )}
          <ImportPreviewTable filas={checked.preview.filas} />
        </>
      )}
      {run.isPending && (
        <div role="status" className="space-y-2">
          <p className="text-sm text-slate-700">Importando invitados, no cierres esta ventana...</p>
          {/* One request: its progress is unknown, so the bar only shows that work is going on. */}
          <div role="progressbar" aria-label="Importando invitados" className="h-2 rounded-full bg-slate-200">
            <div className="h-full w-full animate-pulse rounded-full bg-brand-700" />
          </div>
        </div>
      )}
      {/* Sticky: with 60 rows on a phone the buttons would sit thousands of pixels down. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-4">
        <Button variant="outline" onClick={onDone} disabled={run.isPending}>
          Cancelar
        </Button>
        <Button onClick={importRows} disabled={toImport === 0 || run.isPending}>
          {run.isPending ? 'Importando...' : importButtonText(toImport)}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
