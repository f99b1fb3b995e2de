// A CSV writer for spreadsheets in Spain (docs/rules/statistics.md): `;` between cells (`,` is the decimal
// separator there), CRLF between lines, UTF-8 with a BOM so Excel reads the accents.

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';

/**
 * A cell a spreadsheet could read as a formula (`=`, `+`, `-`, `@`, and the tab and carriage
 * return OWASP adds) is prefixed with `'`, so a guest called `=HYPERLINK(…)` stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One cell: empty for null; numbers as they are; text guarded against formulas, then quoted if needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF included. */
export const csvRow = (values: readonly CsvValue[]): string =>
  values.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
