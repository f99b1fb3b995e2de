import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account } from '../support/accounts';
import { call } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { closeStreamApp, liveEvent, startStreamApp } from './stream-app';
import { newScanId, scannerClient } from '../support/scanner';
import { openStatsStream } from '../support/sse-client';

// docs/rules/statistics.md, docs/decisions/021: the statistics page's live stream.

let t: TestApp;
let base: string;
let owner: Account;

beforeAll(async () => {
  ({ t, base, owner } = await startStreamApp());
});

afterAll(() => closeStreamApp(t));

describe('GET /api/stats/{eventoId}/stream', () => {
  it('sends the statistics at once, as an uncompressed, uncached event stream', async () => {
    const { evento } = await liveEvent(t, owner, 2);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('content-encoding')).toBeNull();

      const first = await stream.waitFor(() => true, 1_000);
      expect(first).toMatchObject({
        totalConsumos: 0,
        totalAsistentes: 2,
        promedioConsumos: 0,
        horasPico: [],
      });
      expect(first.estadoTickets).toEqual({ activo: 2, agotado: 0, invalidado: 0, caducado: 0 });
    } finally {
      stream.close();
    }
  });

  it('sends new statistics within 2 s of a consume through the scanner, and of its undo', async () => {
    const { evento, pedido } = await liveEvent(t, owner);
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      await stream.waitFor((stats) => stats.totalConsumos === 0, 1_000);
      const scanId = newScanId();
      const deviceId = 'barra-principal';

      const consumed = await scanner.consume({
        qrCode: pedido.tickets[0]!.qrCode,
        scanId,
        deviceId,
        barra: 'Terraza',
      });
      expect(consumed.statusCode, consumed.body).toBe(200);
      const after = await stream.waitFor((stats) => stats.totalConsumos === 1, 2_000);
      expect(after.porBarra).toEqual([{ barra: 'Terraza', consumos: 1, rechazos: 0, deshechos: 0 }]);
      expect(after.promedioConsumos).toBe(1);

      const seen = stream.stats().length;
      const undone = await scanner.undo({ scanId, deviceId });
      expect(undone.statusCode, undone.body).toBeLessThan(300);
      const afterUndo = await stream.waitFor((stats) => stats.totalConsumos === 0, 2_000, seen);
      expect(afterUndo.deshechos).toBe(1);
      expect(afterUndo.porBarra).toEqual([{ barra: 'Terraza', consumos: 0, rechazos: 0, deshechos: 1 }]);
    } finally {
      stream.close();
    }
  });

  it('sends new statistics within 2 s of a top-up, with no scan after it (docs/rules/festivals.md)', async () => {
    const { evento, pedido } = await liveEvent(t, owner);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      const first = await stream.waitFor(() => true, 1_000);
      expect(first.recargas).toEqual({ bebidas: 0, importe: 0 });

      const res = await call(t, owner, 'POST', `/api/tickets/${pedido.tickets[0]!.id}/recargas`, {
        bebidas: 2,
        importe: 7.5,
        metodo: 'efectivo',
      });
      expect(res.statusCode, res.body).toBe(201);

      const after = await stream.waitFor((stats) => stats.recargas?.bebidas === 2, 2_000);
      expect(after.recargas).toEqual({ bebidas: 2, importe: 7.5 });
      expect(after.totalConsumos).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('counts a refused scan as soon as it happens', async () => {
    const { evento, pedido } = await liveEvent(t, owner);
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      await stream.waitFor(() => true, 1_000);
      await scanner.consume({ qrCode: pedido.tickets[0]!.qrCode, tipoBebida: 'limonada-inexistente' });
      for (let i = 0; i < 4; i++) await scanner.consume({ qrCode: pedido.tickets[0]!.qrCode });

      const last = await stream.waitFor(
        (stats) => stats.totalConsumos === 4 && stats.rechazos.agotado === 1,
        2_000,
      );
      expect(last.estadoTickets.agotado).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('sends the alerts at once, and again when a scan makes one fire (docs/decisions/022)', async () => {
    const { evento, pedido } = await liveEvent(t, owner);
    const rules = {
      rechazosPorTicket: 2,
      consumosPorHora: null,
      minutosSinEscanear: null,
      deshechosPorBarra: null,
    };
    const saved = await call(t, owner, 'PUT', `/api/eventos/${evento.id}/alertas/reglas`, rules);
    expect(saved.statusCode, saved.body).toBe(200);
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      const first = await stream.waitForAlerts(() => true, 1_000);
      expect(first).toEqual({ reglas: rules, alertas: [] });

      const qrCode = pedido.tickets[0]!.qrCode;
      for (let i = 0; i < 4; i++) await scanner.consume({ qrCode, barra: 'Terraza' });
      await stream.waitFor((stats) => stats.totalConsumos === 4, 2_000);
      for (let i = 0; i < 3; i++) await scanner.consume({ qrCode, barra: 'Terraza' }); // agotado ×3

      const fired = await stream.waitForAlerts((alerts) => alerts.alertas.length > 0, 3_000);
      expect(fired.alertas).toMatchObject([{ tipo: 'qr_compartido', cantidad: 3, umbral: 2 }]);
      // Sent when it changes, not with every figure.
      expect(stream.alerts().length).toBeLessThan(stream.stats().length);
    } finally {
      stream.close();
    }
  });

  it('counts an unknown QR’s refusal as soon as it happens', async () => {
    const { evento } = await liveEvent(t, owner);
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      await stream.waitFor(() => true, 1_000);
      const res = await scanner.consume({ qrCode: 'no-es-un-ticket', barra: 'Puerta' });
      expect(res.statusCode).toBe(404);

      const after = await stream.waitFor((stats) => stats.rechazos.no_encontrado === 1, 2_000);
      expect(after.porBarra).toEqual([{ barra: 'Puerta', consumos: 0, rechazos: 1, deshechos: 0 }]);
    } finally {
      stream.close();
    }
  });

  it('coalesces a burst of scans into a few recomputations', async () => {
    const { evento, pedido } = await liveEvent(t, owner, 10);
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      await stream.waitFor(() => true, 1_000);
      const started = Date.now();
      await Promise.all(pedido.tickets.map((ticket) => scanner.consume({ qrCode: ticket.qrCode })));
      await stream.waitFor((stats) => stats.totalConsumos === 10, 2_000);
      const elapsed = Date.now() - started;
      // The first event plus at most one per 500 ms window (and one trailing), never one per scan.
      expect(stream.stats().length - 1).toBeLessThanOrEqual(Math.ceil(elapsed / 500) + 1);
    } finally {
      stream.close();
    }
  });

  it('does not send another event’s scans', async () => {
    const watched = await liveEvent(t, owner);
    const other = await liveEvent(t, owner);
    const stream = await openStatsStream(base, watched.evento.id, owner.token);
    try {
      await stream.waitFor(() => true, 1_000);
      await scannerClient(t, other.evento.apiKey).consume({ qrCode: other.pedido.tickets[0]!.qrCode });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(stream.stats().map((stats) => stats.totalConsumos)).toEqual([0]);
    } finally {
      stream.close();
    }
  });
});

describe('closing', () => {
  it('ends open streams when the app closes, without waiting for them', async () => {
    const other = await createTestApp({ database: t.database });
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { evento } = await liveEvent(t, owner);
    const stream = await openStatsStream(otherBase, evento.id, owner.token);
    await stream.waitFor(() => true, 1_000);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    stream.close();
  });
});
