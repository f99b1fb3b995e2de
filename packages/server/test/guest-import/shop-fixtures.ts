import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import type {
  ImportMapping,
  ImportMappingBody,
  ImportPreview,
  ImportResult,
} from '@drinkflow/domain/guest-import';
import type { Evento } from '@drinkflow/domain/events';
import { expect } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call, postCsv } from '../support/api';
import { createEvent } from '../support/events';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';

// Shops' exports (packages/server/test/fixtures/shop-exports) sent to the import as a browser does.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fixtures = new URL('../fixtures/shop-exports/', import.meta.url);

/** A sample export's bytes. */
export const shopExport = (name: string): Buffer => readFileSync(new URL(name, fixtures));

/** What a browser calls the file: an .xlsx by its type, anything else as a plain download. */
const contentTypeOf = (name: string) => (name.endsWith('.xlsx') ? XLSX_TYPE : 'application/octet-stream');

let counter = 0;

/** An event running now (so its scanner serves), with one ticket type per name. */
export async function shopEvent(t: TestApp, typeNames: string[], owner?: Account) {
  const who = owner ?? (await signIn(t.db, 'organizer', 'Dueña'));
  const now = Date.now();
  const evento: Evento = await createEvent(t, who, {
    nombre: `Fiesta de la tienda ${++counter}`,
    fechaInicio: new Date(now - HOUR).toISOString(),
    fechaFin: new Date(now + 5 * HOUR).toISOString(),
  });
  const types: Record<string, { id: number }> = {};
  for (const nombre of typeNames) types[nombre] = await createTicketType(t, who, evento, { nombre });
  return { owner: who, evento, types };
}

export const previewUrl = (evento: { id: number }) => `/api/eventos/${evento.id}/importar/previsualizar`;
export const importUrl = (evento: { id: number }, query = '') => `/api/eventos/${evento.id}/importar${query}`;
export const mappingUrl = (evento: { id: number }) => `/api/eventos/${evento.id}/importar/mapeo`;

/** The preview of a file (a fixture's name or bytes), which must be a 200. */
export async function previewFile(
  t: TestApp,
  who: Account,
  evento: { id: number },
  file: string | Buffer,
): Promise<ImportPreview> {
  const bytes = typeof file === 'string' ? shopExport(file) : file;
  const type = typeof file === 'string' ? contentTypeOf(file) : 'application/octet-stream';
  const res = await postCsv(t, who, previewUrl(evento), bytes, type);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

/** The import of a file, which must be a 201. */
export async function importFile(
  t: TestApp,
  who: Account,
  evento: { id: number },
  file: string | Buffer,
  query = '',
): Promise<ImportResult> {
  const res = await postImport(t, who, evento, file, query);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportResult>();
}

/** POST …/importar with a file, whatever it answers. */
export const postImport = (
  t: TestApp,
  who: Account,
  evento: { id: number },
  file: string | Buffer,
  query = '',
) =>
  typeof file === 'string'
    ? postCsv(t, who, importUrl(evento, query), shopExport(file), contentTypeOf(file))
    : postCsv(t, who, importUrl(evento, query), file, 'application/octet-stream');

/** PUT …/importar/mapeo, which must be a 200; the stored mapping. */
export async function saveMapping(
  t: TestApp,
  who: Account,
  evento: { id: number },
  body: ImportMappingBody,
): Promise<ImportMapping> {
  const res = await call(t, who, 'PUT', mappingUrl(evento), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportMapping>();
}

/** The preview's counts, without its rows and columns. */
export const countsOf = (preview: ImportPreview) => {
  const { filas: _filas, columnas: _columnas, tiposArchivo: _tipos, ...counts } = preview;
  return counts;
};

/**
 * A zip of the given files, stored or deflated: the shape of an .xlsx without being one, or a
 * "zip bomb". Written by hand (local headers, central directory, end record) so the test needs no
 * zip library.
 */
export function zipOf(files: Record<string, string | Buffer>, { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const stored = deflate ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, stored);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
