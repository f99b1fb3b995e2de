import { guestListColumns, importMessages, type ImportPreview } from '@drinkflow/domain/guest-import';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { ImportDuplicatesOption } from './import-duplicates-option';
import { ImportPreviewTable } from './import-preview-table';
import { ImportRecognisedFormat } from './import-recognised-format';
import { ImportSummary } from './import-summary';
import { ImportTypeMapping } from './import-type-mapping';

interface ImportPreviewSectionProps {
  preview: ImportPreview;
  /** The event's ticket types. */
  tipos: Pick<TipoTicket, 'id' | 'nombre'>[];
  omitirDuplicados: boolean;
  onOmitirDuplicadosChange(checked: boolean): void;
  pendingTypes: Readonly<Record<string, number | null>>;
  onDecideType(texto: string, ticketTypeId: number | null): void;
  onChangeColumns(): void;
  busy: boolean;
}

/** A checked file: the format, the ticket types to decide, the counts and the first rows. */
export function ImportPreviewSection({
  preview,
  tipos,
  omitirDuplicados,
  onOmitirDuplicadosChange,
  pendingTypes,
  onDecideType,
  onChangeColumns,
  busy,
}: ImportPreviewSectionProps) {
  const typeNames = new Map(tipos.map((tipo) => [tipo.id, tipo.nombre]));
  return (
    <>
      <ImportRecognisedFormat
        formatoNombre={preview.formatoNombre}
        onChangeColumns={onChangeColumns}
        disabled={busy}
      />
      {preview.tiposArchivo.length > 0 && (
        <ImportTypeMapping
          tiposArchivo={preview.tiposArchivo}
          tipos={tipos}
          pending={pendingTypes}
          disabled={busy}
          onDecide={onDecideType}
        />
      )}
      <ImportSummary preview={preview} omitirDuplicados={omitirDuplicados} />
      {preview.sinCabecera && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {importMessages.noHeader(guestListColumns)}
        </p>
      )}
      {preview.duplicados > 0 && (
        <ImportDuplicatesOption
          count={preview.duplicados}
          checked={omitirDuplicados}
          disabled={busy}
          onCheckedChange={onOmitirDuplicadosChange}
        />
      )}
      <ImportPreviewTable filas={preview.filas} typeNames={typeNames} />
    </>
  );
}
