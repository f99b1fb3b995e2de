import { importMessages, type ImportPreview } from '@drinkflow/domain/guest-import';
import { orderMessages } from '@drinkflow/domain/orders';
import { SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/accounts';
import { expectApiError, expectFieldError, postCsv } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { ownedEvent, type OwnedEvent } from '../support/orders';
import { totals } from '../support/stored-orders';
import { excelCsv } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const url = (evento: { id: number }) => `/api/eventos/${evento.id}/importar/previsualizar`;

async function preview(who: Account, evento: { id: number }, csv: Buffer | string, type?: string) {
  const res = await postCsv(t, who, url(evento), csv, type);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

/** An event with the types 'General' and 'Pase Cóctel'. */
async function eventWithTypes(): Promise<OwnedEvent & { coctel: { id: number } }> {
  const owned = await ownedEvent(t);
  const general = await createTicketType(t, owned.owner, owned.evento, { nombre: 'General' });
  const coctel = await createTicketType(t, owned.owner, owned.evento, { nombre: 'Pase Cóctel' });
  return { ...owned, tipo: general, coctel };
}

const row = (linea: number, fields: Record<string, unknown>) => ({
  linea,
  telefono: null,
  cantidad: 1,
  cantidadTexto: fields.cantidad === undefined ? '' : String(fields.cantidad),
  errores: [],
  duplicado: null,
  ...fields,
});

describe('POST /api/eventos/{id}/importar/previsualizar', () => {
  it('reads a ; file in UTF-8 with BOM and CRLF lines, matching types without case or accents', async () => {
    const { owner, evento, tipo, coctel } = await eventWithTypes();
    const csv = Buffer.concat([
      BOM,
      Buffer.from(
        'Nombre completo;Email;Teléfono;Tipo de ticket;Cantidad\r\n' +
          'Íñigo Muñoz;inigo@example.com;+34 611 22 33 44;General;2\r\n' +
          '\r\n' +
          'Ana Pérez;ana@example.com;;pase coctel;10\r\n',
      ),
    ]);

    const result = await preview(owner, evento, csv);

    expect(result).toEqual({
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
    const { owner, evento, tipo } = await eventWithTypes();
    const csv = 'Correo,Nombre,Tipo,Cantidad,Teléfono,Notas\nbea@example.com,Bea Ruiz,GENERAL,,600 1\n';

    const result = await preview(owner, evento, csv, 'text/csv; charset=utf-8');

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

  it('reads Windows-1252 (Spanish Excel) names and headers', async () => {
    const { owner, evento, coctel } = await eventWithTypes();
    const csv = Buffer.from(
      'Nombre;Correo;Teléfono;Tipo;Cantidad\r\nÍñigo Muñoz;inigo@example.com;;Pase Cóctel;3\r\n',
      'latin1',
    );

    const result = await preview(owner, evento, csv, 'application/octet-stream');

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
    const { owner, evento } = await eventWithTypes();
    const euros = await createTicketType(t, owner, evento, { nombre: 'Cóctel 10 €' });
    const csv = excelCsv([
      'Nombre;Correo;Teléfono;Tipo;Cantidad;Notas',
      'Íñigo O’Brien “el Txiki”;inigo@example.com;;Cóctel 10 €;2;‘Mesa 4’ – junto a la barra…',
      'Chloé Œuvray — Šimic;chloe@example.com;+34 611 22 33 44;cóctel 10 €;1;',
    ]);
    expect(csv.subarray(0, 200).includes(0x92)).toBe(true);

    const result = await preview(owner, evento, csv, 'application/octet-stream');

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
    const { owner, evento } = await eventWithTypes();
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

    const nul = await preview(owner, evento, utf8);
    const undefinedBytes = await preview(owner, evento, cp1252);

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

  it('flags a ticket type that matches two types of the event instead of taking one', async () => {
    const { owner, evento, tipo } = await eventWithTypes();
    await createTicketType(t, owner, evento, { nombre: 'VIP' });
    await createTicketType(t, owner, evento, { nombre: 'vip' });
    await createTicketType(t, owner, evento, { nombre: 'Pase Coctel' });
    const csv =
      'Nombre;Email;Tipo\nAna;ana@example.com;VIP\nLuis;luis@example.com; Vip \nEva;eva@example.com;Pase Cóctel\nBea;bea@example.com;General\n';

    const result = await preview(owner, evento, csv);

    expect(result.filas.map((fila) => [fila.linea, fila.ticketTypeId, fila.errores])).toEqual([
      [2, null, [{ field: 'tipoTicket', message: importMessages.ambiguousType('VIP') }]],
      [3, null, [{ field: 'tipoTicket', message: importMessages.ambiguousType('Vip') }]],
      // 'Pase Cóctel' and 'Pase Coctel' are one name without accents.
      [4, null, [{ field: 'tipoTicket', message: importMessages.ambiguousType('Pase Cóctel') }]],
      [5, tipo.id, []],
    ]);
    expect(importMessages.ambiguousType('VIP')).toBe(
      'El tipo de ticket «VIP» coincide con varios tipos de este evento: cambia el nombre de uno de ellos',
    );
  });

  it('reads quoted fields that contain separators, quotes and line breaks', async () => {
    const { owner, evento, tipo } = await eventWithTypes();
    const semicolons = 'Nombre;Email;Tipo\n"Muñoz; Íñigo ""el Txiki""";txiki@example.com;"General"\n';
    const commas =
      'Nombre,Email,Tipo,Cantidad\n"Pérez, Ana",ana@example.com,General,"2"\n"Dos\nlíneas",dos@example.com,General,1\n';

    const first = await preview(owner, evento, semicolons);
    const second = await preview(owner, evento, commas);

    expect(first.filas.map((fila) => fila.nombreCompleto)).toEqual(['Muñoz; Íñigo "el Txiki"']);
    expect(first.filas[0]!.errores).toEqual([]);
    expect(second.filas).toEqual([
      row(2, {
        nombreCompleto: 'Pérez, Ana',
        email: 'ana@example.com',
        tipoTicket: 'General',
        ticketTypeId: tipo.id,
        cantidad: 2,
      }),
      // A name is one line (docs/decisions/052): a cell written over two lines is marked, not imported.
      expect.objectContaining({
        nombreCompleto: 'Dos\nlíneas',
        errores: [{ field: 'nombreCompleto', message: SINGLE_LINE_TEXT_MESSAGE }],
      }),
    ]);
  });

  it('lists each row’s errors in Spanish and counts only the valid rows’ tickets', async () => {
    const { owner, evento } = await eventWithTypes();
    const csv = [
      'Nombre;Email;Tipo;Cantidad',
      'Válida;valida@example.com;General;4',
      'Sin tipo conocido;a@example.com;Platino;1',
      'Mal correo;no-es-email;General;1',
      'Cero;b@example.com;General;0',
      'Once;c@example.com;General;11',
      'Decimal;d@example.com;General;2.5',
      'Hexadecimal;e@example.com;General;0x3',
      'Texto;f@example.com;General;tres',
      'VÁLIDA;VALIDA@example.com;general;2',
      ';g@example.com;General;1',
      'Sin tipo;h@example.com;;1',
      `${'N'.repeat(201)};i@example.com;General;1`,
    ].join('\n');

    const result = await preview(owner, evento, csv);

    const errors = Object.fromEntries(result.filas.map((fila) => [fila.linea, fila.errores]));
    const quantity = [{ field: 'cantidad', message: importMessages.quantity }];
    expect(errors).toEqual({
      2: [],
      3: [{ field: 'tipoTicket', message: 'El tipo de ticket «Platino» no existe en este evento' }],
      4: [{ field: 'email', message: 'Email inválido' }],
      5: quantity,
      6: quantity,
      7: quantity,
      8: quantity,
      9: quantity,
      // The same guest as line 2: valid, marked as a duplicate (tested in duplicates.test.ts).
      10: [],
      11: [{ field: 'nombreCompleto', message: 'El nombre es requerido' }],
      12: [{ field: 'tipoTicket', message: 'Falta el tipo de ticket' }],
      13: [{ field: 'nombreCompleto', message: orderMessages.nombreMax }],
    });
    expect(result.filas.find((fila) => fila.linea === 5)).toMatchObject({ cantidad: null });
    expect(result.filas.find((fila) => fila.linea === 3)).toMatchObject({ ticketTypeId: null });
    expect(result.filas.find((fila) => fila.linea === 10)!.duplicado).toEqual({
      pedidoId: null,
      linea: 2,
      message: 'Repetida: mismo nombre y email que la línea 2',
    });
    expect({ ...result, filas: undefined }).toEqual({
      filas: undefined,
      total: 12,
      validas: 2,
      conErrores: 10,
      duplicados: 1,
      tickets: 6,
      sinCabecera: false,
    });
    // An invalid quantity is echoed as typed, for the preview to show it beside its error.
    expect(result.filas.find((fila) => fila.linea === 9)).toMatchObject({
      cantidad: null,
      cantidadTexto: 'tres',
    });
  });

  it('reads a file without a header row whose first row is a guest, in the template’s column order', async () => {
    const { owner, evento, tipo, coctel } = await eventWithTypes();
    const csv =
      'Ana Pérez;ana@example.com;600111222;General;2\r\nLuis Gil;luis@example.com;;Pase Cóctel;1\r\n';

    const result = await preview(owner, evento, csv);

    expect(result.sinCabecera).toBe(true);
    expect(result.filas).toEqual([
      row(1, {
        nombreCompleto: 'Ana Pérez',
        email: 'ana@example.com',
        telefono: '600111222',
        tipoTicket: 'General',
        ticketTypeId: tipo.id,
        cantidad: 2,
      }),
      row(2, {
        nombreCompleto: 'Luis Gil',
        email: 'luis@example.com',
        tipoTicket: 'Pase Cóctel',
        ticketTypeId: coctel.id,
        cantidadTexto: '1',
      }),
    ]);
    // One guest and no header is one guest, not an empty file.
    const single = await preview(owner, evento, 'Eva Sanz;eva@example.com;;General;1\n');
    expect(single).toMatchObject({ total: 1, validas: 1, sinCabecera: true });
  });

  it('writes nothing', async () => {
    const { owner, evento } = await eventWithTypes();
    const before = await totals(t.db);

    await preview(owner, evento, 'Nombre;Email;Tipo\nAna;ana@example.com;General\n');

    expect(await totals(t.db)).toEqual(before);
  });

  it('refuses a file without a required column with 400 naming the missing ones', async () => {
    const { owner, evento } = await eventWithTypes();

    const res = await postCsv(t, owner, url(evento), 'Nombre;Teléfono;Cantidad\nAna;600;1\n');

    expectFieldError(res, 'archivo', importMessages.missingColumns(['email', 'tipo de ticket']));
  });

  it.each([
    ['an empty body', ''],
    ['only a BOM', BOM],
    ['only the header', 'Nombre;Email;Tipo\r\n'],
    ['only blank lines after the header', 'Nombre;Email;Tipo\n\n;;\n'],
  ])('refuses %s with 400 on archivo', async (_label, csv) => {
    const { owner, evento } = await eventWithTypes();

    const body = expectApiError(await postCsv(t, owner, url(evento), csv), 400, 'validation_error');

    expect(body.details).toEqual([{ field: 'archivo', message: expect.any(String) }]);
  });

  it('refuses more than 10,000 rows with 400', async () => {
    const { owner, evento } = await eventWithTypes();
    const rows = Array.from({ length: 10_001 }, (_, i) => `Invitado ${i};i${i}@example.com;General`);

    const res = await postCsv(t, owner, url(evento), ['Nombre;Email;Tipo', ...rows].join('\n'));

    expectFieldError(res, 'archivo', importMessages.tooManyRows(10_000));
  });

  it('refuses a body over 5 MiB with 413', async () => {
    const { owner, evento } = await eventWithTypes();
    const huge = Buffer.concat([Buffer.from('Nombre;Email;Tipo\n'), Buffer.alloc(5 * 1024 * 1024, 'a')]);

    expectApiError(await postCsv(t, owner, url(evento), huge), 413, 'payload_too_large');
  });
});
