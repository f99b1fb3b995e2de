import { importMessages } from '@drinkflow/domain/guest-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { excelCsv } from './fixtures';
import { BOM, eventWithTypes, preview, row } from './preview-fixtures';

// How the preview reads a guest list's bytes: separators, encodings, headers' aliases and the
// characters it cannot read (the rows' checks and refusals are in preview.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/eventos/{id}/importar/previsualizar', () => {
  it('reads a ; file in UTF-8 with BOM and CRLF lines, matching types without case or accents', async () => {
    const { owner, evento, tipo, coctel } = await eventWithTypes(t);
    const csv = Buffer.concat([
      BOM,
      Buffer.from(
        'Nombre completo;Email;Teléfono;Tipo de ticket;Cantidad\r\n' +
          'Íñigo Muñoz;inigo@example.com;+34 611 22 33 44;General;2\r\n' +
          '\r\n' +
          'Ana Pérez;ana@example.com;;pase coctel;10\r\n',
      ),
    ]);

    const result = await preview(t, owner, evento, csv);

    expect(result).toMatchObject({
      formato: 'plantilla',
      faltan: [],
      filas: [
        row(2, {
          nombreCompleto: 'Íñigo Muñoz',
          email: 'inigo@example.com',
          telefono: '+34 611 22 33 44',
          tipoTicket: 'General',
          ticketTypeId: tipo.id,
          cantidad: 2,
        }),
        row(4, {
          nombreCompleto: 'Ana Pérez',
          email: 'ana@example.com',
          tipoTicket: 'pase coctel',
          ticketTypeId: coctel.id,
          cantidad: 10,
        }),
      ],
      total: 2,
      validas: 2,
      conErrores: 0,
      duplicados: 0,
      tickets: 12,
      sinCabecera: false,
    });
  });

  it("reads a , file in UTF-8 without BOM, with the aliases 'Nombre', 'Correo', 'Teléfono', 'Tipo', 'Cantidad'", async () => {
    const { owner, evento, tipo } = await eventWithTypes(t);
    const csv = 'Correo,Nombre,Tipo,Cantidad,Teléfono,Notas\nbea@example.com,Bea Ruiz,GENERAL,,600 1\n';

    const result = await preview(t, owner, evento, csv, 'text/csv; charset=utf-8');

    expect(result.filas).toEqual([
      row(2, {
        nombreCompleto: 'Bea Ruiz',
        email: 'bea@example.com',
        telefono: '600 1',
        tipoTicket: 'GENERAL',
        ticketTypeId: tipo.id,
      }),
    ]);
  });

  it('reads Excel’s "Texto Unicode": UTF-16 with its BOM, tab-separated', async () => {
    const { owner, evento, coctel } = await eventWithTypes(t);
    const text = 'Nombre\tCorreo\tTipo\r\nÍñigo Muñoz; “el Txiki”\tinigo@example.com\tPase Cóctel\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

    const result = await preview(t, owner, evento, utf16, 'application/octet-stream');

    expect(result.filas).toEqual([
      row(2, {
        nombreCompleto: 'Íñigo Muñoz; “el Txiki”',
        email: 'inigo@example.com',
        tipoTicket: 'Pase Cóctel',
        ticketTypeId: coctel.id,
      }),
    ]);
  });

  it('reads Windows-1252 (Spanish Excel) names and headers', async () => {
    const { owner, evento, coctel } = await eventWithTypes(t);
    const csv = Buffer.from(
      'Nombre;Correo;Teléfono;Tipo;Cantidad\r\nÍñigo Muñoz;inigo@example.com;;Pase Cóctel;3\r\n',
      'latin1',
    );

    const result = await preview(t, owner, evento, csv, 'application/octet-stream');

    expect(result.filas).toEqual([
      row(2, {
        nombreCompleto: 'Íñigo Muñoz',
        email: 'inigo@example.com',
        tipoTicket: 'Pase Cóctel',
        ticketTypeId: coctel.id,
        cantidad: 3,
      }),
    ]);
  });

  it('reads the punctuation and € of a Spanish Excel CSV (Windows-1252 bytes 0x80–0x9F)', async () => {
    const { owner, evento } = await eventWithTypes(t);
    const euros = await createTicketType(t, owner, evento, { nombre: 'Cóctel 10 €' });
    const csv = excelCsv([
      'Nombre;Correo;Teléfono;Tipo;Cantidad;Notas',
      'Íñigo O’Brien “el Txiki”;inigo@example.com;;Cóctel 10 €;2;‘Mesa 4’ – junto a la barra…',
      'Chloé Œuvray — Šimic;chloe@example.com;+34 611 22 33 44;cóctel 10 €;1;',
    ]);
    expect(csv.subarray(0, 200).includes(0x92)).toBe(true);

    const result = await preview(t, owner, evento, csv, 'application/octet-stream');

    expect(result.filas).toEqual([
      row(2, {
        nombreCompleto: 'Íñigo O’Brien “el Txiki”',
        email: 'inigo@example.com',
        tipoTicket: 'Cóctel 10 €',
        ticketTypeId: euros.id,
        cantidad: 2,
      }),
      row(3, {
        nombreCompleto: 'Chloé Œuvray — Šimic',
        email: 'chloe@example.com',
        telefono: '+34 611 22 33 44',
        tipoTicket: 'cóctel 10 €',
        ticketTypeId: euros.id,
        cantidadTexto: '1',
      }),
    ]);
  });

  it('flags a cell with a NUL character or bytes Windows-1252 does not define, in Spanish', async () => {
    const { owner, evento } = await eventWithTypes(t);
    const utf8 =
      'Nombre;Email;Teléfono;Tipo\nAna\u0000 Pérez;ana@example.com;;General\nLuis;luis@example.com;600\u0000111;General\n';
    // 0x81, 0x8D, 0x8F, 0x90 and 0x9D are no character in Windows-1252.
    const cp1252 = Buffer.concat([
      Buffer.from('Nombre;Email;Tipo\r\nJos', 'latin1'),
      Buffer.from([0x81]),
      Buffer.from(' Gal\xe1n;jose@example.com;General\r\nBea;bea@example.com;Gene', 'latin1'),
      Buffer.from([0x9d]),
      Buffer.from('ral\r\nEva;eva@example.com;General\r\n', 'latin1'),
    ]);

    const nul = await preview(t, owner, evento, utf8);
    const undefinedBytes = await preview(t, owner, evento, cp1252);

    const invalid = (field: string) => [{ field, message: importMessages.invalidCharacters }];
    expect(nul.filas.map((fila) => fila.errores)).toEqual([invalid('nombreCompleto'), invalid('telefono')]);
    expect(nul).toMatchObject({ validas: 0, conErrores: 2, tickets: 0 });
    expect(undefinedBytes.filas.map((fila) => [fila.nombreCompleto, fila.errores])).toEqual([
      ['Jos\uFFFD Galán', invalid('nombreCompleto')],
      ['Bea', invalid('tipoTicket')],
      ['Eva', []],
    ]);
    expect(undefinedBytes.filas[1]!.ticketTypeId).toBeNull();
    expect(importMessages.invalidCharacters).toBe(
      'Contiene caracteres no válidos (nulos o ilegibles): corrígelo o guarda el archivo como «CSV UTF-8»',
    );
  });
});
