import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { storedOrders } from '../support/stored-orders';
import { countsOf, importFile, previewFile, saveMapping, shopEvent } from './shop-fixtures';

// Each sample export of a shop (test/fixtures/shop-exports) is recognised, previewed with exact
// counts and imported as it is: names joined, codes kept as the shop wrote them, cancelled rows out.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noSync = { yaImportados: 0, anulados: 0, ticketsAnulados: 0, duplicados: 0, omitidosPorTipo: 0 };

describe('a shop export previewed and imported as it is', () => {
  it.each([
    ['eventbrite-attendees-en.csv', ['General Admission', 'VIP']],
    ['eventbrite-attendees.xlsx', ['General Admission', 'VIP']],
  ])(
    'Eventbrite in English (%s): 11 attendees with their barcodes, the refunded one left out',
    async (file, types) => {
      const { owner, evento } = await shopEvent(t, types);

      const preview = await previewFile(t, owner, evento, file);

      expect(countsOf(preview)).toEqual({
        formato: 'eventbrite',
        formatoNombre: 'Eventbrite (asistentes)',
        faltan: [],
        sinCabecera: false,
        total: 12,
        validas: 12,
        conErrores: 0,
        tickets: 11,
        nuevos: 11,
        cancelados: 1,
        sinTipo: 0,
        codigosCortos: 0,
        ...noSync,
      });
      expect(preview.filas[0]).toMatchObject({
        nombreCompleto: 'Lucía García Fernández',
        email: 'lucia.garcia@example.com',
        telefono: '+34 611 22 33 44',
        codigo: '73104588211187230001',
        idExterno: '11872300451',
        estado: 'Attending',
        accion: 'nuevo',
      });
      expect(preview.filas.find((fila) => fila.estado === 'Refunded')).toMatchObject({
        nombreCompleto: 'Nerea Etxeberria Goñi',
        accion: 'cancelado',
      });

      const result = await importFile(t, owner, evento, file);

      expect(result).toMatchObject({ pedidosCreados: 11, ticketsCreados: 11, codigosCortos: 0 });
      const stored = await storedOrders(t.db, evento.id);
      const newRows = preview.filas.filter((fila) => fila.accion === 'nuevo');
      expect(stored.orders.map((order) => [order.nombreCompleto, order.idExterno])).toEqual(
        newRows.map((fila) => [fila.nombreCompleto, fila.idExterno]),
      );
      // Barcodes of 19, 20 and 21 digits, exactly as the shop printed them on the tickets.
      expect(stored.tickets.map((ticket) => ticket.qrCode)).toEqual(newRows.map((fila) => fila.codigo));
      expect(stored.tickets.map((ticket) => ticket.qrCode.length)).toEqual(
        expect.arrayContaining([19, 20, 21]),
      );
    },
  );

  it('Eventbrite in Spanish (Windows-1252, ;): 5 attendees, the Reembolsado one left out', async () => {
    const { owner, evento } = await shopEvent(t, ['Entrada general', 'VIP']);

    const preview = await previewFile(t, owner, evento, 'eventbrite-asistentes-es.csv');

    expect(countsOf(preview)).toMatchObject({
      formato: 'eventbrite',
      total: 6,
      validas: 6,
      nuevos: 5,
      cancelados: 1,
      tickets: 5,
      sinTipo: 0,
      ...noSync,
    });
    expect(preview.filas.map((fila) => fila.nombreCompleto)).toContain('José Ángel Peña Ibáñez');
    expect(await importFile(t, owner, evento, 'eventbrite-asistentes-es.csv')).toMatchObject({
      pedidosCreados: 5,
      ticketsCreados: 5,
    });
  });

  it('pretix positions: a ticket per secret, the canceled order’s 3 left out, the order’s email when the attendee has none', async () => {
    const { owner, evento } = await shopEvent(t, ['Entrada general', 'Pase VIP']);

    const preview = await previewFile(t, owner, evento, 'pretix-attendees.csv');

    expect(countsOf(preview)).toEqual({
      formato: 'pretix_asistentes',
      formatoNombre: 'pretix (asistentes)',
      faltan: [],
      sinCabecera: false,
      total: 11,
      validas: 11,
      conErrores: 0,
      tickets: 8,
      nuevos: 8,
      cancelados: 3,
      sinTipo: 0,
      codigosCortos: 2,
      ...noSync,
    });
    expect(preview.filas.find((fila) => fila.nombreCompleto === 'Koldo Arrieta Larrañaga')).toMatchObject({
      email: 'maite.larranaga@example.org',
    });
    expect(preview.filas.filter((fila) => fila.avisos.length > 0).map((fila) => fila.codigo)).toEqual([
      'Q7XK2M9P',
      'ZB4R8W2C',
    ]);
    expect(preview.filas.every((fila) => fila.email !== '')).toBe(true);

    const result = await importFile(t, owner, evento, 'pretix-attendees.csv');

    expect(result).toMatchObject({ pedidosCreados: 8, ticketsCreados: 8, codigosCortos: 2 });
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.map((ticket) => ticket.qrCode)).toContain('m7z2wq9xk4hfp3tdnbc8yv6ejr5ga2us');
  });

  it('pretix orders: no ticket-type column, so "(sin tipo)" is mapped once; Positions tickets per order', async () => {
    const { owner, evento, types } = await shopEvent(t, ['General']);

    const before = await previewFile(t, owner, evento, 'pretix-orders.csv');
    expect(before.tiposArchivo).toEqual([{ texto: '', filas: 7, ticketTypeId: null, decidido: false }]);
    expect(countsOf(before)).toMatchObject({
      formato: 'pretix_pedidos',
      sinTipo: 6,
      cancelados: 1,
      nuevos: 0,
    });
    await saveMapping(t, owner, evento, { tipos: { '': types.General!.id } });

    const preview = await previewFile(t, owner, evento, 'pretix-orders.csv');

    expect(countsOf(preview)).toMatchObject({ total: 7, nuevos: 6, cancelados: 1, sinTipo: 0, tickets: 8 });
    expect(await importFile(t, owner, evento, 'pretix-orders.csv')).toMatchObject({
      pedidosCreados: 6,
      ticketsCreados: 8,
    });
    const { orders } = await storedOrders(t.db, evento.id);
    expect(orders.map((order) => order.idExterno)).toEqual([
      'K3QTA',
      'P9DLX',
      'H7CNV',
      'J4FSE',
      'R6YBG',
      'T3NHD',
    ]);
  });

  it('another shop’s file (tab-separated) asks for the name column and reads nothing until then', async () => {
    const { owner, evento } = await shopEvent(t, ['General', 'VIP']);

    const preview = await previewFile(t, owner, evento, 'other-shop.tsv');

    expect(countsOf(preview)).toMatchObject({
      formato: 'otro',
      formatoNombre: 'Otro archivo',
      faltan: ['nombreCompleto'],
      total: 0,
      nuevos: 0,
    });
    expect(preview.filas).toEqual([]);
    expect(preview.columnas.map(({ cabecera, ejemplo }) => [cabecera, ejemplo])).toContainEqual([
      'Comprador',
      'Marta Villanueva Soler',
    ]);
  });
});
