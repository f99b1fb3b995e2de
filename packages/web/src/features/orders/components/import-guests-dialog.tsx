import type { Evento } from '@drinkflow/domain/events';
import { importMessages, type ImportPreview, type ImportResult } from '@drinkflow/domain/guest-import';
import type { ImportField } from '@drinkflow/domain/shop-exports';
import { useId, useState } from 'react';
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
import { useEventTicketTypes } from '@/hooks/use-ticket-types';
import { errorMessage } from '@/lib/api';
import { useImportGuests, usePreviewImport } from '../api/import-guests';
import { useSaveImportMapping } from '../api/import-mapping';
import {
  importButtonText,
  importedText,
  importFailureText,
  rowsToImport,
  rowsToInvalidate,
} from '../utils/import-texts';
import { ImportColumnMapping } from './import-column-mapping';
import { ImportFilePicker } from './import-file-picker';
import { ImportInstructions } from './import-instructions';
import { ImportPreviewSection } from './import-preview-section';
import { ImportProgress } from './import-progress';
import { ImportRecognisedFormat } from './import-recognised-format';
import { ImportResultView } from './import-result';

interface ImportGuestsDialogProps {
  evento: Pick<Evento, 'id' | 'nombre'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * 'Importar invitados': a guest list or a shop's export, its columns and ticket types mapped when
 * needed, checked row by row, then imported as orders (and refunds invalidated).
 */
export function ImportGuestsDialog({ evento, open, onOpenChange }: ImportGuestsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ImportGuests evento={evento} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

interface Checked {
  file: File;
  preview: ImportPreview;
  /** Which check this is: the mapping step starts again from each new preview. */
  seq: number;
}

function ImportGuests({ evento, onDone }: { evento: ImportGuestsDialogProps['evento']; onDone(): void }) {
  const [checked, setChecked] = useState<Checked | null>(null);
  // The chosen file's name stays in view even when the server refuses the file.
  const [chosen, setChosen] = useState<File | null>(null);
  // A re-imported list should not create its guests twice: duplicates are left out unless unticked.
  const [omitirDuplicados, setOmitirDuplicados] = useState(true);
  const [editingColumns, setEditingColumns] = useState(false);
  const [pendingTypes, setPendingTypes] = useState<Record<string, number | null>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const ticketTypes = useEventTicketTypes(evento.id);
  const check = usePreviewImport(evento.id);
  const saveMapping = useSaveImportMapping(evento.id);
  const run = useImportGuests(evento.id);
  const reasonId = useId();

  const previewFile = (file: File) =>
    check.mutate(file, {
      onSuccess: (preview) => {
        setChecked((previous) => ({ file, preview, seq: (previous?.seq ?? 0) + 1 }));
        setEditingColumns(false);
        setPendingTypes({});
      },
    });
  const choose = (file: File) => {
    setChecked(null);
    setChosen(file);
    setOmitirDuplicados(true);
    run.reset();
    saveMapping.reset();
    previewFile(file);
  };
  const saveAndPreview = (mapping: Parameters<typeof saveMapping.mutate>[0]) =>
    checked &&
    saveMapping.mutate(mapping, {
      onSuccess: () => previewFile(checked.file),
      onError: () => setPendingTypes({}),
    });
  const saveColumns = (columnas: Record<string, ImportField | null>) => saveAndPreview({ columnas });
  const decideType = (texto: string, ticketTypeId: number | null) => {
    setPendingTypes((current) => ({ ...current, [texto]: ticketTypeId }));
    saveAndPreview({ tipos: { [texto]: ticketTypeId } });
  };
  const importRows = () =>
    checked &&
    run.mutate(
      { file: checked.file, omitirDuplicados },
      {
        onSuccess: (imported) => {
          toast({ title: 'Invitados importados', description: importedText(imported) });
          // Whose tickets were invalidated stays in view; otherwise the toast says it all.
          if (imported.anulados.length > 0) setResult(imported);
          else onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error al importar',
            description: errorMessage(error, 'No se pudo importar la lista. Inténtalo de nuevo.'),
            variant: 'destructive',
          }),
      },
    );

  const busy = check.isPending || saveMapping.isPending || run.isPending;
  const preview = checked?.preview;
  const mapping = !!preview && (preview.faltan.length > 0 || editingColumns);
  const toImport = preview && !mapping ? rowsToImport(preview, omitirDuplicados).length : 0;
  const toInvalidate = preview && !mapping ? rowsToInvalidate(preview).length : 0;
  const undecided =
    preview && !mapping
      ? preview.tiposArchivo.filter((tipo) => !tipo.decidido && !Object.hasOwn(pendingTypes, tipo.texto))
      : [];
  const failure = check.error ?? saveMapping.error ?? run.error;

  return (
    <DialogContent className="max-w-5xl">
      <DialogHeader>
        <DialogTitle>Importar invitados</DialogTitle>
        <DialogDescription>
          Evento: <strong className="text-slate-900">{evento.nombre}</strong>
        </DialogDescription>
      </DialogHeader>
      {result ? (
        <ImportResultView result={result} />
      ) : (
        <>
          {!checked && <ImportInstructions eventoId={evento.id} />}
          <ImportFilePicker
            disabled={busy}
            checking={check.isPending}
            fileName={chosen?.name}
            onChoose={choose}
          />
          {failure && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {importFailureText(failure)}
            </p>
          )}
          {checked && mapping && (
            <>
              <ImportRecognisedFormat formatoNombre={checked.preview.formatoNombre} disabled={busy} />
              <ImportColumnMapping
                key={checked.seq}
                columnas={checked.preview.columnas}
                saving={saveMapping.isPending || check.isPending}
                onSave={saveColumns}
                onBack={checked.preview.faltan.length === 0 ? () => setEditingColumns(false) : undefined}
              />
            </>
          )}
          {checked && !mapping && (
            <ImportPreviewSection
              preview={checked.preview}
              tipos={ticketTypes.data ?? []}
              omitirDuplicados={omitirDuplicados}
              onOmitirDuplicadosChange={setOmitirDuplicados}
              pendingTypes={pendingTypes}
              onDecideType={decideType}
              onChangeColumns={() => setEditingColumns(true)}
              busy={busy}
            />
          )}
          {run.isPending && <ImportProgress />}
        </>
      )}
      {/* Sticky: with 50 rows on a phone the buttons would sit thousands of pixels down. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-4">
        {result ? (
          <Button onClick={onDone}>Cerrar</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onDone} disabled={run.isPending}>
              Cancelar
            </Button>
            <Button
              onClick={importRows}
              disabled={toImport + toInvalidate === 0 || undecided.length > 0 || busy}
              aria-describedby={undecided.length > 0 ? reasonId : undefined}
            >
              {run.isPending ? 'Importando...' : importButtonText(toImport, toInvalidate)}
            </Button>
            {/* Last, so the stacked phone footer shows it above the buttons; first in a row. */}
            {undecided.length > 0 && (
              <p
                id={reasonId}
                className="text-xs font-medium text-amber-900 sm:order-first sm:mr-auto sm:self-center sm:text-sm"
              >
                {importMessages.undecidedTypes(undecided.map((tipo) => tipo.texto))}
              </p>
            )}
          </>
        )}
      </DialogFooter>
    </DialogContent>
  );
}
