import { importMessages } from '@drinkflow/domain/guest-import';
import { orderMessages } from '@drinkflow/domain/orders';
import { SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectFieldError, postCsv } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { totals } from '../support/stored-orders';
import { BOM, eventWithTypes, preview, previewUrl, row } from './preview-fixtures';

// The preview's rows: their types, quoted cells, errors and counts, and the files it refuses
// (how it reads a file's encoding is in preview-encodings.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/eventos/{id}/importar/previsualizar', () => {
  it('holds a ticket type that matches two types of the event instead of taking one', async () => {
    const { owner, evento, tipo } = await eventWithTypes(t);
    await createTicketType(t, owner, evento, { nombre: 'VIP' });
    await createTicketType(t, owner, evento, { nombre: 'vip' });
    await createTicketType(t, owner, evento, { nombre: 'Pase Coctel' });
    const csv =
      'Nombre;Email;Tipo\nAna;ana@example.com;VIP\nLuis;luis@example.com; Vip \nEva;eva@example.com;Pase Cóctel\nBea;bea@example.com;General\n';

    const result = await preview(t, owner, evento, csv);

    expect(result.filas.map((fila) => [fila.linea, fila.ticketTypeId, fila.accion, fila.avisos])).toEqual([
      [2, null, 'sin_tipo', [importMessages.ambiguousType('VIP')]],
      [3, null, 'sin_tipo', [importMessages.ambiguousType('Vip')]],
      // 'Pase Cóctel' and 'Pase Coctel' are one name without accents.
      [4, null, 'sin_tipo', [importMessages.ambiguousType('Pase Cóctel')]],
      [5, tipo.id, 'nuevo', []],
    ]);
    expect(result.filas.every((fila) => fila.errores.length === 0)).toBe(true);
    expect(result.tiposArchivo).toEqual([
      { texto: 'VIP', filas: 2, ticketTypeId: null, decidido: false },
      { texto: 'Pase Cóctel', filas: 1, ticketTypeId: null, decidido: false },
      { texto: 'General', filas: 1, ticketTypeId: tipo.id, decidido: true },
    ]);
    expect(result).toMatchObject({ sinTipo: 3, nuevos: 1, tickets: 1 });
    expect(importMessages.ambiguousType('VIP')).toBe(
      'El tipo de ticket «VIP» coincide con varios tipos de este evento: elige uno o cambia el nombre de uno de ellos',
    );
  });

  it('reads quoted fields that contain separators, quotes and line breaks', async () => {
    const { owner, evento, tipo } = await eventWithTypes(t);
    const semicolons = 'Nombre;Email;Tipo\n"Muñoz; Íñigo ""el Txiki""";txiki@example.com;"General"\n';
    const commas =
      'Nombre,Email,Tipo,Cantidad\n"Pérez, Ana",ana@example.com,General,"2"\n"Dos\nlíneas",dos@example.com,General,1\n';

    const first = await preview(t, owner, evento, semicolons);
    const second = await preview(t, owner, evento, commas);

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

  it('lists each row’s errors in Spanish and counts only the tickets of the rows to create', async () => {
    const { owner, evento } = await eventWithTypes(t);
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

    const result = await preview(t, owner, evento, csv);

    const errors = Object.fromEntries(result.filas.map((fila) => [fila.linea, fila.errores]));
    const quantity = [{ field: 'cantidad', message: importMessages.quantity }];
    expect(errors).toEqual({
      2: [],
      // A type the event lacks is no error: the row waits for the type to be chosen (sin_tipo).
      3: [],
      4: [{ field: 'email', message: 'Email inválido' }],
      5: quantity,
      6: quantity,
      7: quantity,
      8: quantity,
      9: quantity,
      // The same guest as line 2: valid, marked as a duplicate (tested in duplicates.test.ts).
      10: [],
      11: [{ field: 'nombreCompleto', message: 'El nombre es requerido' }],
      12: [],
      13: [{ field: 'nombreCompleto', message: orderMessages.nombreMax }],
    });
    expect(result.filas.find((fila) => fila.linea === 5)).toMatchObject({ cantidad: null });
    expect(result.filas.find((fila) => fila.linea === 3)).toMatchObject({
      ticketTypeId: null,
      accion: 'sin_tipo',
    });
    expect(result.filas.find((fila) => fila.linea === 10)!.duplicado).toEqual({
      pedidoId: null,
      linea: 2,
      message: 'Repetida: mismo nombre y email que la línea 2',
    });
    expect(result).toMatchObject({
      total: 12,
      validas: 4,
      conErrores: 8,
      duplicados: 1,
      tickets: 6,
      sinCabecera: false,
      nuevos: 1,
      sinTipo: 2,
    });
    expect(result.tiposArchivo).toEqual([
      { texto: 'General', filas: 2, ticketTypeId: expect.any(Number), decidido: true },
      { texto: 'Platino', filas: 1, ticketTypeId: null, decidido: false },
      { texto: '', filas: 1, ticketTypeId: null, decidido: false },
    ]);
    // An invalid quantity is echoed as typed, for the preview to show it beside its error.
    expect(result.filas.find((fila) => fila.linea === 9)).toMatchObject({
      cantidad: null,
      cantidadTexto: 'tres',
    });
  });

  it('reads a file without a header row whose first row is a guest, in the template’s column order', async () => {
    const { owner, evento, tipo, coctel } = await eventWithTypes(t);
    const csv =
      'Ana Pérez;ana@example.com;600111222;General;2\r\nLuis Gil;luis@example.com;;Pase Cóctel;1\r\n';

    const result = await preview(t, owner, evento, csv);

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
    const single = await preview(t, owner, evento, 'Eva Sanz;eva@example.com;;General;1\n');
    expect(single).toMatchObject({ total: 1, validas: 1, sinCabecera: true });
  });

  it('writes nothing', async () => {
    const { owner, evento } = await eventWithTypes(t);
    const before = await totals(t.db);

    await preview(t, owner, evento, 'Nombre;Email;Tipo\nAna;ana@example.com;General\n');

    expect(await totals(t.db)).toEqual(before);
  });

  it('answers the columns and the missing required fields, and no rows, when a file lacks one', async () => {
    const { owner, evento } = await eventWithTypes(t);

    const result = await preview(t, owner, evento, 'Nombre;Teléfono;Cantidad\nAna;600;1\n');

    expect(result).toMatchObject({
      formato: 'otro',
      formatoNombre: 'Otro archivo',
      columnas: [
        { indice: 0, cabecera: 'Nombre', campo: 'nombreCompleto', ejemplo: 'Ana' },
        { indice: 1, cabecera: 'Teléfono', campo: 'telefono', ejemplo: '600' },
        { indice: 2, cabecera: 'Cantidad', campo: 'cantidad', ejemplo: '1' },
      ],
      faltan: ['email'],
      tiposArchivo: [],
      filas: [],
      total: 0,
      validas: 0,
      nuevos: 0,
    });
  });

  it.each([
    ['an empty body', ''],
    ['only a BOM', BOM],
    ['only the header', 'Nombre;Email;Tipo\r\n'],
    ['only blank lines after the header', 'Nombre;Email;Tipo\n\n;;\n'],
  ])('refuses %s with 400 on archivo', async (_label, csv) => {
    const { owner, evento } = await eventWithTypes(t);

    const body = expectApiError(await postCsv(t, owner, previewUrl(evento), csv), 400, 'validation_error');

    expect(body.details).toEqual([{ field: 'archivo', message: expect.any(String) }]);
  });

  it('refuses more than 20,000 rows with 400', async () => {
    const { owner, evento } = await eventWithTypes(t);
    const rows = Array.from({ length: 20_001 }, (_, i) => `Invitado ${i};i${i}@example.com;General`);

    const res = await postCsv(t, owner, previewUrl(evento), ['Nombre;Email;Tipo', ...rows].join('\n'));

    expectFieldError(res, 'archivo', importMessages.tooManyRows(20_000));
  });

  it('refuses a body over 16 MiB with 413', async () => {
    const { owner, evento } = await eventWithTypes(t);
    const huge = Buffer.concat([Buffer.from('Nombre;Email;Tipo\n'), Buffer.alloc(16 * 1024 * 1024, 'a')]);

    expectApiError(await postCsv(t, owner, previewUrl(evento), huge), 413, 'payload_too_large');
  });
});
