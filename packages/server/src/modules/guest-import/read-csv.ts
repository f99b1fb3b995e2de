import { parse } from 'csv-parse/sync';

/**
 * Windows-1252's bytes 0x80–0x9F (the rest of it is Latin-1). Node's TextDecoder('windows-1252')
 * is Latin-1 and would turn € ’ “ ” … — into invisible control characters. The five bytes that
 * Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) never come from Excel: they become
 * U+FFFD, which the preview flags, rather than control characters stored in a name.
 */
const CP1252_HIGH =
  '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD' + // 0x80–0x8F
  '\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ'; // 0x90–0x9F

/** Windows-1252 bytes as text: Latin-1, with 0x80–0x9F taken from the table. */
export const decodeWindows1252 = (bytes: Buffer): string =>
  bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH.charAt(char.charCodeAt(0) - 0x80));

/**
 * The text of an uploaded spreadsheet export: UTF-8 (with or without BOM) as Google Sheets and
 * recent Excel write it, UTF-16 with its BOM as Excel's "Texto Unicode" does, or Windows-1252 as
 * Spanish Excel's plain "CSV" does.
 */
export function decodeSpreadsheetText(bytes: Buffer): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  // Excel's "Texto Unicode" (.txt): UTF-16 little-endian with its BOM, tab-separated.
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return bytes.subarray(2).toString('utf16le');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * `;` (Spanish Excel), `,` (Google Sheets, English Excel) or a tab (a copy from a spreadsheet, a
 * shop's .tsv): whichever the header line uses most; `;` wins a tie with `,`.
 */
export function detectDelimiter(text: string): ';' | ',' | '\t' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const count = (separator: string) => outsideQuotes.split(separator).length - 1;
  const [semicolons, commas, tabs] = [count(';'), count(','), count('\t')];
  if (tabs > Math.max(semicolons, commas)) return '\t';
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/** The rows of a CSV file, each with its line number in the file (for the person to find it). */
export function readCsvRows(bytes: Buffer): { line: number; cells: string[] }[] {
  const text = decodeSpreadsheetText(bytes);
  const records = parse(text, {
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records
    .map(({ record, info }) => ({ line: info.lines, cells: record }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
}
