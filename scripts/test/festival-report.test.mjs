import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chartSpec, labelClusters, renderChartSvg, writeChart } from '../festival/chart.mjs';
import { festivalReport, hasSecretLookingText, redactSecrets } from '../festival/report.mjs';
import { runFigures } from '../festival/run-figures.mjs';

// A small fabricated night of 10 s: two devices, one per bar, Barra 1 cut from 2 s to 7 s, Barra 2
// cut at 5 s and never restored (the cut was planned until 9 s), PostgreSQL down from 6 s to 8 s.
const NIGHT_START = Date.parse('2026-11-29T21:00:00.000Z');
const at = (second) => new Date(NIGHT_START + second * 1000).toISOString();
const QR_CODE = 'Zk3_q9LmPwXr7TtY2vBnQ8sD';
const SHOP_BARCODE = '1234567890123456';
const DEVICE_TOKEN = 'dT0k3n_s3cr3t-AbCdEfGhIjKlMnOp';

const scan = (second, device, via, served, latencyMs, barra) => ({
  at: at(second),
  device,
  kind: 'scan',
  scanId: `${device}-${second}`,
  qr: QR_CODE,
  barra,
  tipoBebida: 'Cerveza',
  via,
  served,
  reason: served ? null : 'limite',
  status: via === 'online' ? 200 : null,
  latencyMs,
});

const deviceLogs = new Map([
  [
    'Barra 01',
    [
      scan(0.2, 'Barra 01', 'online', true, 10, 'Barra 1'),
      scan(0.7, 'Barra 01', 'online', false, 30, 'Barra 1'),
      scan(1.1, 'Barra 01', 'online', true, 20, 'Barra 1'),
      { at: at(2), device: 'Barra 01', kind: 'network', reachable: false },
      scan(2.5, 'Barra 01', 'offline', true, 2600, 'Barra 1'),
      scan(3, 'Barra 01', 'offline', false, 5, 'Barra 1'),
      { at: at(7.5), device: 'Barra 01', kind: 'network', reachable: true },
      { at: at(7.6), device: 'Barra 01', kind: 'upload-retry', scanId: 'u1', status: 503 },
      {
        at: at(7.7),
        device: 'Barra 01',
        kind: 'upload',
        scanId: 'u1',
        status: 200,
        served: true,
        conflicto: false,
      },
      {
        at: at(7.8),
        device: 'Barra 01',
        kind: 'upload',
        scanId: 'u2',
        status: 200,
        served: true,
        conflicto: true,
      },
      { at: at(8), device: 'Barra 01', kind: 'undo', scanId: 'x', status: 200, undone: true },
      { at: at(8.5), device: 'Barra 01', kind: 'undo', scanId: 'y', status: 404, undone: false },
    ],
  ],
  [
    'Barra 02',
    [
      scan(5, 'Barra 02', 'online', true, 100, 'Barra 2'),
      scan(6, 'Barra 02', 'online', true, 40, 'Barra 2'),
      scan(6.2, 'Barra 02', 'online', false, 300, 'Barra 2'),
      { at: at(6.5), device: 'Barra 02', kind: 'topup', qr: QR_CODE, ticketId: 't', bebidas: 2, status: 200 },
      { at: at(6.6), device: 'Barra 02', kind: 'topup', qr: QR_CODE, ticketId: 't', bebidas: 2, status: 409 },
    ],
  ],
]);

const timeline = [
  { at: at(0), kind: 'phase', name: 'night-start' },
  { at: at(2), kind: 'fault', name: 'bar-cut', bar: 'Barra 1', until: at(7) },
  { at: at(3), kind: 'fault', name: 'sigkill', process: 'A' },
  { at: at(4), kind: 'fault', name: 'restart', process: 'A' },
  { at: at(5), kind: 'fault', name: 'bar-cut', bar: 'Barra 2', until: at(9) },
  { at: at(6), kind: 'fault', name: 'db-down' },
  { at: at(7), kind: 'fault', name: 'bar-restore', bar: 'Barra 1' },
  { at: at(8), kind: 'fault', name: 'db-up' },
  { at: at(9), kind: 'phase', name: 'cutoff-change', from: '21:03', to: '21:09' },
  { at: at(9.5), kind: 'fault', name: 'revoke', deviceName: 'Barra 02', deviceId: 'd', revocadoEn: at(9.5) },
  { at: at(10), kind: 'phase', name: 'night-end' },
];

const drinksPerBar = [
  { barra: 'Barra 2', drinks: '3', conflicts: 0 },
  { barra: 'Barra 10', drinks: 1, conflicts: 0 },
  { barra: 'Barra 1', drinks: 4, conflicts: 1 },
];

const figures = runFigures({ deviceLogs, timeline, judge: { ok: true }, drinksPerBar, config: {} });

describe('runFigures', () => {
  it('counts the scans of each second, with the quiet seconds as zeros', () => {
    expect(figures.durationSeconds).toBe(10);
    expect(figures.scansPerSecond.map((s) => [s.second, s.online, s.offline, s.total])).toEqual([
      [0, 2, 0, 2],
      [1, 1, 0, 1],
      [2, 0, 1, 1],
      [3, 0, 1, 1],
      [4, 0, 0, 0],
      [5, 1, 0, 1],
      [6, 2, 0, 2],
      [7, 0, 0, 0],
      [8, 0, 0, 0],
      [9, 0, 0, 0],
    ]);
  });

  it('gives p50 and p99 of the online verdicts per 5 s, and the offline ones apart', () => {
    expect(figures.latency.online).toEqual([
      { second: 0, count: 3, p50: 20, p99: 30 },
      { second: 5, count: 3, p50: 100, p99: 300 },
    ]);
    expect(figures.latency.offline).toEqual([{ second: 0, count: 2, p50: 2600, p99: 2600 }]);
    expect(figures.latency.onlineOverall).toEqual({ count: 6, p50: 40, p99: 300, max: 300 });
    expect(figures.latency.offlineOverall).toEqual({ count: 2, p50: 2600, p99: 2600, max: 2600 });
  });

  it('adds up the night', () => {
    expect(figures.totals).toEqual({
      scans: 8,
      servedOnline: 4,
      servedOffline: 1,
      refused: 3,
      refusedOnline: 2,
      refusedOffline: 1,
      uploads: 2,
      uploadsServed: 2,
      uploadRetries: 1,
      conflicts: 1,
      conflictAnswers: 1,
      drinksStored: 8,
      undos: 1,
      topUps: 1,
      revokedDevices: 0,
    });
    expect(figures.bars.map((bar) => bar.barra)).toEqual(['Barra 1', 'Barra 2', 'Barra 10']);
    expect(figures.bars[1].drinks).toBe(3);
  });

  it('pairs the outages, ending a cut left open at its planned end, and finds the longest', () => {
    expect(
      figures.outages.map(({ kind, name, from, to, seconds, ended }) => [
        kind,
        name,
        from,
        to,
        seconds,
        ended,
      ]),
    ).toEqual([
      ['bar', 'Barra 1', 2, 7, 5, true],
      ['bar', 'Barra 2', 5, 9, 4, false],
      ['database', 'PostgreSQL', 6, 8, 2, true],
    ]);
    expect(figures.longestBarOffline).toEqual({ bar: 'Barra 1', seconds: 5, from: 2, to: 7 });
    expect(figures.longestDeviceOffline).toEqual({ device: 'Barra 01', seconds: 5.5, from: 2, to: 7.5 });
  });

  it('names the instants the chart marks', () => {
    expect(figures.events.map((event) => [event.second, event.label])).toEqual([
      [3, 'SIGKILL A'],
      [4, 'restart A'],
      [6, 'PostgreSQL stopped'],
      [8, 'PostgreSQL up'],
      [9, 'cut-off 21:03 → 21:09'],
      [9.5, 'revoke Barra 02'],
    ]);
  });
});

/** The SVG elements vega drew for the mark named `name` (a group of paths or texts). */
function markGroup(svg, name) {
  const start = svg.indexOf(`role-mark ${name}_marks"`);
  expect(start, `mark ${name}`).toBeGreaterThan(-1);
  return svg.slice(start, svg.indexOf('</g>', start));
}

describe('the chart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'festival-chart-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws a bar per bar, a span per outage and a rule and label per fault', async () => {
    const svg = await renderChartSvg(figures);
    expect(markGroup(svg, 'drinks_bars').match(/<path/g)).toHaveLength(3);
    expect(markGroup(svg, 'conflict_bars').match(/<path/g)).toHaveLength(3);
    expect(markGroup(svg, 'outage_spans').match(/<path/g)).toHaveLength(3);
    expect(markGroup(svg, 'fault_rules').match(/<line/g)).toHaveLength(6);
    const labels = markGroup(svg, 'fault_labels');
    for (const label of [
      'SIGKILL A',
      'restart A',
      'PostgreSQL stopped',
      'PostgreSQL up',
      'revoke Barra 02',
    ]) {
      expect(labels).toContain(label);
    }
    expect(markGroup(svg, 'scan_area')).toContain('<path');
    expect(markGroup(svg, 'latency_lines')).toContain('<path');
  });

  it('keeps one time axis for the scans, the outages and the latency', () => {
    const [scans, outages, latency] = chartSpec(figures).vconcat;
    expect(scans.layer[0].encoding.x.scale).toEqual({ domain: [0, 10] });
    expect(outages.layer[0].encoding.x.scale).toEqual({ domain: [0, 10] });
    expect(latency.layer[0].encoding.x.scale).toEqual({ domain: [0, 10] });
  });

  it('merges the labels of instants too close to read apart', () => {
    const events = [
      { name: 'day-end', second: 180, label: 'day 1 ends' },
      { name: 'cutoff-change', second: 180.1, label: 'cut-off 21:03 → 21:06' },
      { name: 'sigkill', second: 200, label: 'SIGKILL A' },
    ];
    expect(labelClusters(events, 5).map(({ second, label, group }) => [second, label, group])).toEqual([
      [180, 'day 1 ends · cut-off 21:03 → 21:06', 'phase'],
      [200, 'SIGKILL A', 'fault'],
    ]);
  });

  it('writes the SVG file', async () => {
    const svgPath = join(dir, 'night.svg');
    const written = await writeChart(figures, svgPath, { png: false });
    expect(written).toEqual({ svgPath, pngPath: null });
    expect(readFileSync(svgPath, 'utf8')).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe('festivalReport', () => {
  const judge = {
    ok: true,
    checks: [
      {
        id: 'acknowledged-stored-once',
        title: 'Every acknowledged drink is stored exactly once',
        ok: true,
        figures: {
          acknowledged: 12345,
          storedOnce: 12345,
          undoneBy: { 'Barra 07': 2 },
          failureCount: 0,
        },
        failures: [],
      },
      {
        id: 'conflicts',
        title: `Conflicts | shared code ${QR_CODE}`,
        ok: true,
        figures: { conflicts: 1, sharedQr: QR_CODE, barcode: SHOP_BARCODE, header: `Bearer ${DEVICE_TOKEN}` },
        failures: [{ qr: QR_CODE }],
      },
    ],
  };
  const report = festivalReport({
    figures,
    judge,
    config: { mode: 'short', seed: 7, days: 2, daySeconds: 30, guests: 1000, devices: 8, chromiumDevices: 2 },
    machine: { cores: 2, model: 'AMD EPYC 7B13', memoryGiB: 24, node: 'v20.20.2' },
    chartPath: 'festival/2026-11-29-short.svg',
  });

  it('is a RESULTS.md section: dated title, run and machine line, rerun command', () => {
    expect(report).toMatch(/^## 2026-11-29 — .*`npm run rehearse:festival -- --short`/);
    expect(report).toContain(
      'Run at 2026-11-29 21:00 UTC (short mode, seed 7). Machine: 2 × AMD EPYC 7B13 · 24 GiB RAM · Node v20.20.2',
    );
    expect(report).toContain('1 real second = 48 festival minutes, factor 2,880');
    expect(report).toContain('Rerun: `npm run rehearse:festival`');
  });

  it('has the checks table with their figures', () => {
    expect(report).toContain('| check | holds | figures |');
    expect(report).toContain(
      '| Every acknowledged drink is stored exactly once | yes | acknowledged 12,345 · storedOnce 12,345 · undoneBy {Barra 07 2} · failureCount 0 |',
    );
    expect(report).toContain("Judge's verdict: every check holds.");
  });

  it('has the totals, the faults with their times and the chart by a relative path', () => {
    expect(report).toContain('| 8 | 4 | 1 | 3 (2 online, 1 offline) | 2 (2) | 1 | 1 | 1 | 1 | 8 |');
    expect(report).toContain('| 3 s | 21:00:03 | SIGKILL A |');
    expect(report).toContain('| 9 s | 21:00:09 | cut-off 21:03 → 21:09 |');
    expect(report).toContain(
      '2 network cuts on 2 bars, 4 s–5 s each; the longest: Barra 1, 5 s (2 s → 7 s).',
    );
    expect(report).toContain('](festival/2026-11-29-short.svg)');
  });

  it('never holds a QR code, a barcode or a token', () => {
    for (const secret of [QR_CODE, SHOP_BARCODE, DEVICE_TOKEN]) expect(report).not.toContain(secret);
    expect(hasSecretLookingText(report)).toBe(false);
    expect(report).toContain('sharedQr [redacted]');
  });
});

describe('redactSecrets', () => {
  it('blanks generated codes, ids, barcodes and named credentials', () => {
    expect(redactSecrets(`qr ${QR_CODE}`)).toBe('qr [redacted]');
    expect(redactSecrets('device 3f2a9c1e-1b2c-4d5e-8f90-123456789abc')).toBe('device [redacted]');
    expect(redactSecrets(`code ${SHOP_BARCODE}.`)).toBe('code [redacted].');
    expect(redactSecrets('apiKey=abc')).toBe('apiKey=[redacted]');
    expect(redactSecrets('AbCdEfGhIjKlMnOpQrSt')).toBe('[redacted]');
    // A judge's figure names are words, however long.
    expect(redactSecrets('recordedByTheUnansweredAttempt 0 · dbOutageGraceMs 5')).toBe(
      'recordedByTheUnansweredAttempt 0 · dbOutageGraceMs 5',
    );
  });

  it('keeps names, dates and formatted numbers', () => {
    const text =
      'acknowledged-stored-once recordedByTheUnansweredAttempt 2026-11-29-short 1,234,567,890 the token refused';
    expect(redactSecrets(text)).toBe(text);
  });
});
