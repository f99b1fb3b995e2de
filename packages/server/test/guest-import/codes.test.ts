import { importMessages } from '@drinkflow/domain/guest-import';
import { SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCsv } from '../support/api';
import { storedOrders } from '../support/stored-orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { countsOf, importFile, importUrl, previewFile, shopEvent, XLSX_TYPE } from './shop-fixtures';

// One code for door and bar (docs/decisions/068, 069): a file's `código` becomes its ticket's QR
// code, unique in the event, each row one ticket; short codes import with a warning.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const file = (...rows: string[]) => Buffer.from(['Nombre;Email;Tipo;Código;Cantidad', ...rows].join('\n'));
const LONG_A = 'A'.repeat(24);
const LONG_B = 'B'.repeat(24);

describe('codes in a guest list', () => {
  it('refuses a code repeated in the file, with more than one ticket, too long or not one line', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);

    const preview = await previewFile(
      t,
      owner,
      evento,
      file(
        `Ana;ana@example.com;General;${LONG_A};`,
        `Luis;luis@example.com;General;${LONG_A};1`,
        `Eva;eva@example.com;General;${LONG_B};2`,
        `Bea;bea@example.com;General;${'C'.repeat(201)};`,
        `Iker;iker@example.com;General;"DDDD\nDDDDDDDDDDDDDDDDDD";`,
        `Noa;noa@example.com;General;E\u0000EEEEEEEEEEEEEEEEEE;`,
      ),
    );

    expect(preview.filas.map((fila) => [fila.linea, fila.accion, fila.errores])).toEqual([
      [2, 'nuevo', []],
      [3, 'error', [{ field: 'codigo', message: importMessages.codeRepeated(2) }]],
      [4, 'error', [{ field: 'cantidad', message: importMessages.oneTicketPerCode }]],
      [5, 'error', [{ field: 'codigo', message: importMessages.codeTooLong }]],
      // A record over two lines is numbered by its last line, as every row of a CSV is.
      [7, 'error', [{ field: 'codigo', message: SINGLE_LINE_TEXT_MESSAGE }]],
      [8, 'error', [{ field: 'codigo', message: importMessages.invalidCharacters }]],
    ]);
    expect(importMessages.codeRepeated(2)).toBe('Código repetido: ya está en la línea 2');
    expect(importMessages.oneTicketPerCode).toBe('Con código, cada fila es un solo ticket');
  });

  it('keys a row without shop id by its code: the same code again is the same guest, another guest’s code an error', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    await importFile(t, owner, evento, file(`Ana;ana@example.com;General;${LONG_A};`));
    const [ana] = (await storedOrders(t.db, evento.id)).orders;
    const withIds = (...rows: string[]) =>
      Buffer.from(['Nombre;Email;Tipo;Código;Id externo', ...rows].join('\n'));

    const again = await previewFile(t, owner, evento, file(`Ana García;otra@example.com;General;${LONG_A};`));
    const taken = await previewFile(t, owner, evento, withIds(`Luis;luis@example.com;General;${LONG_A};P-2`));

    expect(again.filas[0]).toMatchObject({ accion: 'ya_importado', pedidoId: ana!.id, errores: [] });
    expect(taken.filas[0]).toMatchObject({
      accion: 'error',
      errores: [{ field: 'codigo', message: importMessages.codeInEvent(ana!.id) }],
    });
    expect(importMessages.codeInEvent(7)).toBe(
      'El código ya es de otro invitado de este evento (pedido n.º 7)',
    );
  });

  it('imports a code another event already uses: codes are unique per event', async () => {
    const first = await shopEvent(t, ['General']);
    const second = await shopEvent(t, ['General'], first.owner);
    const list = file(`Ana;ana@example.com;General;${LONG_A};`);
    await importFile(t, first.owner, first.evento, list);

    const result = await importFile(t, first.owner, second.evento, list);

    expect(result).toMatchObject({ pedidosCreados: 1, ticketsCreados: 1 });
    const { tickets } = await storedOrders(t.db, second.evento.id);
    expect(tickets.map((ticket) => ticket.qrCode)).toEqual([LONG_A]);
  });

  it('warns about codes shorter than 16 characters and counts them in the preview and the result', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const list = file(
      'Ana;ana@example.com;General;Q7XK2M9P;',
      `Luis;luis@example.com;General;${'F'.repeat(15)};`,
      `Eva;eva@example.com;General;${'G'.repeat(16)};`,
    );

    const preview = await previewFile(t, owner, evento, list);
    const result = await importFile(t, owner, evento, list);

    expect(preview.filas.map((fila) => fila.avisos)).toEqual([
      [importMessages.shortCode],
      [importMessages.shortCode],
      [],
    ]);
    expect(countsOf(preview).codigosCortos).toBe(2);
    expect(result).toMatchObject({ pedidosCreados: 3, codigosCortos: 2 });
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.map((ticket) => ticket.qrCode)).toEqual(['Q7XK2M9P', 'F'.repeat(15), 'G'.repeat(16)]);
  });

  it('reads an .xlsx whatever its Content-Type: a 20-digit barcode intact, numbers and dates as shown', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const barcode = '98765432109876543210';
    const sheet = await writeXlsxFile([
      ['Nombre', 'Email', 'Teléfono', 'Tipo', 'Código', 'Fecha'].map((value) => ({ value })),
      [
        { value: 'Ana Pérez' },
        { value: 'ana@example.com' },
        { type: Number, value: 600111222 },
        { value: 'General' },
        { value: barcode },
        { type: Date, value: new Date(Date.UTC(2026, 10, 28, 21, 5)), format: 'dd/mm/yyyy hh:mm' },
      ],
    ]).toBuffer();

    const preview = await previewFile(t, owner, evento, sheet);
    const res = await postCsv(t, owner, importUrl(evento), sheet, XLSX_TYPE);

    expect(preview.filas[0]).toMatchObject({ telefono: '600111222', codigo: barcode, accion: 'nuevo' });
    expect(preview.columnas.at(-1)).toMatchObject({ cabecera: 'Fecha', ejemplo: '28/11/2026 21:05' });
    expect(res.statusCode, res.body).toBe(201);
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.map((ticket) => ticket.qrCode)).toEqual([barcode]);
  });
});
