import { gunzipSync } from 'node:zlib';
import type { Evento } from '@drinkflow/domain/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, scanLog } from '../../src/db/schema';
import { EXPORT_BATCH } from '../../src/modules/exports/service';
import { type Account, signIn } from '../support/accounts';
import { expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedExportNight } from './export-night';
import { expectCsv, type ExportName, getExport } from '../support/csv-exports';
import { insertTicketType } from '../support/stats-night';

let t: TestApp;
let owner: Account;
let evento: Evento;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, evento } = await seedExportNight(t));
});

afterAll(async () => {
  await t?.close();
});

const download = async (name: ExportName, who: Account = owner, id = evento.id) =>
  expectCsv(await getExport(t, who, id, name), `${name}-evento-${id}.csv`);

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
    expect(scans.map((row) => [row[2], row[3], row[9]])).toEqual([
      ['Permitido', '', 'No'],
      ['Permitido', 'Conflicto offline: Límite de bebidas alcanzado', 'Sí'],
      [
        'Permitido',
        'Conflicto offline: Antes del intervalo entre bebidas · Deshecho el 24/10/2026 22:07:00',
        'Sí',
      ],
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
      insert into tickets (pedido_id, evento_id, ticket_type_id, qr_code, guest_token)
      select p.id, p.evento_id, ${tipo.id}, md5(p.id || '-' || g || '-' || random()), md5('guest-' || p.id || '-' || g || '-' || random())
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
