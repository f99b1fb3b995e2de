// The rehearsal's figures for its report and chart, from what the devices logged, what the driver
// did (timeline) and what the database holds per bar. Pure: the same inputs give the same figures.
// Times are real seconds since the night began (the timeline's `night-start`).
import { percentile } from '../../bench/lib/statistics.mjs';

/** Verdict latency is summarised per window of this many seconds. */
export const LATENCY_WINDOW_SECONDS = 5;

/**
 * @typedef {{ second: number, online: number, offline: number, total: number }} ScansInSecond
 * @typedef {{ second: number, count: number, p50: number, p99: number }} LatencyWindow
 * @typedef {{ count: number, p50: number | null, p99: number | null, max: number | null }} LatencySummary
 * @typedef {{ kind: 'bar' | 'database', name: string, from: number, to: number, seconds: number,
 *   fromAt: string, toAt: string, ended: boolean }} Outage
 * @typedef {{ name: string, second: number, at: string, label: string }} NightEvent
 * @typedef {{ barra: string, drinks: number, conflicts: number }} BarDrinks
 */

/** How each timeline instant is named on the chart and in the report. */
const EVENT_LABELS = {
  'day-end': (line) => `day ${line.day} ends`,
  'cutoff-change': (line) => `cut-off ${line.from} → ${line.to}`,
  reimport: (line) => `re-import (+${line.nuevos ?? '?'} / −${line.anulados ?? '?'})`,
  sigkill: (line) => `SIGKILL ${line.process ?? 'server'}`,
  restart: (line) => `restart ${line.process ?? 'server'}`,
  'db-terminate': (line) => `DB connections terminated (${line.connections ?? '?'})`,
  'db-down': () => 'PostgreSQL stopped',
  'db-up': () => 'PostgreSQL up',
  revoke: (line) => `revoke ${line.deviceName ?? 'device'}`,
  'shared-qr': (line) => `shared QR (${(line.bars ?? []).join(' + ')})`,
};

const ms = (iso) => Date.parse(iso);
const roundSeconds = (seconds) => Math.round(seconds * 1000) / 1000;

/** p50, p99 and max of latencies (ms); nulls when there are none. */
export function latencySummary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, p50: null, p99: null, max: null };
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

/**
 * @param {{ second: number, latencyMs: number }[]} scans
 * @returns {LatencyWindow[]} one entry per window that had verdicts, in time order
 */
function latencyWindows(scans) {
  const byWindow = new Map();
  for (const scan of scans) {
    const window = Math.floor(scan.second / LATENCY_WINDOW_SECONDS) * LATENCY_WINDOW_SECONDS;
    if (!byWindow.has(window)) byWindow.set(window, []);
    byWindow.get(window).push(scan.latencyMs);
  }
  return [...byWindow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, latencies]) => {
      const { count, p50, p99 } = latencySummary(latencies);
      return { second, count, p50, p99 };
    });
}

/** Every second from the first to the last scan, with zeros, so a quiet second shows as a dip. */
function scansPerSecond(scans, lastSecond) {
  if (scans.length === 0) return [];
  const seconds = scans.map((scan) => Math.floor(scan.second));
  const first = Math.min(0, ...seconds);
  const last = Math.max(Math.floor(lastSecond), ...seconds);
  const series = Array.from({ length: last - first + 1 }, (_, i) => ({
    second: first + i,
    online: 0,
    offline: 0,
    total: 0,
  }));
  for (const scan of scans) {
    const bucket = series[Math.floor(scan.second) - first];
    bucket[scan.via === 'offline' ? 'offline' : 'online'] += 1;
    bucket.total += 1;
  }
  return series;
}

/**
 * Start/end pairs of the timeline (`bar-cut`/`bar-restore` per bar, `db-down`/`db-up`); a cut the
 * night ended inside lasts until its planned `until` or the night's end.
 * @returns {Outage[]}
 */
function outages(timeline, secondOf, nightEndAt) {
  const open = new Map();
  const done = [];
  const close = (key, kind, name, start, endAt, ended) => {
    const from = secondOf(start.at);
    const to = secondOf(endAt);
    done.push({
      kind,
      name,
      from,
      to,
      seconds: roundSeconds(to - from),
      fromAt: start.at,
      toAt: endAt,
      ended,
    });
    open.delete(key);
  };
  for (const line of timeline) {
    if (line.name === 'bar-cut') open.set(`bar:${line.bar}`, line);
    if (line.name === 'db-down') open.set('database', line);
    if (line.name === 'bar-restore' && open.has(`bar:${line.bar}`)) {
      close(`bar:${line.bar}`, 'bar', line.bar, open.get(`bar:${line.bar}`), line.at, true);
    }
    if (line.name === 'db-up' && open.has('database')) {
      close('database', 'database', 'PostgreSQL', open.get('database'), line.at, true);
    }
  }
  for (const [key, start] of [...open.entries()]) {
    const endAt = start.until ?? nightEndAt;
    if (key === 'database') close(key, 'database', 'PostgreSQL', start, endAt, false);
    else close(key, 'bar', start.bar, start, endAt, false);
  }
  return done.sort((a, b) => a.from - b.from || a.name.localeCompare(b.name));
}

/** The longest stretch each device saw no network (its `network` lines), longest first. */
function longestDeviceOffline(deviceLogs, secondOf, nightEndSecond) {
  let longest = null;
  for (const [device, lines] of deviceLogs) {
    let downSince = null;
    const consider = (to) => {
      const seconds = roundSeconds(to - downSince);
      if (!longest || seconds > longest.seconds) longest = { device, seconds, from: downSince, to };
    };
    for (const line of lines) {
      if (line.kind !== 'network') continue;
      if (!line.reachable && downSince === null) downSince = secondOf(line.at);
      if (line.reachable && downSince !== null) {
        consider(secondOf(line.at));
        downSince = null;
      }
    }
    if (downSince !== null) consider(Math.max(downSince, nightEndSecond));
  }
  return longest;
}

const isSuccess = (status) => typeof status === 'number' && status >= 200 && status < 300;

/**
 * @param {{
 *   deviceLogs: Map<string, Record<string, any>[]>,
 *   timeline: Record<string, any>[],
 *   judge?: { ok?: boolean } | null,
 *   drinksPerBar?: BarDrinks[],
 *   config?: { days?: number, daySeconds?: number },
 * }} input
 */
export function runFigures({ deviceLogs, timeline, judge = null, drinksPerBar = [], config = {} }) {
  const allLines = [...deviceLogs.values()].flat();
  const instants = [...allLines, ...timeline].map((line) => ms(line.at)).filter(Number.isFinite);
  const nightStartLine = timeline.find((line) => line.name === 'night-start');
  const nightEndLine = timeline.findLast((line) => line.name === 'night-end');
  const originMs = nightStartLine ? ms(nightStartLine.at) : instants.length ? Math.min(...instants) : 0;
  const secondOf = (iso) => roundSeconds((ms(iso) - originMs) / 1000);
  const plannedEndMs =
    config.days && config.daySeconds ? originMs + config.days * config.daySeconds * 1000 : null;
  const endMs = nightEndLine
    ? ms(nightEndLine.at)
    : (plannedEndMs ?? (instants.length ? Math.max(...instants) : originMs));
  const nightEndAt = new Date(endMs).toISOString();
  const durationSeconds = roundSeconds((endMs - originMs) / 1000);

  const scans = allLines
    .filter((line) => line.kind === 'scan')
    .map((line) => ({ ...line, second: secondOf(line.at) }));
  const online = scans.filter((scan) => scan.via === 'online');
  const offline = scans.filter((scan) => scan.via === 'offline');
  const uploads = allLines.filter((line) => line.kind === 'upload');
  const undos = allLines.filter((line) => line.kind === 'undo');
  const topUps = allLines.filter((line) => line.kind === 'topup');

  const outageList = outages(timeline, secondOf, nightEndAt);
  const barOutages = outageList.filter((outage) => outage.kind === 'bar');
  const longestBar = barOutages.reduce(
    (longest, outage) => (!longest || outage.seconds > longest.seconds ? outage : longest),
    null,
  );

  const events = timeline
    .filter((line) => EVENT_LABELS[line.name])
    .map((line) => ({
      name: line.name,
      second: secondOf(line.at),
      at: line.at,
      label: EVENT_LABELS[line.name](line),
    }))
    .sort((a, b) => a.second - b.second);

  const bars = drinksPerBar
    .map(({ barra, drinks, conflicts }) => ({ barra, drinks: Number(drinks), conflicts: Number(conflicts) }))
    .sort((a, b) => a.barra.localeCompare(b.barra, 'en', { numeric: true }));

  return {
    nightStart: new Date(originMs).toISOString(),
    nightEnd: nightEndAt,
    durationSeconds,
    devices: deviceLogs.size,
    judgeOk: judge?.ok ?? null,
    scansPerSecond: scansPerSecond(scans, durationSeconds - 1),
    latency: {
      windowSeconds: LATENCY_WINDOW_SECONDS,
      online: latencyWindows(online),
      offline: latencyWindows(offline),
      onlineOverall: latencySummary(online.map((scan) => scan.latencyMs)),
      offlineOverall: latencySummary(offline.map((scan) => scan.latencyMs)),
    },
    outages: outageList,
    events,
    bars,
    totals: {
      scans: scans.length,
      servedOnline: online.filter((scan) => scan.served).length,
      servedOffline: offline.filter((scan) => scan.served).length,
      refused: scans.filter((scan) => !scan.served).length,
      refusedOnline: online.filter((scan) => !scan.served).length,
      refusedOffline: offline.filter((scan) => !scan.served).length,
      uploads: uploads.length,
      uploadsServed: uploads.filter((upload) => upload.status === 200 && upload.served).length,
      uploadRetries: allLines.filter((line) => line.kind === 'upload-retry').length,
      conflicts: bars.reduce((sum, bar) => sum + bar.conflicts, 0),
      conflictAnswers: uploads.filter((upload) => upload.conflicto === true).length,
      drinksStored: bars.reduce((sum, bar) => sum + bar.drinks, 0),
      undos: undos.filter((undo) => undo.undone).length,
      topUps: topUps.filter((topUp) => isSuccess(topUp.status)).length,
      revokedDevices: new Set(allLines.filter((line) => line.kind === 'revoked').map((line) => line.device))
        .size,
    },
    longestBarOffline: longestBar
      ? { bar: longestBar.name, seconds: longestBar.seconds, from: longestBar.from, to: longestBar.to }
      : null,
    longestDeviceOffline: longestDeviceOffline(deviceLogs, secondOf, durationSeconds),
  };
}
