import { readSheet } from 'read-excel-file/node';
import { boundedZip } from './bounded-zip';
import { readCsvRows } from './read-csv';

/** A row of the uploaded file: its line (or sheet row) number and its cells as text. */
export interface FileRow {
  line: number;
  cells: string[];
}

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** An .xlsx is a zip: its first bytes are a zip's local file header, whatever the browser called it. */
export const isZip = (bytes: Buffer) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);

/** An Excel 97–2003 .xls (an OLE2 compound file): not read; the person saves it as .xlsx or CSV. */
const isOldExcel = (bytes: Buffer) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const two = (value: number) => String(value).padStart(2, '0');

const MINUTE_MS = 60_000;

/**
 * A date cell as a Spanish spreadsheet shows it. Excel's dates carry no zone (the reader gives them
 * as UTC) and are fractions of a day, so 21:05 may be stored as 21:04:59.99: rounded to the minute.
 */
function dateText(cell: Date): string {
  const date = new Date(Math.round(cell.getTime() / MINUTE_MS) * MINUTE_MS);
  return (
    `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`
  );
}

/**
 * A number cell as the sheet stores it ('600111222', '1.5', '1.2345678901234568E+19'), as a person
 * would type it: no exponent, no trailing '.0'. Integers keep every digit the file holds, so a
 * 20-digit barcode stored as text or as digits stays exact (a JavaScript number would round it).
 */
export function numberText(stored: string): string {
  const text = stored.trim();
  if (/^-?\d+$/.test(text)) return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return dateText(cell);
  if (typeof cell === 'boolean') return cell ? 'VERDADERO' : 'FALSO';
  return String(cell).trim();
}

/**
 * The first sheet of an .xlsx, its numbers read from the stored text (parseNumber) rather than as
 * floats; inflated within a cap first (bounded-zip.ts).
 */
async function readXlsxRows(bytes: Buffer): Promise<FileRow[]> {
  const sheet = await readSheet(boundedZip(bytes), 1, { parseNumber: numberText, trim: true });
  return sheet
    .map((cells, index) => ({ line: index + 1, cells: cells.map(cellText) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
}

/**
 * The rows of an uploaded guest list: an .xlsx (recognised by its bytes) or a CSV (`,` `;` or tab,
 * UTF-8 or Windows-1252). Throws when the bytes are neither.
 */
export async function readSpreadsheetRows(bytes: Buffer): Promise<FileRow[]> {
  if (isOldExcel(bytes)) throw new Error('Excel 97-2003 file');
  return isZip(bytes) ? readXlsxRows(bytes) : readCsvRows(bytes);
}
