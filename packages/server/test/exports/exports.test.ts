import { gunzipSync } from 'node:zlib';
import type { Evento } from '@drinkflow/domain/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, pedidos, scanLog } from '../../src/db/schema';
import { EXPORT_BATCH } from '../../src/modules/exports/service';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';
import { expectCsv, type ExportName, getExport, parseCsv } from '../support/csv-exports';
import { insertConsumo, insertScanLog, insertTicketType } from '../support/stats-night';

let t: TestApp;
let owner: Account;
let evento: Evento;
const ids: Record<string, number> = {};

async function order(nombreCompleto: string, createdAt: string, telefono: string | null = null) {
  const [row] = await t.db
    .insert(pedidos)
    .values({
      eventoId: evento.id,
      nombreCompleto,
      email: uniqueEmail('cliente'),
      telefono,
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
  evento = await createEvent(t, owner, {
    nombre: 'Exportaciones',
    fechaInicio: '2026-10-24T18:00:00.000Z',
    fechaFin: '2026-10-25T06:00:00.000Z',
  });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'General; VIP',
    modo: 'por_cantidad',
    maxDrinks: 4,
  });

  const semicolon = await order('Pérez; Ana', '2026-07-04T18:05:09Z', '+34 600 111 222');
  ids.semicolonPedido = semicolon.id;
  ids.t1 = (await insertTicket(t.db, semicolon.id, tipo.id)).id;
  ids.t2 = (await insertTicket(t.db, semicolon.id, tipo.id, 'invalidado')).id;
  ids.t3 = (
    await insertTicket(t.db, (await order('Juan "el Rápido"', '2026-07-04T18:06:00Z')).id, tipo.id)
  ).id;
  ids.t4 = (
    await insertTicket(t.db, (await order('Línea uno\nLínea dos', '2026-07-04T18:07:00Z')).id, tipo.id)
  ).id;
  const formulas = ['=HYPERLINK("http://malo.example";"clic")', '@SUMA(A1)', '-2+3', '+cmd'];
  for (const [index, name] of formulas.entries()) {
    const created = await order(name, `2026-07-04T18:1${index}:00Z`);
    ids[`f${index}`] = (await insertTicket(t.db, created.id, tipo.id)).id;
  }
  ids.empty = (await order('Sin tickets', '2026-07-04T18:20:00Z')).id;

  await insertConsumo(t.db, evento.id, ids.t1, '2026-10-25T00:30:00Z', 'cerveza', 'Barra; Norte');
  await insertConsumo(t.db, evento.id, ids.t1, '2026-10-25T01:30:00Z', 'copa', null);
  await insertConsumo(t.db, evento.id, ids.t3, '2026-01-09T08:07:00Z', 'agua', 'Terraza');
  await insertConsumo(t.db, evento.id, ids.f0!, '2026-07-04T18:05:09Z', '=cmd', '@barra');

  const at = (minute: number) => `2026-10-25T00:${minute}:00Z`;
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t1,
    allowed: true,
    reason: 'ok',
    barra: 'Barra; Norte',
    tipoBebida: 'cerveza',
    at: at(30),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t1,
    allowed: false,
    reason: 'agotado',
    barra: 'Barra; Norte',
    at: at(31),
  });
  await insertScanLog(t.db, evento.id, {
    allowed: false,
    reason: 'no_encontrado',
    barra: '@barra',
    at: at(32),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t3,
    allowed: true,
    reason: 'ok',
    at: at(33),
    undoneAt: at(34),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t3,
    accion: 'deshacer',
    allowed: true,
    reason: 'deshecho',
    at: at(34),
  });

  // An order deleted after its guest drank: its consumption goes, its scans stay (docs/rules/scanner.md).
  const deleted = await order('Pedido borrado', '2026-07-04T18:30:00Z');
  const gone = await insertTicket(t.db, deleted.id, tipo.id);
  await insertConsumo(t.db, evento.id, gone.id, '2026-10-25T00:35:00Z', 'copa', 'Barra 2');
  await insertScanLog(t.db, evento.id, {
    ticketId: gone.id,
    allowed: true,
    reason: 'ok',
    barra: 'Barra 2',
    at: at(35),
  });
  const res = await call(t, owner, 'DELETE', `/api/pedidos/${deleted.id}`);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const download = async (name: ExportName, who: Account = owner, id = evento.id) =>
  expectCsv(await getExport(t, who, id, name), `${name}-evento-${id}.csv`);

describe('GET /api/eventos/{id}/export/pedidos.csv', () => {
  it('has one row per ticket with its order, and an order without tickets once', async () => {
    const [header, ...rows] = await download('pedidos');

    expect(header).toEqual([
      'Pedido',
      'Nombre completo',
      'Email',
      'Teléfono',
      'Fecha del pedido',
      'Ticket',
      'Tipo de ticket',
      'Estado',
    ]);
    expect(rows).toHaveLength(9);
    const [first, second] = rows;
    expect(first).toEqual([
      String(ids.semicolonPedido),
      'Pérez; Ana',
      expect.stringMatching(/@example\.com$/),
      "'+34 600 111 222",
      '04/07/2026 20:05:09',
      String(ids.t1),
      'General; VIP',
      'Activo',
    ]);
    expect(second!.slice(5)).toEqual([String(ids.t2), 'General; VIP', 'Invalidado']);
    expect(rows.at(-1)).toEqual([
      String(ids.empty),
      'Sin tickets',
      expect.any(String),
      '',
      '04/07/2026 20:20:00',
      '',
      '',
      '',
    ]);
  });

  it('names each ticket by its effective state, as the statistics do: Agotado, Caducado, Invalidado, Activo', async () => {
    const other = await createEvent(t, owner, { nombre: 'Estados efectivos' });
    const oneDrink = await insertTicketType(t.db, other.id, {
      nombre: 'Una',
      modo: 'por_cantidad',
      maxDrinks: 1,
    });
    const past = await insertTicketType(t.db, other.id, {
      nombre: 'Pasada',
      modo: 'por_cantidad',
      maxDrinks: 1,
      validoHasta: new Date(Date.now() - 60_000),
    });
    const created = await order('Estados', '2026-07-05T18:00:00Z');
    await t.db
      .update(pedidos)
      .set({ eventoId: other.id })
      .where(sql`${pedidos.id} = ${created.id}`);
    const usedUp = await insertTicket(t.db, created.id, oneDrink.id);
    await insertConsumo(t.db, other.id, usedUp.id, '2026-07-05T19:00:00Z', 'copa', null);
    // Expired and used up: caducado comes first (docs/rules/scan-rules.md).
    const expired = await insertTicket(t.db, created.id, past.id);
    await insertConsumo(t.db, other.id, expired.id, '2026-07-05T19:00:00Z', 'copa', null);
    await insertTicket(t.db, created.id, oneDrink.id, 'invalidado');
    await insertTicket(t.db, created.id, oneDrink.id);

    const [, ...rows] = await download('pedidos', owner, other.id);

    expect(rows.map((row) => row[7])).toEqual(['Agotado', 'Caducado', 'Invalidado', 'Activo']);
  });

  it('keeps quotes, line breaks and separators inside names, and writes no QR code', async () => {
    const res = await getExport(t, owner, evento.id, 'pedidos');
    const names = parseCsv(res.rawPayload.subarray(3).toString('utf8')).map((row) => row[1]);

    expect(names).toContain('Juan "el Rápido"');
    expect(names).toContain('Línea uno\nLínea dos');
    expect(res.body).toContain('"Juan ""el Rápido"""');
    expect(res.body).toContain('"Línea uno\nLínea dos"');
    expect(res.body).toContain('"Pérez; Ana"');
    const [qrCodes] = await t.db
      .execute<{ qr: string }>(sql`select string_agg(qr_code, ' ') as qr from tickets`)
      .then((result) => (result as unknown as { rows: { qr: string }[] }).rows);
    for (const qr of qrCodes!.qr.split(' ')) expect(res.body).not.toContain(qr);
  });

  it("prefixes a name that starts with =, +, - or @ with ' so no spreadsheet runs it", async () => {
    const names = (await download('pedidos')).map((row) => row[1]);

    expect(names).toContain(`'=HYPERLINK("http://malo.example";"clic")`);
    expect(names).toContain("'@SUMA(A1)");
    expect(names).toContain("'-2+3");
    expect(names).toContain("'+cmd");
  });
});

describe('GET /api/eventos/{id}/export/consumos.csv', () => {
  it('has one row per consumption in time order, dates in Madrid time (both 02:30 of the autumn change)', async () => {
    const [header, ...rows] = await download('consumos');

    expect(header).toEqual(['Fecha', 'Ticket', 'Titular', 'Tipo de ticket', 'Bebida', 'Barra', 'Offline']);
    expect(rows).toEqual([
      ['09/01/2026 09:07:00', String(ids.t3), 'Juan "el Rápido"', 'General; VIP', 'Agua', 'Terraza', 'No'],
      [
        '04/07/2026 20:05:09',
        String(ids.f0),
        `'=HYPERLINK("http://malo.example";"clic")`,
        'General; VIP',
        "'=cmd",
        "'@barra",
        'No',
      ],
      ['25/10/2026 02:30:00', String(ids.t1), 'Pérez; Ana', 'General; VIP', 'Cerveza', 'Barra; Norte', 'No'],
      ['25/10/2026 02:30:00', String(ids.t1), 'Pérez; Ana', 'General; VIP', 'Copa', '', 'No'],
    ]);
  });
});

describe('GET /api/eventos/{id}/export/escaneos.csv', () => {
  it('has one row per attempt and per undo: allowed, refused, unknown QR, undone', async () => {
    const [header, ...rows] = await download('escaneos');

    expect(header).toEqual(['Fecha', 'Ticket', 'Resultado', 'Motivo', 'Bebida', 'Barra']);
    expect(rows.slice(0, 5)).toEqual([
      ['25/10/2026 02:30:00', String(ids.t1), 'Permitido', '', 'Cerveza', 'Barra; Norte'],
      [
        '25/10/2026 02:31:00',
        String(ids.t1),
        'Rechazado',
        'Límite de bebidas alcanzado',
        'Copa',
        'Barra; Norte',
      ],
      ['25/10/2026 02:32:00', '', 'Rechazado', 'Ticket no encontrado', 'Copa', "'@barra"],
      ['25/10/2026 02:33:00', String(ids.t3), 'Permitido', 'Deshecho el 25/10/2026 02:34:00', 'Copa', ''],
      ['25/10/2026 02:34:00', String(ids.t3), 'Deshecho', 'Consumo deshecho', 'Copa', ''],
    ]);
  });

  it("keeps a deleted order's scans, without a ticket, while its consumption is gone", async () => {
    const scans = await download('escaneos');
    const drinks = await download('consumos');

    expect(scans).toHaveLength(1 + 6);
    expect(scans.at(-1)).toEqual(['25/10/2026 02:35:00', '', 'Permitido', '', 'Copa', 'Barra 2']);
    expect(drinks.some((row) => row[5] === 'Barra 2')).toBe(false);
  });
});

describe('offline drinks in the exports (docs/rules/offline-and-field.md)', () => {
  it('mark an offline drink Offline: Sí, and name a conflict in the scan Motivo, undone or not', async () => {
    const offline = await createEvent(t, owner, { nombre: 'Sin conexión' });
    const tipo = await insertTicketType(t.db, offline.id, {
      nombre: 'Una',
      modo: 'por_cantidad',
      maxDrinks: 1,
    });
    const ticket = await insertTicket(t.db, (await insertOrder(t.db, offline.id, 'Marta Gil')).id, tipo.id);
    await t.db.insert(consumos).values([
      {
        eventoId: offline.id,
        ticketId: ticket.id,
        tipoBebida: 'copa',
        timestamp: new Date('2026-10-24T20:00:00Z'),
      },
      {
        eventoId: offline.id,
        ticketId: ticket.id,
        tipoBebida: 'copa',
        timestamp: new Date('2026-10-24T20:05:00Z'),
        offline: true,
        conflicto: 'agotado',
      },
    ]);
    const logged = (minute: number, values: Partial<typeof scanLog.$inferInsert>) => ({
      eventoId: offline.id,
      ticketId: ticket.id,
      qrCode: 'qr',
      tipoBebida: 'copa',
      allowed: true,
      reason: 'ok',
      response: {},
      createdAt: new Date(`2026-10-24T20:0${minute}:00Z`),
      ...values,
    });
    await t.db
      .insert(scanLog)
      .values([
        logged(0, {}),
        logged(5, { offline: true, conflicto: 'agotado' }),
        logged(6, { offline: true, conflicto: 'intervalo', undoneAt: new Date('2026-10-24T20:07:00Z') }),
      ]);

    const [, ...drinks] = await download('consumos', owner, offline.id);
    const [, ...scans] = await download('escaneos', owner, offline.id);

    expect(drinks.map((row) => [row[0], row[6]])).toEqual([
      ['24/10/2026 22:00:00', 'No'],
      ['24/10/2026 22:05:00', 'Sí'],
    ]);
    expect(scans.map((row) => [row[2], row[3]])).toEqual([
      ['Permitido', ''],
      ['Permitido', 'Conflicto offline: Límite de bebidas alcanzado'],
      ['Permitido', 'Conflicto offline: Antes del intervalo entre bebidas · Deshecho el 24/10/2026 22:07:00'],
    ]);
  });
});

describe('every export', () => {
  const names: ExportName[] = ['pedidos', 'consumos', 'escaneos'];

  it.each(names)(
    '%s: CRLF line ends, ";" separators and a header for an event with no data',
    async (name) => {
      const empty = await createEvent(t, owner, { nombre: 'Vacío' });
      const res = await getExport(t, owner, empty.id, name);

      const rows = expectCsv(res, `${name}-evento-${empty.id}.csv`);
      expect(rows).toHaveLength(1);
      expect(res.rawPayload.subarray(3).toString('utf8')).toBe(`${rows[0]!.join(';')}\r\n`);
    },
  );

  it.each(names)('%s: an admin may download any event', async (name) => {
    const admin = await signIn(t.db, 'admin');

    expect((await download(name, admin)).length).toBeGreaterThan(1);
  });

  it.each(names)(
    '%s: 404 for another organizer and an unknown event, 401 anonymous, 403 bar staff',
    async (name) => {
      const stranger = await signIn(t.db, 'organizer');
      const bar = await signIn(t.db, 'scanner');

      expectApiError(await getExport(t, stranger, evento.id, name), 404, 'not_found');
      expectApiError(await getExport(t, owner, 999_999, name), 404, 'not_found');
      expectApiError(await getExport(t, null, evento.id, name), 401, 'unauthorized');
      expectApiError(await getExport(t, bar, evento.id, name), 403, 'forbidden');
    },
  );

  it('travels gzip-compressed to a client that accepts it, with the same bytes inside', async () => {
    const plain = await getExport(t, owner, evento.id, 'pedidos');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/eventos/${evento.id}/export/pedidos.csv`,
      headers: { ...owner.headers, 'accept-encoding': 'gzip' },
    });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

describe('exports of more than one batch', () => {
  let big: Evento;
  // Batches start at EXPORT_BATCH.first rows and at most double: several batches each.
  const drinks = 10 * EXPORT_BATCH.first + 234;
  const ticketsPerOrder = 3 * EXPORT_BATCH.first - 10;
  const scans = 3 * EXPORT_BATCH.first + 1;

  beforeAll(async () => {
    big = await createEvent(t, owner, { nombre: 'Festival' });
    const tipo = await insertTicketType(t.db, big.id, {
      nombre: 'General',
      modo: 'temporal',
      maxDrinks: null,
    });
    // Two orders of many tickets: batch boundaries fall inside an order.
    await t.db.execute(sql`
      insert into pedidos (evento_id, nombre_completo, email, created_at)
      select ${big.id}, 'Grupo ' || g, 'grupo' || g || '@example.com', timestamptz '2026-07-01T10:00:00Z'
      from generate_series(1, 2) g`);
    await t.db.execute(sql`
      insert into tickets (pedido_id, ticket_type_id, qr_code, guest_token)
      select p.id, ${tipo.id}, md5(p.id || '-' || g || '-' || random()), md5('guest-' || p.id || '-' || g || '-' || random())
      from pedidos p, generate_series(1, ${ticketsPerOrder}) g where p.evento_id = ${big.id}`);
    // Only three distinct instants: every batch boundary falls inside a run of equal times.
    await t.db.execute(sql`
      insert into consumos (evento_id, ticket_id, tipo_bebida, barra, "timestamp")
      select ${big.id}, (select min(t.id) from tickets t join pedidos p on p.id = t.pedido_id where p.evento_id = ${big.id}),
             'copa', 'B' || g, timestamptz '2026-07-04T20:00:00Z' + (g % 3) * interval '1 microsecond'
      from generate_series(1, ${drinks}) g`);
    await t.db.execute(sql`
      insert into scan_log (evento_id, qr_code, allowed, reason, response, barra, created_at)
      select ${big.id}, 'qr', false, 'no_encontrado', '{}'::jsonb, 'S' || g, timestamptz '2026-07-04T20:00:00Z'
      from generate_series(1, ${scans}) g`);
  });

  it('lists every consumption exactly once across batches, in time order', async () => {
    const [, ...rows] = await download('consumos', owner, big.id);

    expect(rows).toHaveLength(drinks);
    expect(new Set(rows.map((row) => row[5])).size).toBe(drinks);
    expect(rows[0]![0]).toBe('04/07/2026 22:00:00');
  });

  it('lists every ticket exactly once when a batch ends inside an order', async () => {
    const [, ...rows] = await download('pedidos', owner, big.id);

    expect(rows).toHaveLength(2 * ticketsPerOrder);
    expect(new Set(rows.map((row) => row[5])).size).toBe(2 * ticketsPerOrder);
  });

  it('lists every scan exactly once when all share one instant', async () => {
    const [, ...rows] = await download('escaneos', owner, big.id);

    expect(rows).toHaveLength(scans);
    expect(new Set(rows.map((row) => row[5])).size).toBe(scans);
  });
});
