import { CONFLICTOS_LIST_LIMIT, type EventStats } from '@drinkflow/domain/stats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { expectScan, newScanId, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';

// docs/rules/offline-and-field.md (docs/decisions/036): conflicts are visible. The statistics count the drinks served
// offline and stored as conflicts (`conflictosOffline`) and list the newest of them.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

const NOW = Date.parse('2030-07-04T20:00:00.000Z');

const statsOf = async (setup: Pick<ScannerSetup, 'owner' | 'evento'>) => {
  const res = await call(t, setup.owner, 'GET', `/api/stats/${setup.evento.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventStats>();
};

const offlineUpload = (setup: ScannerSetup, at: number, barra = 'Terraza') => ({
  qrCode: setup.ticket.qrCode,
  scanId: newScanId(),
  deviceId: 'movil-a',
  barra,
  offline: true,
  escaneadoEn: new Date(at).toISOString(),
});

describe('offline conflicts in GET /api/stats/{eventoId}', () => {
  it('count the conflicts, list them with holder, type and bar, and count the drinks in their own hour', async () => {
    t.clock.set(NOW);
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    // 19:30 and 19:50 UTC, uploaded at 20:00: both count in the 19:00 hour, not the upload's.
    expectScan(await setup.scanner.consume(offlineUpload(setup, NOW - 30 * MINUTE)), { conflicto: false });
    expectScan(await setup.scanner.consume(offlineUpload(setup, NOW - 10 * MINUTE, 'Barra Norte')), {
      conflicto: true,
    });

    const stats = await statsOf(setup);

    expect(stats).toMatchObject({ totalConsumos: 2, conflictosOffline: 1, rechazos: {} });
    expect(stats.consumosPorHora).toEqual([{ hora: '2030-07-04T19:00:00.000Z', cantidad: 2 }]);
    expect(stats.conflictos).toEqual([
      {
        id: expect.any(Number),
        escaneadoEn: new Date(NOW - 10 * MINUTE).toISOString(),
        ticketId: setup.ticket.id,
        titular: 'Lucía Fernández',
        tipoTicket: setup.tipo.nombre,
        barra: 'Barra Norte',
        reason: 'agotado',
      },
    ]);
    // A conflict is a drink served, not a refusal.
    expect(stats.porBarra).toEqual(
      expect.arrayContaining([{ barra: 'Barra Norte', consumos: 1, rechazos: 0, deshechos: 0 }]),
    );
  });

  it(`list the newest ${CONFLICTOS_LIST_LIMIT}, newest first, with the total; another event's stay out`, async () => {
    t.clock.set(NOW);
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    const other = await scannerSetup(t, { owner: setup.owner });
    const total = CONFLICTOS_LIST_LIMIT + 5;
    await t.db.execute(sql`
      insert into consumos (ticket_id, evento_id, tipo_bebida, barra, "timestamp", offline, conflicto)
      select ${setup.ticket.id}, ${setup.evento.id}, 'copa', 'Terraza',
             ${new Date(NOW - 10 * HOUR).toISOString()}::timestamptz + g * interval '1 minute', true,
             case when g % 2 = 0 then 'agotado' else 'intervalo' end
      from generate_series(1, ${total}) g`);
    // Clean offline drinks and another event's conflicts are not listed.
    await t.db.execute(sql`
      insert into consumos (ticket_id, evento_id, tipo_bebida, "timestamp", offline, conflicto)
      values (${setup.ticket.id}, ${setup.evento.id}, 'copa', ${new Date(NOW).toISOString()}::timestamptz, true, null),
             (${other.ticket.id}, ${other.evento.id}, 'copa', ${new Date(NOW).toISOString()}::timestamptz, true, 'agotado')`);

    const stats = await statsOf(setup);

    expect(stats.conflictosOffline).toBe(total);
    expect(stats.conflictos).toHaveLength(CONFLICTOS_LIST_LIMIT);
    const times = stats.conflictos!.map((conflict) => conflict.escaneadoEn);
    expect(times[0]).toBe(new Date(NOW - 10 * HOUR + total * MINUTE).toISOString());
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(stats.conflictos!.map((conflict) => conflict.reason))).toEqual(
      new Set(['agotado', 'intervalo']),
    );
    expect((await statsOf(other)).conflictosOffline).toBe(1);
  });

  it('forget the conflicts of a deleted order, as its drinks', async () => {
    t.clock.set(NOW);
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    await setup.scanner.consume(offlineUpload(setup, NOW - 30 * MINUTE));
    expectScan(await setup.scanner.consume(offlineUpload(setup, NOW - 20 * MINUTE)), { conflicto: true });
    expect((await statsOf(setup)).conflictosOffline).toBe(1);

    const res = await call(t, setup.owner, 'DELETE', `/api/pedidos/${setup.pedido.id}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await statsOf(setup)).toMatchObject({ totalConsumos: 0, conflictosOffline: 0, conflictos: [] });
  });
});
