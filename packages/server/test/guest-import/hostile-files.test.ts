import { importMessages } from '@drinkflow/domain/guest-import';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectApiError, expectFieldError, postCsv } from '../support/api';
import { totals } from '../support/stored-orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { importUrl, previewUrl, shopEvent, shopExport, XLSX_TYPE, zipOf } from './shop-fixtures';

// Files no one should send, and files a shop may send broken: always a 400 in Spanish, never a 500,
// and nothing written (docs/rules/validation.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Bytes that are no text and no zip: the same on every run. */
const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));

async function expectUnreadable(bytes: Buffer, type: string) {
  const { owner, evento } = await shopEvent(t, ['General']);
  const before = await totals(t.db);
  for (const url of [previewUrl(evento), importUrl(evento)]) {
    expectFieldError(await postCsv(t, owner, url, bytes, type), 'archivo', importMessages.unreadable);
  }
  expect(await totals(t.db)).toEqual(before);
}

describe('a file that cannot be read', () => {
  it('refuses garbage bytes named .xlsx', async () => {
    await expectUnreadable(garbage, XLSX_TYPE);
  });

  it('refuses a zip that is not a spreadsheet, whatever it is called', async () => {
    const zip = zipOf({ 'notas.txt': 'Nombre;Email;Tipo\nAna;ana@example.com;General\n' });
    await expectUnreadable(zip, XLSX_TYPE);
    await expectUnreadable(zip, 'application/octet-stream');
  });

  it('refuses an .xlsx cut short', async () => {
    const xlsx = shopExport('eventbrite-attendees.xlsx');
    await expectUnreadable(xlsx.subarray(0, Math.floor(xlsx.length / 2)), XLSX_TYPE);
  });

  it('refuses an Excel 97–2003 .xls, which the import does not read', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), garbage]);
    await expectUnreadable(ole2, 'application/vnd.ms-excel');
  });

  it('refuses an .xlsx that inflates past 96 MB (a zip bomb) before reading it', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const bomb = zipOf(
      { 'xl/worksheets/sheet1.xml': Buffer.alloc(100 * 1024 * 1024, ' ') },
      { deflate: true },
    );
    expect(bomb.length).toBeLessThan(200 * 1024);

    const res = await postCsv(t, owner, previewUrl(evento), bomb, XLSX_TYPE);

    expectFieldError(res, 'archivo', importMessages.spreadsheetTooLarge);
  });

  it('answers garbage bytes sent as a plain file with a 400, never a 500', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const before = await totals(t.db);

    const res = await postCsv(t, owner, importUrl(evento), garbage, 'application/octet-stream');

    expectApiError(res, 400, 'validation_error');
    expect(await totals(t.db)).toEqual(before);
  });
});

describe('a spreadsheet beyond the limits', () => {
  it('refuses 20,001 guests in an .xlsx with 400 and writes nothing', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const rows = Array.from({ length: 20_001 }, (_, i) =>
      [`Invitado ${i}`, `i${i}@example.com`, 'General'].map((value) => ({ value })),
    );
    const header = ['Nombre', 'Email', 'Tipo'].map((value) => ({ value }));
    const sheet = await writeXlsxFile([header, ...rows]).toBuffer();
    const before = await totals(t.db);

    const res = await postCsv(t, owner, importUrl(evento), sheet, XLSX_TYPE);

    expectFieldError(res, 'archivo', importMessages.tooManyRows(20_000));
    expect(await totals(t.db)).toEqual(before);
  });

  it('leaves out the rows of a shop export with NUL characters, and imports the rest', async () => {
    const { owner, evento } = await shopEvent(t, ['General Admission', 'VIP']);
    const text = shopExport('eventbrite-attendees-en.csv')
      .toString('utf8')
      .replace('"Lucía"', '"Lu\u0000cía"')
      .replace('"73104711501187241001"', '"7310471150\u00001187241001"');

    const res = await postCsv(t, owner, importUrl(evento), Buffer.from(text), 'text/csv');

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ pedidosCreados: 9, filasOmitidas: 2 });
  });
});

describe('file bodies on other routes', () => {
  it('are refused with 415 where no file is expected, the mapping included', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);

    for (const type of ['text/csv', XLSX_TYPE]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/eventos/${evento.id}/importar/mapeo`,
        headers: { ...owner.headers, 'content-type': type },
        payload: 'Nombre;Email\n',
      });
      expect(res.statusCode, res.body).toBe(415);
    }
    expect((await call(t, owner, 'GET', `/api/eventos/${evento.id}/importar/mapeo`)).statusCode).toBe(200);
  });
});
