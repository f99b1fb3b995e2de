import type { EventStats } from '@drinkflow/domain/stats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/offline-and-field.md: undone drinks are visible in the statistics (`deshechos`, per bar too), and the
// counters the trigger keeps (docs/decisions/020, addendum) stay true after an undo.

let t: ScannerTestApp;

beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the trigger keeps for the event and its tickets, beside a recount of the drinks. */
async function countersOf(eventoId: number) {
  const [row] = rowsOf<{ counted: number; used: number; drinks: number }>(
    await t.db.execute(sql`
      select
        (select coalesce(sum(consumos), 0)::int from consumo_counters where evento_id = ${eventoId}) as counted,
        (select coalesce(sum(t.consumos_usados), 0)::int from tickets t join pedidos p on p.id = t.pedido_id
          where p.evento_id = ${eventoId}) as used,
        (select count(*)::int from consumos where evento_id = ${eventoId}) as drinks`),
  );
  return row!;
}

describe('undone drinks in GET /api/stats/{eventoId}', () => {
  it('count each undo in deshechos and at its bar, and take the drink away from every figure and counter', async () => {
    const { owner, evento, ticket, scanner } = await scannerSetup(t, { tipo: { maxDrinks: 2 } });
    const deviceId = 'dispositivo-terraza';
    const scans = [newScanId(), newScanId()];
    for (const scanId of scans) {
      const res = await scanner.consume({ qrCode: ticket.qrCode, scanId, deviceId, barra: 'Terraza' });
      expect(res.json(), res.body).toMatchObject({ success: true });
    }
    const before = (await call(t, owner, 'GET', `/api/stats/${evento.id}`)).json<EventStats>();
    expect(before).toMatchObject({ totalConsumos: 2, deshechos: 0 });
    expect(before.estadoTickets.agotado).toBe(1);

    const undone = await scanner.undo({ scanId: scans[1], deviceId });
    expect(undone.statusCode, undone.body).toBe(200);

    const res = await call(t, owner, 'GET', `/api/stats/${evento.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<EventStats>();
    expect(stats).toMatchObject({ totalConsumos: 1, deshechos: 1, rechazos: {} });
    expect(stats.porBarra).toEqual([{ barra: 'Terraza', consumos: 1, rechazos: 0, deshechos: 1 }]);
    // The undone drink is free again: the ticket is no longer agotado, and the counters agree.
    expect(stats.estadoTickets).toEqual({ activo: 1, agotado: 0, invalidado: 0, caducado: 0 });
    expect(stats.consumosPorHora.reduce((sum, hour) => sum + hour.cantidad, 0)).toBe(1);
    expect(stats.bebidasPopulares).toEqual([{ tipoBebida: 'copa', cantidad: 1 }]);
    expect(await countersOf(evento.id)).toEqual({ counted: 1, used: 1, drinks: 1 });

    const again = await scanner.consume({ qrCode: ticket.qrCode, barra: 'Terraza' });
    expect(again.json()).toMatchObject({ success: true, remainingDrinks: 0 });
    expect(await countersOf(evento.id)).toEqual({ counted: 2, used: 2, drinks: 2 });
  });

  it('keep undos of devices without a bar name under "Sin barra"', async () => {
    const { owner, evento, ticket, scanner } = await scannerSetup(t);
    const scanId = newScanId();
    await scanner.consume({ qrCode: ticket.qrCode, scanId, deviceId: 'movil' });
    expect((await scanner.undo({ scanId, deviceId: 'movil' })).statusCode).toBe(200);

    const stats = (await call(t, owner, 'GET', `/api/stats/${evento.id}`)).json<EventStats>();
    expect(stats).toMatchObject({ totalConsumos: 0, deshechos: 1 });
    expect(stats.porBarra).toEqual([{ barra: 'Sin barra', consumos: 0, rechazos: 0, deshechos: 1 }]);
    expect(await countersOf(evento.id)).toEqual({ counted: 0, used: 0, drinks: 0 });
  });
});
