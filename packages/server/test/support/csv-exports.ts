import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { call } from './api';
import type { TestApp } from './test-app';

export type ExportName = 'pedidos' | 'consumos' | 'escaneos';

export const exportUrl = (eventoId: number | string, name: ExportName) =>
  `/api/eventos/${eventoId}/export/${name}.csv`;

export const getExport = (t: TestApp, who: Account | null, eventoId: number | string, name: ExportName) =>
  call(t, who, 'GET', exportUrl(eventoId, name));

/**
 * Reads a CSV as a spreadsheet would (`;`, CRLF, quoted cells with doubled quotes), failing on
 * anything else: a bare LF or CR outside quotes, a stray quote, a missing final CRLF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        index += 1;
        if (!/^(;|\r\n|$)/.test(text.slice(index, index + 2)))
          throw new Error(`text after a quote at ${index}`);
        continue;
      }
      cell += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (cell !== '') throw new Error(`a quote inside an unquoted cell at ${index}`);
      quoted = true;
      index += 1;
    } else if (char === ';') {
      row.push(cell);
      cell = '';
      index += 1;
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 2;
    } else if (char === '\r' || char === '\n') {
      throw new Error(`a bare line break outside quotes at ${index}`);
    } else {
      cell += char;
      index += 1;
    }
  }
  if (quoted || cell !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

/** A 200 CSV download: its headers checked, the BOM removed, parsed into rows (header first). */
export function expectCsv(res: LightMyRequestResponse, filename: string): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = res.rawPayload.subarray(3).toString('utf8');
  return parseCsv(text);
}
