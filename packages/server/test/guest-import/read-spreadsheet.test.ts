import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { boundedZip } from '../../src/modules/guest-import/bounded-zip';
import { numberText, readSpreadsheetRows } from '../../src/modules/guest-import/read-spreadsheet';

// How a spreadsheet's cells become the text the import reads: as a person sees them in the sheet.

describe('numberText', () => {
  it.each([
    ['600111222', '600111222'],
    ['12345678901234567891', '12345678901234567891'],
    ['-3', '-3'],
    [' 7 ', '7'],
    ['12.0', '12'],
    ['2.5', '2.5'],
    ['1E-3', '0.001'],
    ['1.2345678901234567E+19', '12345678901234567168'],
  ])('writes the stored number %j as %j', (stored, shown) => {
    expect(numberText(stored)).toBe(shown);
  });
});

describe('an .xlsx whose barcode is stored as a number', () => {
  it('keeps all 20 digits, which a JavaScript number would round', async () => {
    const written = await writeXlsxFile([
      [{ value: 'Código' }],
      [{ type: Number, value: 1.5e19 }],
    ]).toBuffer();
    // The sheet as another program writes it: the digits of the number stored as they are.
    const stored = boundedZip(written);
    const sheet = Buffer.from(
      stored.toString('latin1').replace('15000000000000000000', '12345678901234567891'),
      'latin1',
    );
    expect(Number('12345678901234567891').toString()).not.toBe('12345678901234567891');

    expect(await readSpreadsheetRows(sheet)).toEqual([
      { line: 1, cells: ['Código'] },
      { line: 2, cells: ['12345678901234567891'] },
    ]);
  });
});
