import { importMessages } from '@drinkflow/domain/guest-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/api';
import { expectScan, scannerClient } from '../support/scanner';
import { storedOrders, totals } from '../support/stored-orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { countsOf, importFile, postImport, previewFile, shopEvent, shopExport } from './shop-fixtures';

// Re-importing a shop's later export is a sync (docs/decisions/068): only the new attendees are
// created, the refunded and cancelled ones lose their tickets, and no guest is ever created twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIRST = 'eventbrite-attendees-en.csv';
const LATER = 'eventbrite-attendees-en-later.csv';
/** Pablo Muñoz's and Begoña Martínez's barcodes: refunded and cancelled in the later export. */
const PABLO = '73104733841187243001';
const BEGONA = '7310501846118727001';
const LUCIA = '73104588211187230001';

async function importedEvent() {
  const target = await shopEvent(t, ['General Admission', 'VIP']);
  await importFile(t, target.owner, target.evento, FIRST);
  return target;
}

describe('re-importing a shop export', () => {
  it('creates nothing when the same export comes again', async () => {
    const { owner, evento } = await importedEvent();
    const before = await totals(t.db);

    const preview = await previewFile(t, owner, evento, FIRST);
    const res = await postImport(t, owner, evento, FIRST);

    expect(countsOf(preview)).toMatchObject({ nuevos: 0, yaImportados: 11, cancelados: 1, anulados: 0 });
    expect(
      preview.filas.filter((fila) => fila.accion === 'ya_importado').every((fila) => fila.pedidoId),
    ).toBe(true);
    expectFieldError(res, 'archivo', importMessages.nothingNew);
    expect(await totals(t.db)).toEqual(before);
  });

  it('adds the new attendees of the later export and invalidates the refunded and cancelled ones', async () => {
    const { owner, evento } = await importedEvent();
    const { orders: firstOrders } = await storedOrders(t.db, evento.id);
    const orderOf = (nombre: string) => firstOrders.find((order) => order.nombreCompleto === nombre)!.id;

    const preview = await previewFile(t, owner, evento, LATER);
    expect(countsOf(preview)).toMatchObject({
      total: 15,
      nuevos: 3,
      yaImportados: 9,
      anulados: 2,
      ticketsAnulados: 2,
      cancelados: 1,
      tickets: 3,
    });
    expect(
      preview.filas
        .filter((fila) => fila.accion === 'anular')
        .map(({ nombreCompleto, pedidoId }) => [nombreCompleto, pedidoId]),
    ).toEqual([
      ['Pablo Muñoz Ibáñez', orderOf('Pablo Muñoz Ibáñez')],
      ['Begoña Martínez Llorente', orderOf('Begoña Martínez Llorente')],
    ]);

    const result = await importFile(t, owner, evento, LATER);

    expect(result).toEqual({
      pedidosCreados: 3,
      ticketsCreados: 3,
      filasOmitidas: 0,
      duplicadosOmitidos: 0,
      yaImportados: 9,
      omitidosPorTipo: 0,
      codigosCortos: 0,
      anulados: [
        { pedidoId: orderOf('Pablo Muñoz Ibáñez'), nombreCompleto: 'Pablo Muñoz Ibáñez', tickets: 1 },
        {
          pedidoId: orderOf('Begoña Martínez Llorente'),
          nombreCompleto: 'Begoña Martínez Llorente',
          tickets: 1,
        },
      ],
      ticketsAnulados: 2,
    });
    const { orders, tickets } = await storedOrders(t.db, evento.id);
    expect(orders).toHaveLength(14);
    expect(new Set(orders.map((order) => order.idExterno)).size).toBe(14);
    expect(new Set(tickets.map((ticket) => ticket.qrCode)).size).toBe(14);
    expect(tickets.filter((ticket) => ticket.estado === 'invalidado').map((ticket) => ticket.qrCode)).toEqual(
      [PABLO, BEGONA],
    );

    // The same later export once more: what was invalidated is already invalid, nothing is new.
    const again = await previewFile(t, owner, evento, LATER);
    expect(countsOf(again)).toMatchObject({ nuevos: 0, yaImportados: 12, anulados: 0, cancelados: 1 });
    expect(again.filas.filter((fila) => fila.accion === 'ya_anulado')).toHaveLength(2);
    expectFieldError(await postImport(t, owner, evento, LATER), 'archivo', importMessages.nothingNew);
  });

  it('has the scanner refuse the cancelled tickets, also one it remembers from an earlier scan', async () => {
    const { owner, evento } = await importedEvent();
    const scanner = scannerClient(t, evento.apiKey);
    // Scanned once at the door: this process now decides Pablo's next scans from memory.
    expectScan(await scanner.consume({ qrCode: PABLO }), { success: true, reason: 'ok' });

    await importFile(t, owner, evento, LATER);

    expectScan(await scanner.consume({ qrCode: PABLO }), { success: false, reason: 'invalidado' });
    expectScan(await scanner.consume({ qrCode: BEGONA }), { success: false, reason: 'invalidado' });
    expectScan(await scanner.consume({ qrCode: LUCIA }), { success: true, reason: 'ok' });
  });

  it('invalidates only the one ticket of a pretix position canceled later (matched by its secret)', async () => {
    const { owner, evento } = await shopEvent(t, ['Entrada general', 'Pase VIP']);
    await importFile(t, owner, evento, 'pretix-attendees.csv');
    const tomas = 'p8hrx2ncvq6dkz4mwt9bsy3fj7ea5gu2';
    const later = Buffer.from(
      shopExport('pretix-attendees.csv')
        .toString('utf8')
        .split('\n')
        .map((line) => (line.includes(tomas) ? line.replace('"paid"', '"canceled"') : line))
        .join('\n'),
    );

    const result = await importFile(t, owner, evento, later);

    expect(result).toMatchObject({ pedidosCreados: 0, ticketsAnulados: 1, yaImportados: 7 });
    expect(result.anulados).toEqual([
      expect.objectContaining({ nombreCompleto: 'Tomás Moreno Díaz', tickets: 1 }),
    ]);
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.filter((ticket) => ticket.estado === 'invalidado').map((ticket) => ticket.qrCode)).toEqual(
      [tomas],
    );
  });

  it('invalidates every ticket of the order a cancelled row names by name and email, without shop ids', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const list = (estado: string) =>
      Buffer.from(
        `Nombre;Email;Tipo;Cantidad;Estado\nAna Pérez;ana@example.com;General;3;${estado}\nLuis Gil;luis@example.com;General;1;Pagado\n`,
      );
    await importFile(t, owner, evento, list('Pagado'));

    const preview = await previewFile(t, owner, evento, list('Reembolsado'));
    const result = await importFile(t, owner, evento, list('Reembolsado'));

    expect(preview.filas.map((fila) => fila.accion)).toEqual(['anular', 'duplicado']);
    expect(countsOf(preview)).toMatchObject({ anulados: 1, ticketsAnulados: 3, duplicados: 1 });
    expect(result).toMatchObject({ pedidosCreados: 0, ticketsAnulados: 3, duplicadosOmitidos: 1 });
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.map((ticket) => ticket.estado)).toEqual([
      'invalidado',
      'invalidado',
      'invalidado',
      'activo',
    ]);
  });

  it('creates each attendee once when the same export is imported several times at once', async () => {
    const { owner, evento } = await shopEvent(t, ['General Admission', 'VIP']);

    const answers = await Promise.all(Array.from({ length: 3 }, () => postImport(t, owner, evento, FIRST)));

    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400]);
    for (const res of answers.filter((answer) => answer.statusCode === 400)) {
      expectFieldError(res, 'archivo', importMessages.nothingNew);
    }
    const { orders, tickets } = await storedOrders(t.db, evento.id);
    expect(orders).toHaveLength(11);
    expect(tickets).toHaveLength(11);
  });
});
