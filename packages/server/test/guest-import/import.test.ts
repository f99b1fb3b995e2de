import { importMessages, type ImportResult } from '@drinkflow/domain/guest-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectFieldError, postCsv, URL_SAFE_SECRET } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { expectInternalError, failTicketInsert } from '../support/faults';
import { ownedEvent } from '../support/orders';
import { storedOrders, totals } from '../support/stored-orders';
import { excelCsv, imported } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (evento: { id: number }) => `/api/eventos/${evento.id}/importar`;

async function eventWithTypes() {
  const owned = await ownedEvent(t);
  const general = await createTicketType(t, owned.owner, owned.evento, { nombre: 'General' });
  const vip = await createTicketType(t, owned.owner, owned.evento, { nombre: 'VIP' });
  return { ...owned, general, vip };
}

describe('POST /api/eventos/{id}/importar', () => {
  it("creates one order per valid row with 'importacion' and its tickets, skipping rows with errors", async () => {
    const { owner, evento, general, vip } = await eventWithTypes();
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          'Nombre;Correo;Teléfono;Tipo;Cantidad',
          'Íñigo Muñoz;inigo@example.com;+34 611 22 33 44;General;3',
          'Mal correo;no-es-email;;General;1',
          'Ana Pérez;ana@example.com;;vip;',
          ';sin-nombre@example.com;;General;1',
          'Íñigo Muñoz;inigo@example.com;;General;1',
        ].join('\r\n'),
      ),
    ]);

    const res = await postCsv(t, owner, url(evento), csv);

    expect(res.statusCode, res.body).toBe(201);
    // The last row repeats line 2's guest: left out as a duplicate (duplicates.test.ts).
    expect(res.json<ImportResult>()).toEqual(
      imported({
        pedidosCreados: 2,
        ticketsCreados: 4,
        filasOmitidas: 2,
        duplicadosOmitidos: 1,
      }),
    );
    const stored = await storedOrders(t.db, evento.id);
    expect(
      stored.orders.map(({ nombreCompleto, email, telefono, creadoPor }) => ({
        nombreCompleto,
        email,
        telefono,
        creadoPor,
      })),
    ).toEqual([
      {
        nombreCompleto: 'Íñigo Muñoz',
        email: 'inigo@example.com',
        telefono: '+34 611 22 33 44',
        creadoPor: 'importacion',
      },
      { nombreCompleto: 'Ana Pérez', email: 'ana@example.com', telefono: null, creadoPor: 'importacion' },
    ]);
    const [inigo, ana] = stored.orders;
    const ticketsOf = (pedidoId: number) => stored.tickets.filter((ticket) => ticket.pedidoId === pedidoId);
    expect(ticketsOf(inigo!.id).map((ticket) => [ticket.ticketTypeId, ticket.estado])).toEqual([
      [general.id, 'activo'],
      [general.id, 'activo'],
      [general.id, 'activo'],
    ]);
    expect(ticketsOf(ana!.id).map((ticket) => ticket.ticketTypeId)).toEqual([vip.id]);
    expect(stored.tickets.every((ticket) => URL_SAFE_SECRET.test(ticket.qrCode))).toBe(true);
    expect(new Set(stored.tickets.map((ticket) => ticket.qrCode)).size).toBe(4);
  });

  it('imports a , file in Windows-1252 and the orders show in the list', async () => {
    const { owner, evento } = await eventWithTypes();
    const csv = Buffer.from(
      'Nombre,Email,Tipo,Cantidad\r\n"Muñoz, Íñigo",inigo@example.com,General,2\r\n',
      'latin1',
    );

    const res = await postCsv(t, owner, url(evento), csv);

    expect(res.json()).toEqual(
      imported({
        pedidosCreados: 1,
        ticketsCreados: 2,
        filasOmitidas: 0,
        duplicadosOmitidos: 0,
      }),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${evento.id}?search=íñigo`,
      headers: owner.headers,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      pedidos: [{ nombreCompleto: 'Muñoz, Íñigo', creadoPor: 'importacion', totalTickets: 2 }],
    });
  });

  it('lists the imported guests in the order of the file, after older orders, and reads a file without header', async () => {
    const { owner, evento } = await eventWithTypes();
    await postCsv(t, owner, url(evento), 'Nombre;Email;Tipo\nPrevia;previa@example.com;General\n');
    const names = ['Zoe Alba', 'Ana Bravo', 'Marta Cid', 'Bea Díaz'];
    // No header: the first row is a guest (it has an email), read in the template's column order.
    const csv = names.map((name, i) => `${name};g${i}@example.com;;General;1`).join('\n');

    const res = await postCsv(t, owner, url(evento), csv);

    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${evento.id}`,
      headers: owner.headers,
    });
    expect(
      list.json<{ pedidos: { nombreCompleto: string }[] }>().pedidos.map((p) => p.nombreCompleto),
    ).toEqual([...names, 'Previa']);
  });

  it('stores the € and the quotes and dashes of a Spanish Excel file as they were typed', async () => {
    const { owner, evento } = await eventWithTypes();
    const euros = await createTicketType(t, owner, evento, { nombre: 'Barra 20 €' });
    const csv = excelCsv([
      'Nombre;Correo;Teléfono;Tipo;Cantidad',
      'Íñigo O’Brien “el Txiki”;inigo@example.com;;Barra 20 €;1',
      'Zoë Œuvray — Peña…;zoe@example.com;‘600’ – 111;BARRA 20 €;2',
    ]);

    const res = await postCsv(t, owner, url(evento), csv);

    expect(res.json()).toEqual(
      imported({
        pedidosCreados: 2,
        ticketsCreados: 3,
        filasOmitidas: 0,
        duplicadosOmitidos: 0,
      }),
    );
    const stored = await storedOrders(t.db, evento.id);
    expect(stored.orders.map(({ nombreCompleto, telefono }) => [nombreCompleto, telefono])).toEqual([
      ['Íñigo O’Brien “el Txiki”', null],
      ['Zoë Œuvray — Peña…', '‘600’ – 111'],
    ]);
    expect(stored.tickets.every((ticket) => ticket.ticketTypeId === euros.id)).toBe(true);
  });

  it('never answers 500 to a NUL character in a cell: that row is left out with its error', async () => {
    const { owner, evento } = await eventWithTypes();
    const rows = Array.from({ length: 50 }, (_, i) =>
      i === 36
        ? `Invitado\u0000 37;invitado37@example.com;\u0000;General;2`
        : `Invitado ${i + 1};invitado${i + 1}@example.com;;General;2`,
    );

    const res = await postCsv(
      t,
      owner,
      url(evento),
      ['Nombre;Email;Teléfono;Tipo;Cantidad', ...rows].join('\n'),
    );

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual(
      imported({
        pedidosCreados: 49,
        ticketsCreados: 98,
        filasOmitidas: 1,
        duplicadosOmitidos: 0,
      }),
    );
    const stored = await storedOrders(t.db, evento.id);
    expect(stored.orders.map((order) => order.nombreCompleto)).not.toContain('Invitado 37');
    expect(stored.orders.some((order) => order.nombreCompleto.includes('\u0000'))).toBe(false);
  });

  it('refuses a file whose only guest has a NUL character with 400 and writes nothing', async () => {
    const { owner, evento } = await eventWithTypes();
    const before = await totals(t.db);

    const res = await postCsv(
      t,
      owner,
      url(evento),
      'Nombre;Email;Tipo\nAna\u0000;ana@example.com;General\n',
    );

    expectFieldError(res, 'archivo', importMessages.nothingToImport);
    expect(await totals(t.db)).toEqual(before);
  });

  it('holds the rows whose ticket type matches two types of the event until one is chosen', async () => {
    const { owner, evento, general, vip } = await eventWithTypes();
    await createTicketType(t, owner, evento, { nombre: 'General ' });
    const file = 'Nombre;Email;Tipo\nAna;ana@example.com;general\nLuis;luis@example.com;VIP\n';
    const before = await totals(t.db);

    const held = await postCsv(t, owner, url(evento), file);

    expectFieldError(held, 'tipos', importMessages.undecidedTypes(['general']));
    expect(await totals(t.db)).toEqual(before);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/eventos/${evento.id}/importar/mapeo`,
      headers: owner.headers,
      payload: { tipos: { general: general.id } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const res = await postCsv(t, owner, url(evento), file);

    expect(res.json()).toEqual(
      imported({ pedidosCreados: 2, ticketsCreados: 2, filasOmitidas: 0, duplicadosOmitidos: 0 }),
    );
    const stored = await storedOrders(t.db, evento.id);
    expect(stored.tickets.map((ticket) => ticket.ticketTypeId)).toEqual([general.id, vip.id]);
  });

  it('writes nothing when a ticket insert fails half-way through a 50-row import', async () => {
    const { owner, evento } = await eventWithTypes();
    const rows = Array.from(
      { length: 50 },
      (_, i) => `Invitado ${i + 1};invitado${i + 1}@example.com;General;2`,
    );
    const dropTrigger = await failTicketInsert(t.db, 'Invitado 37', 2);
    try {
      const before = await totals(t.db);

      const res = await postCsv(t, owner, url(evento), ['Nombre;Email;Tipo;Cantidad', ...rows].join('\n'));

      expectInternalError(res);
      expect(await totals(t.db)).toEqual(before);
      expect(await storedOrders(t.db, evento.id)).toEqual({ orders: [], tickets: [] });
    } finally {
      await dropTrigger();
    }
    const retry = await postCsv(t, owner, url(evento), ['Nombre;Email;Tipo;Cantidad', ...rows].join('\n'));
    expect(retry.json()).toEqual(
      imported({
        pedidosCreados: 50,
        ticketsCreados: 100,
        filasOmitidas: 0,
        duplicadosOmitidos: 0,
      }),
    );
  });

  it('refuses a file with no valid row with 400 and writes nothing', async () => {
    const { owner, evento } = await eventWithTypes();
    const before = await totals(t.db);

    const res = await postCsv(t, owner, url(evento), 'Nombre;Email;Tipo\nAna;no-es-email;General\n');

    expectFieldError(res, 'archivo', importMessages.nothingToImport);
    expect(await totals(t.db)).toEqual(before);
  });

  it('refuses a file without a required column, or empty, with 400 and writes nothing', async () => {
    const { owner, evento } = await eventWithTypes();
    const before = await totals(t.db);

    expectFieldError(
      await postCsv(t, owner, url(evento), 'Nombre;Teléfono\nAna;600111222\n'),
      'archivo',
      importMessages.missingColumns(['email']),
    );
    expectFieldError(
      await postCsv(t, owner, url(evento), 'Nombre;Email;Tipo\n'),
      'archivo',
      importMessages.empty,
    );
    expect(await totals(t.db)).toEqual(before);
  });

  it('refuses a body over 16 MiB with 413 and writes nothing', async () => {
    const { owner, evento } = await eventWithTypes();
    const before = await totals(t.db);
    const huge = Buffer.concat([
      Buffer.from('Nombre;Email;Tipo\nAna;ana@example.com;General\n'),
      Buffer.alloc(16 * 1024 * 1024, ' '),
    ]);

    expectApiError(await postCsv(t, owner, url(evento), huge), 413, 'payload_too_large');
    expect(await totals(t.db)).toEqual(before);
  });
});
