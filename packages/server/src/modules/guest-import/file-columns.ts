import {
  defaultGuestFields,
  normaliseHeader,
  type ImportMapping,
  type ImportPreview,
} from '@drinkflow/domain/guest-import';
import {
  missingImportFields,
  recognizeExport,
  type ImportField,
  type ImportFormat,
} from '@drinkflow/domain/shop-exports';
import type { FileRow } from './read-spreadsheet';

/** How the columns of one file are read (docs/decisions/068). */
export interface FileColumns {
  formato: ImportFormat;
  columnas: ImportPreview['columnas'];
  faltan: ImportField[];
  /** The column holding each field: the first one mapped to it. */
  columnOf: Partial<Record<ImportField, number>>;
  /**
   * Columns that also hold an email, read when the row's own is empty: pretix's positions carry the
   * attendee's email and their order's, and only the first is the row's `email`.
   */
  emailFallbacks: number[];
}

const firstNonEmpty = (body: FileRow[], index: number) =>
  body.map(({ cells }) => cells[index]?.trim() ?? '').find((cell) => cell !== '') ?? '';

function columnsOf(campos: (ImportField | null)[], cabeceras: string[], body: FileRow[]) {
  const columnOf: Partial<Record<ImportField, number>> = {};
  campos.forEach((campo, index) => {
    if (campo !== null && columnOf[campo] === undefined) columnOf[campo] = index;
  });
  const columnas = campos.map((campo, indice) => ({
    indice,
    cabecera: cabeceras[indice] ?? '',
    campo,
    ejemplo: firstNonEmpty(body, indice),
  }));
  return { columnOf, columnas };
}

/** A file without a header row is read in the template's column order (docs/decisions/030). */
export function headerlessColumns(body: FileRow[]): FileColumns {
  const width = Math.max(defaultGuestFields.length, ...body.map(({ cells }) => cells.length));
  const campos = Array.from(
    { length: width },
    (_, index): ImportField | null => defaultGuestFields[index] ?? null,
  );
  return {
    formato: 'plantilla',
    faltan: [],
    emailFallbacks: [],
    ...columnsOf(campos, [], body),
  };
}

/**
 * The field of each header: the event's remembered choice for it if any (null: 'No importar'), else
 * what the shop's export is recognised to hold.
 */
export function headerColumns(
  header: string[],
  body: FileRow[],
  remembered: ImportMapping['columnas'],
): FileColumns {
  const recognised = recognizeExport(header);
  const rememberedOf = (cabecera: string) => {
    const key = normaliseHeader(cabecera);
    return Object.hasOwn(remembered, key) ? { campo: remembered[key] ?? null } : undefined;
  };
  const campos = header.map((cabecera, index) => {
    const choice = rememberedOf(cabecera);
    return choice ? choice.campo : (recognised.campos[index] ?? null);
  });
  const emailFallbacks = header.flatMap((cabecera, index) =>
    campos[index] === null && !rememberedOf(cabecera) && recognizeExport([cabecera]).campos[0] === 'email'
      ? [index]
      : [],
  );
  return {
    formato: recognised.formato,
    faltan: missingImportFields(campos),
    emailFallbacks,
    ...columnsOf(campos, header, body),
  };
}
