import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../src/modules/exports/csv';

describe('csvCell', () => {
  it('leaves plain text, accents and numbers as they are; null and undefined are empty', () => {
    expect(csvCell('Lucía Fernández')).toBe('Lucía Fernández');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell holding the separator, a quote, a CR or a LF, doubling the quotes', () => {
    expect(csvCell('Pérez; Ana')).toBe('"Pérez; Ana"');
    expect(csvCell('Juan "el Rápido"')).toBe('"Juan ""el Rápido"""');
    expect(csvCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
    expect(csvCell('retorno\rde carro')).toBe('"retorno\rde carro"');
    expect(csvCell('coma, no separa')).toBe('coma, no separa');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+34 600 111 222', "'+34 600 111 222"],
    ['-5', "'-5"],
    ['@SUMA(A1)', "'@SUMA(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('guards %j, which a spreadsheet would read as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('guards first, then quotes: the apostrophe goes inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://malo.example";"clic")')).toBe(
      `"'=HYPERLINK(""http://malo.example"";""clic"")"`,
    );
  });

  it('guards only the first character: a sign inside the text is left alone', () => {
    expect(csvCell('Ana-María')).toBe('Ana-María');
    expect(csvCell('ana@example.com')).toBe('ana@example.com');
  });
});

describe('csvRow', () => {
  it('joins the cells with ";" and ends the line with CRLF', () => {
    expect(csvRow(['Fecha', 'Ticket', null, 7, 'a;b'])).toBe('Fecha;Ticket;;7;"a;b"\r\n');
  });
});
