import { importMessages, type ImportPreview, type ImportResult } from '@drinkflow/domain/guest-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, postCsv } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { createOrder, ownedEvent } from '../support/orders';
import { storedOrders, totals } from '../support/stored-orders';
import { imported } from './fixtures';
import { previewUrl } from './preview-fixtures';

// Importing a guest list twice must not create every guest twice: rows that match an order of
// the event (or an earlier row) are marked in the preview and left out unless asked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const importUrl = (evento: { id: number }, query = '') => `/api/eventos/${evento.id}/importar${query}`;
const csv = (...rows: string[]) => ['Nombre;Email;Teléfono;Tipo;Cantidad', ...rows].join('\r\n');

async function eventWithGeneral() {
  const owned = await ownedEvent(t);
  const general = await createTicketType(t, owned.owner, owned.evento, { nombre: 'General' });
  return { ...owned, general };
}

describe('POST /api/eventos/{id}/importar/previsualizar', () => {
  it('marks the rows that match an order of the event or an earlier row, as a person would compare them', async () => {
    const target = await eventWithGeneral();
    const { owner, evento } = target;
    const existing = await createOrder(
      t,
      owner,
      { evento, tipo: target.general },
      {
        nombreCompleto: 'María José Núñez',
        email: 'mjnunez@example.com',
        telefono: '+34 611 22 33 44',
      },
    );
    // The same guest in another event of the same organizer is no duplicate here.
    const other = await ownedEvent(t, owner);
    await createOrder(t, owner, other, { nombreCompleto: 'Pedro Sanz', email: 'pedro@example.com' });

    const res = await postCsv(
      t,
      owner,
      previewUrl(evento),
      csv(
        ' maria  jose NUÑEZ ;MJNunez@Example.com;;General;1', // 2: the order, by email
        'María José Núñez;otra@example.com;611 223 344;General;2', // 3: the order, by phone
        'María José Núñez;otra2@example.com;;General;1', // 4: only the name: not the same person
        'Otra Persona;mjnunez@example.com;;General;1', // 5: only the email (a shared address)
        'Pedro Sanz;pedro@example.com;;General;1', // 6: another event's guest
        'Lucía Vega;lucia@example.com;600111222;General;1', // 7: new
        'LUCIA VEGA;lucia@example.com;;General;3', // 8: line 7, by email
        'Lucía Vega;lucia2@example.com;0034 600 111 222;General;1', // 9: line 7, by phone
        'Lucía Vega;no-es-email;600111222;General;1', // 10: an error, not a duplicate
        'Error Previo;e@example.com;;General;tres', // 11: an error...
        'Error Previo;e@example.com;;General;1', // 12: ...so this row is the first of its guest
      ),
    );

    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ImportPreview>();
    expect(Object.fromEntries(result.filas.map((fila) => [fila.linea, fila.duplicado]))).toEqual({
      2: {
        pedidoId: existing.id,
        linea: null,
        message: `Ya existe un pedido con el mismo nombre y email en este evento (pedido n.º ${existing.id})`,
      },
      3: {
        pedidoId: existing.id,
        linea: null,
        message: `Ya existe un pedido con el mismo nombre y teléfono en este evento (pedido n.º ${existing.id})`,
      },
      4: null,
      5: null,
      6: null,
      7: null,
      8: { pedidoId: null, linea: 7, message: 'Repetida: mismo nombre y email que la línea 7' },
      9: { pedidoId: null, linea: 7, message: 'Repetida: mismo nombre y teléfono que la línea 7' },
      10: null,
      11: null,
      12: null,
    });
    expect(result.filas.find((fila) => fila.linea === 2)!.errores).toEqual([]);
    expect(result).toMatchObject({
      total: 11,
      validas: 9,
      conErrores: 2,
      duplicados: 4,
      tickets: 12,
      sinCabecera: false,
    });
  });
});

describe('POST /api/eventos/{id}/importar', () => {
  const guests = ['Ana Pérez;ana@example.com;;General;2', 'Luis Gil;luis@example.com;600 111 222;General;1'];

  it('creates nothing the second time the same file is imported, and says why', async () => {
    const { owner, evento } = await eventWithGeneral();
    const first = await postCsv(t, owner, importUrl(evento), csv(...guests));
    expect(first.json<ImportResult>()).toEqual(
      imported({
        pedidosCreados: 2,
        ticketsCreados: 3,
        filasOmitidas: 0,
        duplicadosOmitidos: 0,
      }),
    );
    const before = await totals(t.db);

    const second = await postCsv(t, owner, importUrl(evento), csv(...guests));

    expectFieldError(second, 'archivo', importMessages.nothingNew);
    expect(await totals(t.db)).toEqual(before);
  });

  it('imports only the new guests of a list that grew, leaving out the repeated rows', async () => {
    const { owner, evento } = await eventWithGeneral();
    await postCsv(t, owner, importUrl(evento), csv(...guests));

    const res = await postCsv(
      t,
      owner,
      importUrl(evento),
      csv(
        ...guests,
        'Eva Ruiz;eva@example.com;;General;1',
        'EVA RUIZ;eva@example.com;;General;1',
        'Bea Sanz;no-es-email;;General;1',
      ),
    );

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportResult>()).toEqual(
      imported({
        pedidosCreados: 1,
        ticketsCreados: 1,
        filasOmitidas: 1,
        duplicadosOmitidos: 3,
      }),
    );
    const { orders } = await storedOrders(t.db, evento.id);
    expect(orders.map((order) => order.nombreCompleto)).toEqual(['Ana Pérez', 'Luis Gil', 'Eva Ruiz']);
  });

  it('imports the duplicates too with omitirDuplicados=false', async () => {
    const { owner, evento } = await eventWithGeneral();
    await postCsv(t, owner, importUrl(evento), csv(...guests));

    const res = await postCsv(
      t,
      owner,
      importUrl(evento, '?omitirDuplicados=false'),
      csv(...guests, 'Ana Pérez;ana@example.com;;General;1'),
    );

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportResult>()).toEqual(
      imported({
        pedidosCreados: 3,
        ticketsCreados: 4,
        filasOmitidas: 0,
        duplicadosOmitidos: 0,
      }),
    );
    const { orders } = await storedOrders(t.db, evento.id);
    expect(orders.filter((order) => order.nombreCompleto === 'Ana Pérez')).toHaveLength(3);
  });

  it('refuses an omitirDuplicados that is not true or false with 400 and writes nothing', async () => {
    const { owner, evento } = await eventWithGeneral();
    const before = await totals(t.db);

    const res = await postCsv(t, owner, importUrl(evento, '?omitirDuplicados=quizas'), csv(...guests));

    expectFieldError(res, 'omitirDuplicados', 'omitirDuplicados debe ser true o false');
    expect(await totals(t.db)).toEqual(before);
  });

  it('checks again at import time: an order created after the preview makes its row a duplicate', async () => {
    const { owner, evento, general } = await eventWithGeneral();
    const file = csv(...guests);
    const checked = await postCsv(t, owner, previewUrl(evento), file);
    expect(checked.json<ImportPreview>().duplicados).toBe(0);
    await createOrder(
      t,
      owner,
      { evento, tipo: general },
      { nombreCompleto: 'Luis Gil', email: 'luis@example.com' },
    );

    const res = await postCsv(t, owner, importUrl(evento), file);

    expect(res.json<ImportResult>()).toMatchObject({ pedidosCreados: 1, duplicadosOmitidos: 1 });
  });

  it('creates each guest once when the same file is imported several times at once', async () => {
    const { owner, evento } = await eventWithGeneral();
    const rows = Array.from(
      { length: 40 },
      (_, i) => `Invitado ${i + 1};invitado${i + 1}@example.com;;General;1`,
    );
    const file = csv(...rows);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postCsv(t, owner, importUrl(evento), file)),
    );

    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const res of answers.filter((answer) => answer.statusCode === 400)) {
      expectFieldError(res, 'archivo', importMessages.nothingNew);
    }
    const { orders, tickets } = await storedOrders(t.db, evento.id);
    expect(orders).toHaveLength(40);
    expect(tickets).toHaveLength(40);
  });
});
