import { readFileSync } from 'node:fs';
import {
  isCancelledStatus,
  isShortCode,
  missingImportFields,
  recognizeExport,
  type ImportField,
  type ImportFormat,
} from '@drinkflow/domain/shop-exports';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';

// The sample shop exports other import tests read (fixtures/shop-exports/README.md): each is
// recognised as its shop, and keeps the rows its README promises.

const folder = new URL('../fixtures/shop-exports/', import.meta.url);
const bytesOf = (file: string) => readFileSync(new URL(file, folder));

/** The records of a delimited file, quoted cells (with doubled quotes and line breaks) unwrapped. */
function parseDelimited(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) endCell();
    else if (!quoted && char === '\n') {
      endCell();
      records.push(record);
      record = [];
    } else if (quoted || char !== '\r') cell += char;
  }
  if (cell !== '' || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}

interface Fixture {
  file: string;
  encoding: string;
  delimiter: string;
}
const fixture = (file: string, delimiter = ',', encoding = 'utf-8'): Fixture => ({
  file,
  encoding,
  delimiter,
});
const eventbrite = fixture('eventbrite-attendees-en.csv');
const eventbriteLater = fixture('eventbrite-attendees-en-later.csv');
const eventbriteSpanish = fixture('eventbrite-asistentes-es.csv', ';', 'windows-1252');
const pretixOrders = fixture('pretix-orders.csv');
const pretixAttendees = fixture('pretix-attendees.csv');
const otherShop = fixture('other-shop.tsv', '\t');

/** The file's rows as objects keyed by header title (the first of a title written twice). */
function read({ file, encoding, delimiter }: Fixture) {
  const text = new TextDecoder(encoding, { fatal: true }).decode(bytesOf(file)).replace(/^\uFEFF/, '');
  const [header = [], ...body] = parseDelimited(text, delimiter);
  const rows = body.map((cells) => (title: string) => cells[header.indexOf(title)] ?? '');
  return { header, body, rows };
}

describe('sample shop exports', () => {
  it.each([
    { sample: eventbrite, formato: 'eventbrite', faltan: [] },
    { sample: eventbriteLater, formato: 'eventbrite', faltan: [] },
    { sample: eventbriteSpanish, formato: 'eventbrite', faltan: [] },
    { sample: pretixOrders, formato: 'pretix_pedidos', faltan: [] },
    { sample: pretixAttendees, formato: 'pretix_asistentes', faltan: [] },
    { sample: otherShop, formato: 'otro', faltan: ['nombreCompleto'] },
  ] satisfies { sample: Fixture; formato: ImportFormat; faltan: ImportField[] }[])(
    '$sample.file is recognised as $formato',
    ({ sample, formato, faltan }) => {
      const { header, body } = read(sample);
      const { formato: recognised, campos } = recognizeExport(header);
      expect(recognised).toBe(formato);
      expect(missingImportFields(campos)).toEqual(faltan);
      for (const cells of body) expect(cells).toHaveLength(header.length);
    },
  );

  it('Eventbrite: 12 attendees of two ticket types, one refunded, barcodes of 19 to 21 digits', () => {
    const { rows } = read(eventbrite);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row('Ticket Type')))).toEqual(new Set(['General Admission', 'VIP']));
    expect(
      rows.filter((row) => isCancelledStatus(row('Attendee Status'))).map((row) => row('First Name')),
    ).toEqual(['Nerea']);
    const barcodes = rows.map((row) => row('Barcode #'));
    for (const barcode of barcodes) expect(barcode).toMatch(/^\d{19,21}$/);
    expect(new Set(barcodes).size).toBe(12);
    expect(new Set(rows.map((row) => row('Attendee #'))).size).toBe(12);
  });

  it('Eventbrite later: the same attendees, two of them now refunded or cancelled, and three new ones', () => {
    const before = new Map(read(eventbrite).body.map((cells) => [cells[7], cells]));
    const { rows, body } = read(eventbriteLater);
    const changed = body.filter(
      (cells) => before.has(cells[7]) && before.get(cells[7])?.join('|') !== cells.join('|'),
    );
    const added = rows.filter((row) => !before.has(row('Attendee #')));

    expect(body.filter((cells) => before.has(cells[7]))).toHaveLength(12);
    expect(changed.map((cells) => [cells[2], cells[15]])).toEqual([
      ['Pablo', 'Refunded'],
      ['Begoña', 'Cancelled'],
    ]);
    for (const cells of changed) {
      expect(cells.filter((_, column) => column !== 15)).toEqual(
        before.get(cells[7])?.filter((_, c) => c !== 15),
      );
    }
    expect(added.map((row) => row('Attendee Status'))).toEqual(['Attending', 'Attending', 'Attending']);
  });

  it('Eventbrite in Spanish: Windows-1252 bytes, one refunded attendee', () => {
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(eventbriteSpanish.file))).toThrow();
    const { rows } = read(eventbriteSpanish);
    expect(rows.filter((row) => isCancelledStatus(row('Estado del asistente')))).toHaveLength(1);
    expect(rows.map((row) => row('Apellidos'))).toContain('Ñúñez Carrión');
  });

  it('pretix: one canceled order of three tickets, 32-character secrets but two short ones', () => {
    const orders = read(pretixOrders).rows;
    const tickets = read(pretixAttendees).rows;
    expect(orders.filter((row) => isCancelledStatus(row('Status'))).map((row) => row('Positions'))).toEqual([
      '3',
    ]);
    expect(tickets).toHaveLength(orders.reduce((total, row) => total + Number(row('Positions')), 0));
    expect(tickets.filter((row) => isCancelledStatus(row('Status')))).toHaveLength(3);
    const secrets = tickets.map((row) => row('Ticket secret'));
    expect(secrets.filter(isShortCode)).toEqual(['Q7XK2M9P', 'ZB4R8W2C']);
    for (const secret of secrets.filter((code) => !isShortCode(code)))
      expect(secret).toMatch(/^[a-z0-9]{32}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('the Eventbrite spreadsheet holds the same cells as its CSV (run make-xlsx.mjs after changing it)', async () => {
    const [sheet] = await readXlsxFile(bytesOf('eventbrite-attendees.xlsx'));
    const cells = (sheet?.data ?? []).map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
    const csv = [read(eventbrite).header, ...read(eventbrite).body];
    const sameNumber = (text: string) => (/^\d+\.\d+$/.test(text) ? String(Number(text)) : text);
    expect(cells).toEqual(csv.map((row) => row.map(sameNumber)));
    expect(recognizeExport(cells[0] ?? []).formato).toBe('eventbrite');
  });
});
