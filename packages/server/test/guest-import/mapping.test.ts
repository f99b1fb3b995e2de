import { importMessages } from '@drinkflow/domain/guest-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectFieldError } from '../support/api';
import { storedOrders, totals } from '../support/stored-orders';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  countsOf,
  importFile,
  mappingUrl,
  postImport,
  previewFile,
  saveMapping,
  shopEvent,
} from './shop-fixtures';

// The mapping step (docs/decisions/068): an event remembers what each column of its files holds and
// which of its ticket types each type text of the files is, so the next export imports without asking.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OTHER = 'other-shop.tsv';

describe('GET and PUT /api/eventos/{id}/importar/mapeo', () => {
  it('starts empty, stores keys as compared (no case, accents or extra spaces) and merges later entries', async () => {
    const { owner, evento, types } = await shopEvent(t, ['General', 'VIP']);
    const empty = await call(t, owner, 'GET', mappingUrl(evento));
    expect(empty.json()).toEqual({ columnas: {}, tipos: {} });

    expect(
      await saveMapping(t, owner, evento, {
        columnas: { '  Cómprador ': 'nombreCompleto', 'Uds.': null },
        tipos: { 'ENTRADA  General': types.General!.id },
      }),
    ).toEqual({
      columnas: { comprador: 'nombreCompleto', 'uds.': null },
      tipos: { 'entrada general': types.General!.id },
    });
    const merged = await saveMapping(t, owner, evento, {
      columnas: { 'UDS.': 'cantidad' },
      tipos: { vip: null },
    });

    expect(merged).toEqual({
      columnas: { comprador: 'nombreCompleto', 'uds.': 'cantidad' },
      tipos: { 'entrada general': types.General!.id, vip: null },
    });
    expect((await call(t, owner, 'GET', mappingUrl(evento))).json()).toEqual(merged);
  });

  it('refuses an unknown field or another event’s ticket type with 400 naming the entry, and stores nothing', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const other = await shopEvent(t, ['Ajena'], owner);

    expectFieldError(
      await call(t, owner, 'PUT', mappingUrl(evento), { columnas: { Correo: 'correo' } }),
      'columnas.Correo',
      importMessages.unknownField,
    );
    expectFieldError(
      await call(t, owner, 'PUT', mappingUrl(evento), {
        columnas: { Comprador: 'nombreCompleto' },
        tipos: { Ajena: other.types.Ajena!.id },
      }),
      'tipos.Ajena',
      importMessages.typeNotOfEvent,
    );
    expect((await call(t, owner, 'GET', mappingUrl(evento))).json()).toEqual({ columnas: {}, tipos: {} });
  });
});

describe('a file no shop wrote', () => {
  it('is mapped once, imported, and the next upload of it needs no mapping', async () => {
    const { owner, evento } = await shopEvent(t, ['General', 'VIP']);
    const before = await totals(t.db);
    expectFieldError(
      await postImport(t, owner, evento, OTHER),
      'archivo',
      importMessages.missingColumns(['nombre completo']),
    );
    expect(await totals(t.db)).toEqual(before);

    await saveMapping(t, owner, evento, {
      columnas: { Comprador: 'nombreCompleto' },
      tipos: { 'Mesa "Escenario", 4 pax': null },
    });
    const mapped = await previewFile(t, owner, evento, OTHER);

    expect(mapped.faltan).toEqual([]);
    expect(mapped.columnas.find((column) => column.cabecera === 'Comprador')?.campo).toBe('nombreCompleto');
    expect(countsOf(mapped)).toMatchObject({
      total: 5,
      conErrores: 0,
      nuevos: 3,
      tickets: 4,
      cancelados: 1,
      omitidosPorTipo: 1,
      sinTipo: 0,
    });
    expect(await importFile(t, owner, evento, OTHER)).toMatchObject({
      pedidosCreados: 3,
      ticketsCreados: 4,
      omitidosPorTipo: 1,
    });
    const { orders } = await storedOrders(t.db, evento.id);
    expect(orders.map((order) => [order.nombreCompleto, order.idExterno])).toEqual([
      ['Marta Villanueva Soler', 'TQ-48213'],
      ['Óscar Blázquez', 'TQ-48219'],
      ['Paula Zubiri', 'TQ-48236'],
    ]);

    const second = await previewFile(t, owner, evento, OTHER);
    expect(second.faltan).toEqual([]);
    expect(countsOf(second)).toMatchObject({ nuevos: 0, yaImportados: 3 });
  });

  it('follows a column set to "No importar" even where the export was recognised', async () => {
    const { owner, evento } = await shopEvent(t, ['General Admission', 'VIP']);
    await saveMapping(t, owner, evento, { columnas: { 'Cell Phone': null } });

    const preview = await previewFile(t, owner, evento, 'eventbrite-attendees-en.csv');

    expect(preview.columnas.find((column) => column.cabecera === 'Cell Phone')?.campo).toBeNull();
    expect(preview.filas.every((fila) => fila.telefono === null)).toBe(true);
  });
});

describe('the ticket types of a file', () => {
  it('holds the rows of an undecided type: the import answers 400 on tipos, naming each text', async () => {
    const { owner, evento } = await shopEvent(t, ['General']);
    const before = await totals(t.db);

    const preview = await previewFile(t, owner, evento, 'eventbrite-attendees-en.csv');
    const res = await postImport(t, owner, evento, 'eventbrite-attendees-en.csv');

    expect(preview.tiposArchivo).toEqual([
      { texto: 'General Admission', filas: 8, ticketTypeId: null, decidido: false },
      { texto: 'VIP', filas: 4, ticketTypeId: null, decidido: false },
    ]);
    expect(countsOf(preview)).toMatchObject({ sinTipo: 11, nuevos: 0, cancelados: 1 });
    expectFieldError(res, 'tipos', 'Elige un tipo de ticket o «No importar» para: General Admission, VIP');
    expect(await totals(t.db)).toEqual(before);
  });

  it('remembers a type chosen for a text and leaves out the rows of a type set to "No importar"', async () => {
    const { owner, evento, types } = await shopEvent(t, ['General']);
    await saveMapping(t, owner, evento, {
      tipos: { 'General Admission': types.General!.id, VIP: null },
    });

    const preview = await previewFile(t, owner, evento, 'eventbrite-attendees-en.csv');
    const result = await importFile(t, owner, evento, 'eventbrite-attendees-en.csv');

    expect(preview.tiposArchivo).toEqual([
      { texto: 'General Admission', filas: 8, ticketTypeId: types.General!.id, decidido: true },
      { texto: 'VIP', filas: 4, ticketTypeId: null, decidido: true },
    ]);
    expect(countsOf(preview)).toMatchObject({ nuevos: 7, omitidosPorTipo: 4, sinTipo: 0, tickets: 7 });
    expect(result).toMatchObject({ pedidosCreados: 7, ticketsCreados: 7, omitidosPorTipo: 4 });
    const { tickets } = await storedOrders(t.db, evento.id);
    expect(tickets.every((ticket) => ticket.ticketTypeId === types.General!.id)).toBe(true);
  });

  it('forgets a remembered type that was deleted: its text is undecided again', async () => {
    const { owner, evento, types } = await shopEvent(t, ['General', 'Sobrante']);
    await saveMapping(t, owner, evento, { tipos: { vip: types.Sobrante!.id } });
    const deleted = await call(t, owner, 'DELETE', `/api/tipos-ticket/${types.Sobrante!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const preview = await previewFile(
      t,
      owner,
      evento,
      Buffer.from('Nombre;Email;Tipo\nAna;ana@example.com;VIP\n'),
    );

    expect(preview.tiposArchivo).toEqual([{ texto: 'VIP', filas: 1, ticketTypeId: null, decidido: false }]);
  });
});
