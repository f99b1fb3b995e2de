import type { Evento } from '@drinkflow/domain/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { type Account } from '../support/accounts';
import { createEvent } from '../support/events';
import { insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { order, seedExportNight } from './export-night';
import { expectCsv, type ExportName, getExport, parseCsv } from '../support/csv-exports';
import { insertConsumo, insertTicketType } from '../support/stats-night';

let t: TestApp;
let owner: Account;
let evento: Evento;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, evento, ids } = await seedExportNight(t));
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
    const created = await order(t, evento, 'Estados', '2026-07-05T18:00:00Z');
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

    expect(header).toEqual([
      'Fecha',
      'Ticket',
      'Titular',
      'Tipo de ticket',
      'Bebida',
      'Barra',
      'Offline',
      'Dispositivo',
      'Persona',
    ]);
    // Drinks older than devices: no device, no person (docs/decisions/061).
    expect(rows).toEqual([
      [
        '09/01/2026 09:07:00',
        String(ids.t3),
        'Juan "el Rápido"',
        'General; VIP',
        'Agua',
        'Terraza',
        'No',
        '',
        '',
      ],
      [
        '04/07/2026 20:05:09',
        String(ids.f0),
        `'=HYPERLINK("http://malo.example";"clic")`,
        'General; VIP',
        "'=cmd",
        "'@barra",
        'No',
        '',
        '',
      ],
      [
        '25/10/2026 02:30:00',
        String(ids.t1),
        'Pérez; Ana',
        'General; VIP',
        'Cerveza',
        'Barra; Norte',
        'No',
        '',
        '',
      ],
      ['25/10/2026 02:30:00', String(ids.t1), 'Pérez; Ana', 'General; VIP', 'Copa', '', 'No', '', ''],
    ]);
  });
});

describe('GET /api/eventos/{id}/export/escaneos.csv', () => {
  it('has one row per attempt and per undo: allowed, refused, unknown QR, undone', async () => {
    const [header, ...rows] = await download('escaneos');

    expect(header).toEqual([
      'Fecha',
      'Ticket',
      'Resultado',
      'Motivo',
      'Bebida',
      'Barra',
      'Dispositivo',
      'Persona',
      'Titular',
      'Offline',
    ]);
    // The holder as the order names it (quotes and `;` kept as text); an unknown code has none.
    expect(rows.slice(0, 5)).toEqual([
      [
        '25/10/2026 02:30:00',
        String(ids.t1),
        'Permitido',
        '',
        'Cerveza',
        'Barra; Norte',
        '',
        '',
        'Pérez; Ana',
        'No',
      ],
      [
        '25/10/2026 02:31:00',
        String(ids.t1),
        'Rechazado',
        'Límite de bebidas alcanzado',
        'Copa',
        'Barra; Norte',
        '',
        '',
        'Pérez; Ana',
        'No',
      ],
      ['25/10/2026 02:32:00', '', 'Rechazado', 'Ticket no encontrado', 'Copa', "'@barra", '', '', '', 'No'],
      [
        '25/10/2026 02:33:00',
        String(ids.t3),
        'Permitido',
        'Deshecho el 25/10/2026 02:34:00',
        'Copa',
        '',
        '',
        '',
        'Juan "el Rápido"',
        'No',
      ],
      [
        '25/10/2026 02:34:00',
        String(ids.t3),
        'Deshecho',
        'Consumo deshecho',
        'Copa',
        '',
        '',
        '',
        'Juan "el Rápido"',
        'No',
      ],
    ]);
  });

  it("keeps a deleted order's scans, without a ticket, while its consumption is gone", async () => {
    const scans = await download('escaneos');
    const drinks = await download('consumos');

    expect(scans).toHaveLength(1 + 6);
    expect(scans.at(-1)).toEqual([
      '25/10/2026 02:35:00',
      '',
      'Permitido',
      '',
      'Copa',
      'Barra 2',
      '',
      '',
      '',
      'No',
    ]);
    expect(drinks.some((row) => row[5] === 'Barra 2')).toBe(false);
  });
});
