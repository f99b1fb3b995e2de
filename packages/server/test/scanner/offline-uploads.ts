import type { EventStats } from '@drinkflow/domain/stats';
import { expect } from 'vitest';
import { call } from '../support/api';
import { expectCsv, getExport } from '../support/csv-exports';
import { newScanId, type ScannerSetup } from '../support/scanner';
import type { TestApp } from '../support/test-app';

/** 22:00 in Madrid, a round minute, so the exports' times read plainly. */
export const NOW = Date.parse('2030-07-04T20:00:00.000Z');

export const iso = (ms: number) => new Date(ms).toISOString();

/** What the offline scanner sends for a drink it served at `at` (ms). */
export const upload = (setup: ScannerSetup, at: number, extra: Record<string, unknown> = {}) => ({
  qrCode: setup.ticket.qrCode,
  scanId: newScanId(),
  deviceId: 'movil-a',
  barra: 'Terraza',
  offline: true,
  escaneadoEn: iso(at),
  ...extra,
});

export const statsOf = async (t: TestApp, setup: ScannerSetup) => {
  const res = await call(t, setup.owner, 'GET', `/api/stats/${setup.evento.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventStats>();
};

export const download = async (t: TestApp, setup: ScannerSetup, name: 'consumos' | 'escaneos') =>
  expectCsv(await getExport(t, setup.owner, setup.evento.id, name), `${name}-evento-${setup.evento.id}.csv`);
