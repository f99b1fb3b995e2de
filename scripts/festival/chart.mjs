// The rehearsal's picture, drawn by vega-lite from the run's figures (run-figures.mjs): scans per
// second with the faults on the same time axis, the verdict latency, drinks and conflicts per bar.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

const WIDTH = 900;
const FAULT_COLOR = '#b2182b';
const PHASE_COLOR = '#555555';
/** Day ends and cut-off changes are the night's phases; everything else on the rules is a fault. */
const PHASE_EVENTS = new Set(['day-end', 'cutoff-change']);

const timeAxis = (title) => ({
  field: 'second',
  type: 'quantitative',
  title,
  scale: { domain: [0, null] },
});

/**
 * One label per cluster of instants closer than `gapSeconds` (a day's end and the cut-off change,
 * PostgreSQL stopped and up again), so that rotated labels do not print over each other.
 */
export function labelClusters(events, gapSeconds) {
  const clusters = [];
  for (const event of [...events].sort((a, b) => a.second - b.second)) {
    const last = clusters.at(-1);
    if (last && event.second - last.lastSecond < gapSeconds) {
      last.label += ` · ${event.label}`;
      last.lastSecond = event.second;
      if (!PHASE_EVENTS.has(event.name)) last.group = 'fault';
    } else {
      clusters.push({
        second: event.second,
        lastSecond: event.second,
        label: event.label,
        group: PHASE_EVENTS.has(event.name) ? 'phase' : 'fault',
      });
    }
  }
  return clusters;
}

/** Labelled vertical rules for the night's instants (faults red, phases grey). */
function eventRules(events, domainSeconds) {
  const values = events.map((event) => ({
    ...event,
    group: PHASE_EVENTS.has(event.name) ? 'phase' : 'fault',
  }));
  const labels = labelClusters(events, domainSeconds / 80);
  const color = {
    field: 'group',
    type: 'nominal',
    scale: { domain: ['fault', 'phase'], range: [FAULT_COLOR, PHASE_COLOR] },
    legend: null,
  };
  return [
    {
      name: 'fault_rules',
      data: { values },
      mark: { type: 'rule', strokeDash: [4, 3], strokeWidth: 1 },
      encoding: { x: { field: 'second', type: 'quantitative' }, color },
    },
    {
      name: 'fault_labels',
      data: { values: labels },
      mark: {
        type: 'text',
        angle: 270,
        align: 'right',
        baseline: 'bottom',
        dx: -4,
        dy: -2,
        fontSize: 9,
        y: 0,
      },
      encoding: { x: { field: 'second', type: 'quantitative' }, text: { field: 'label' }, color },
    },
  ];
}

/**
 * @param {ReturnType<import('./run-figures.mjs').runFigures>} figures
 * @returns {object} the vega-lite spec
 */
export function chartSpec(figures) {
  const domainEnd = Math.max(figures.durationSeconds, ...figures.scansPerSecond.map((s) => s.second + 1), 1);
  const xScale = { domain: [Math.min(0, ...figures.scansPerSecond.map((s) => s.second)), domainEnd] };
  const x = (title) => ({ ...timeAxis(title), scale: xScale });

  const scanRows = figures.scansPerSecond.flatMap(({ second, online, offline }) => [
    { second, verdict: 'online', scans: online },
    { second, verdict: 'offline', scans: offline },
  ]);
  const scansPanel = {
    title: 'Scans per second (every verdict a bartender saw), faults and phases as rules',
    width: WIDTH,
    height: 220,
    layer: [
      {
        name: 'scan_area',
        data: { values: scanRows },
        mark: { type: 'area', interpolate: 'step-after', opacity: 0.85 },
        encoding: {
          x: x(null),
          y: { field: 'scans', type: 'quantitative', stack: 'zero', title: 'scans / s' },
          color: {
            field: 'verdict',
            type: 'nominal',
            title: 'decided',
            scale: { domain: ['online', 'offline'], range: ['#4575b4', '#fdae61'] },
          },
        },
      },
      ...eventRules(figures.events, xScale.domain[1] - xScale.domain[0]),
    ],
    resolve: { scale: { color: 'independent' } },
  };

  const outageRows = figures.outages.map((outage) => ({
    ...outage,
    row: outage.kind === 'database' ? 'PostgreSQL' : outage.name,
  }));
  // PostgreSQL first, then the bars in their natural order (Barra 2 before Barra 10).
  const rowOrder = [...new Set(outageRows.map((row) => row.row))].sort(
    (a, b) => (b === 'PostgreSQL') - (a === 'PostgreSQL') || a.localeCompare(b, 'en', { numeric: true }),
  );
  const outagesPanel = {
    title: 'Network cuts per bar and PostgreSQL down (shaded: offline)',
    width: WIDTH,
    height: Math.max(40, rowOrder.length * 14),
    layer: [
      {
        name: 'outage_spans',
        data: { values: outageRows },
        mark: { type: 'bar', cornerRadius: 2, height: { band: 0.8 }, clip: true },
        encoding: {
          x: { ...x('seconds into the night'), field: 'from' },
          x2: { field: 'to' },
          y: { field: 'row', type: 'ordinal', title: null, sort: rowOrder },
          color: {
            field: 'kind',
            type: 'nominal',
            title: 'outage',
            scale: { domain: ['bar', 'database'], range: ['#fdae61', '#d73027'] },
          },
          tooltip: [{ field: 'row' }, { field: 'seconds', title: 'seconds' }],
        },
      },
      {
        name: 'outage_rules',
        data: { values: figures.events },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#999999' },
        encoding: { x: { field: 'second', type: 'quantitative' } },
      },
    ],
  };

  const latencyRows = [
    ...figures.latency.online.flatMap(({ second, p50, p99 }) => [
      { second, series: 'online p50', ms: Math.max(1, p50) },
      { second, series: 'online p99', ms: Math.max(1, p99) },
    ]),
    ...figures.latency.offline.map(({ second, p50 }) => ({
      second,
      series: 'offline p50',
      ms: Math.max(1, p50),
    })),
  ];
  const latencyPanel = {
    title: `Verdict latency per ${figures.latency.windowSeconds} s (ms, log scale; offline = decided on the device)`,
    width: WIDTH,
    height: 180,
    layer: [
      {
        name: 'latency_lines',
        data: { values: latencyRows },
        mark: { type: 'line', point: { size: 12 }, strokeWidth: 1.5 },
        encoding: {
          x: x('seconds into the night'),
          y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'ms' },
          color: {
            field: 'series',
            type: 'nominal',
            title: 'latency',
            scale: {
              domain: ['online p50', 'online p99', 'offline p50'],
              range: ['#4575b4', '#313695', '#fdae61'],
            },
          },
        },
      },
      {
        name: 'latency_rules',
        data: { values: figures.events },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#999999' },
        encoding: { x: { field: 'second', type: 'quantitative' } },
      },
    ],
  };

  const barOrder = figures.bars.map((bar) => bar.barra);
  const barAxis = { field: 'barra', type: 'ordinal', title: null, sort: barOrder, axis: { labelAngle: -45 } };
  const drinksPanel = {
    name: 'drinks_bars',
    title: 'Drinks stored per bar',
    width: WIDTH,
    height: 140,
    data: { values: figures.bars },
    mark: { type: 'bar', color: '#4575b4' },
    encoding: { x: barAxis, y: { field: 'drinks', type: 'quantitative', title: 'drinks' } },
  };
  const conflictsPanel = {
    name: 'conflict_bars',
    title: 'Conflicts per bar (offline drinks the server found over a limit)',
    width: WIDTH,
    height: 80,
    data: { values: figures.bars },
    mark: { type: 'bar', color: FAULT_COLOR },
    encoding: {
      x: barAxis,
      y: { field: 'conflicts', type: 'quantitative', title: 'conflicts', axis: { tickMinStep: 1 } },
    },
  };

  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Festival night rehearsed: ${figures.totals.scans.toLocaleString('en')} scans on ${figures.devices} devices`,
    config: { font: 'sans-serif', view: { stroke: '#dddddd' } },
    vconcat: [scansPanel, outagesPanel, latencyPanel, drinksPanel, conflictsPanel],
    resolve: { scale: { color: 'independent' } },
  };
}

/** The SVG text of the chart. */
export async function renderChartSvg(figures) {
  const { spec } = vegaLite.compile(chartSpec(figures));
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The SVG's pixel size, from its root element. */
const svgSize = (svg) => {
  const match = /<svg[^>]*\bwidth="(\d+(?:\.\d+)?)"[^>]*\bheight="(\d+(?:\.\d+)?)"/.exec(svg);
  return match ? { width: Math.ceil(Number(match[1])), height: Math.ceil(Number(match[2])) } : null;
};

/**
 * A PNG of the SVG through headless Chromium's screenshot (no extra dependency); null when there
 * is no Chromium or it fails, since the SVG is the report's picture.
 */
async function writePng(svg, svgPath, chromium) {
  const size = svgSize(svg);
  if (!chromium || !size) return null;
  const pngPath = svgPath.replace(/\.svg$/, '') + '.png';
  const profile = mkdtempSync(join(tmpdir(), 'festival-chart-'));
  try {
    await promisify(execFile)(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        `--window-size=${size.width},${size.height}`,
        `--screenshot=${pngPath}`,
        pathToFileURL(resolve(svgPath)).href,
      ],
      { timeout: 30_000 },
    );
    return existsSync(pngPath) ? pngPath : null;
  } catch {
    return null;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Writes the chart as SVG at `svgPath` and, with `png` (default), a PNG beside it.
 * @param {ReturnType<import('./run-figures.mjs').runFigures>} figures
 * @param {string} svgPath
 * @param {{ png?: boolean, chromium?: string }} [options]
 * @returns {Promise<{ svgPath: string, pngPath: string | null }>}
 */
export async function writeChart(figures, svgPath, options = {}) {
  const svg = await renderChartSvg(figures);
  writeFileSync(svgPath, svg);
  const chromium =
    options.chromium ?? process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((path) => existsSync(path));
  const pngPath = options.png === false ? null : await writePng(svg, svgPath, chromium);
  return { svgPath, pngPath };
}
