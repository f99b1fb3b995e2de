// The festival rehearsal's driver (scripts/rehearse-festival.sh starts it with a work folder and a
// pid file): the private database, the servers behind Caddy and a network per bar, the festival set
// up through the API as an organizer would, the devices paired and scanning, the night's faults on
// their schedule, then the judge, the figures, the chart and the report. Exits 1 unless every check
// of the judge holds. docs/decisions/071-festival-rehearsal.md.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient } from './api-client.mjs';
import { startBarProxy } from './bar-proxy.mjs';
import { runBartender } from './bartender.mjs';
import { writeChart } from './chart.mjs';
import { startChromiumDevices } from './chromium-devices.mjs';
import { startCluster } from './cluster.mjs';
import { readDeviceLogs } from './device-log.mjs';
import { BARS } from './festival-plan.mjs';
import { hourMinute, nextWholeMinute, sleepUntil } from './festival-clock.mjs';
import { runJudge } from './judge.mjs';
import { createProtocolDevice } from './protocol-device.mjs';
import { festivalReport } from './report.mjs';
import { runFigures } from './run-figures.mjs';
import { dayEnds, MODES, placeDevices, planFaults, seededRandom } from './schedule.mjs';
import { startFront } from './servers.mjs';
import { publicSummary, setupFestival } from './setup.mjs';
import { watchDashboard } from './sse-watch.mjs';
import { openTimeline } from './timeline.mjs';

const { values } = parseArgs({
  options: {
    'work-dir': { type: 'string' },
    'pid-file': { type: 'string' },
    short: { type: 'boolean', default: false },
    seed: { type: 'string' },
    record: { type: 'boolean', default: false },
  },
});
const workDir = values['work-dir'];
if (!workDir)
  throw new Error('usage: drive.mjs --work-dir DIR [--pid-file F] [--short] [--seed N] [--record]');
const pidFile = values['pid-file'] ?? join(workDir, 'pids');
const mode = values.short ? 'short' : 'full';
const config = MODES[mode];
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const TIME_ZONE = process.env.APP_TIME_ZONE ?? 'Europe/Madrid';
// How long the devices get, after the night, to send what they queued while offline.
const DRAIN_MS = 120_000;

const log = (message) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch {
      // the shell script's trap kills whatever is left by its pid
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

async function main() {
  log(`festival rehearsal, ${mode} mode, seed ${seed} (rerun the same night with --seed ${seed})`);
  mkdirSync(join(workDir, 'devices'), { recursive: true });
  mkdirSync(join(workDir, 'queues'), { recursive: true });
  const timeline = openTimeline(join(workDir, 'timeline.jsonl'));

  const cluster = await startCluster({ workDir, pidFile });
  cleanups.push(() => cluster.stop());
  await cluster.createDatabase('festival');
  const databaseUrl = cluster.url('festival');
  log(`PostgreSQL of its own on port ${cluster.port}`);

  const front = await startFront({ workDir, pidFile, databaseUrl, env: { APP_TIME_ZONE: TIME_ZONE } });
  cleanups.push(() => front.stop());
  log(`two servers behind Caddy: https :${front.httpsPort}, http :${front.httpPort}`);
  const api = createApiClient({ baseUrl: `https://localhost:${front.httpsPort}`, ca: front.ca });

  const placed = placeDevices({ bars: BARS, mode });
  const plan = planFaults({ mode, seed, devices: placed });
  // Each bar's network: a proxy to the HTTPS door for its protocol devices, and one to the plain
  // HTTP door for a Chromium page; a cut takes both down at once.
  const networks = new Map();
  for (const barra of new Set(placed.map((device) => device.barra))) {
    const https = await startBarProxy({ name: barra, targetHost: '127.0.0.1', targetPort: front.httpsPort });
    const http = await startBarProxy({
      name: `${barra} (http)`,
      targetHost: '127.0.0.1',
      targetPort: front.httpPort,
    });
    networks.set(barra, { https, http });
    cleanups.push(() => Promise.all([https.close(), http.close()]));
  }

  const setupStarted = Date.now();
  const festival = await setupFestival({
    api,
    guests: config.guests,
    devices: placed.filter((device) => device.kind === 'protocol'),
    dayCutoff: hourMinute(new Date(Date.now() + 12 * 3600_000), TIME_ZONE),
    start: new Date(Date.now() - 3600_000),
    end: new Date(Date.now() + 6 * 3600_000),
    seed,
  });
  writeFileSync(join(workDir, 'festival.json'), `${JSON.stringify(publicSummary(festival), null, 2)}\n`);
  log(
    `set up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s: ${festival.guests.length} guests imported`,
  );

  // Day 1 ends at the event's cut-off, a whole minute: the night starts one day before it, once
  // every device is paired and holds its offline data (about 10 s for 40 devices and 10,000 tickets).
  const firstCutoff = nextWholeMinute(Date.now() + config.daySeconds * 1000 + config.devices * 500);
  const nightStart = firstCutoff - config.daySeconds * 1000;
  await festival.setCutoff(hourMinute(new Date(firstCutoff), TIME_ZONE));

  const chromium = await startChromiumDevices({
    specs: placed
      .filter((device) => device.kind === 'chromium')
      .map((device) => ({ ...device, baseUrl: `http://localhost:${networks.get(device.barra).http.port}` })),
    pairingCode: festival.newPairingCode,
    apiKey: festival.evento.apiKey,
    logDir: join(workDir, 'devices'),
  });
  cleanups.push(() => chromium.close());
  const protocol = festival.devices.map((paired) =>
    createProtocolDevice({
      ...paired,
      apiKey: festival.evento.apiKey,
      baseUrl: `https://localhost:${networks.get(paired.barra).https.port}`,
      ca: front.ca,
      logDir: join(workDir, 'devices'),
      queueDir: join(workDir, 'queues'),
    }),
  );
  cleanups.push(() => Promise.all(protocol.map((device) => device.stop())));
  await Promise.all(protocol.map((device) => device.ready));
  const devices = new Map([
    ...chromium.devices.map((device) => [device.name, device]),
    ...protocol.map((device) => [device.name, device]),
  ]);
  log(`${devices.size} devices paired (${chromium.devices.length} Chromium pages)`);

  const dashboard = watchDashboard({
    baseUrl: `https://localhost:${front.httpsPort}`,
    ca: front.ca,
    eventoId: festival.evento.id,
    headers: festival.organizer.headers,
    logPath: join(workDir, 'sse.jsonl'),
  });
  cleanups.push(() => dashboard.stop());

  // The shared QR's guest: a two-drink voucher, kept out of the bartenders' pool, served once
  // before the scene so that each of the two offline bars believes one drink is left.
  const sharedGuest = festival.guests.find((guest) => guest.tipo === 'Bono 2 copas');
  const pool = festival.guests.filter((guest) => guest !== sharedGuest);

  log(
    `night starts at ${new Date(nightStart).toISOString()}; day 1 ends at the cut-off ${hourMinute(new Date(firstCutoff), TIME_ZONE)}`,
  );
  if (Date.now() > nightStart)
    log(`the devices were ready ${Date.now() - nightStart} ms after the night's start`);
  await sleepUntil(nightStart);
  timeline.record('phase', 'night-start', { mode, seed, days: config.days, daySeconds: config.daySeconds });
  const at = (seconds) => nightStart + seconds * 1000;
  let stop = false;
  const random = seededRandom(seed ^ 0x5eed);
  const bartenders = [...devices.values()].map((device) =>
    runBartender({
      device,
      guests: pool,
      rng: seededRandom(Math.floor(random() * 2 ** 31)),
      shouldStop: () => stop,
      supervisor: { api, headers: festival.supervisor.headers },
      paceAt: (ms) => paceAt((ms - nightStart) / 1000),
    }),
  );

  const faults = [];
  const faultErrors = [];
  const on = (seconds, action) =>
    faults.push(
      sleepUntil(at(seconds))
        .then(action)
        .catch((error) => {
          faultErrors.push(error);
          timeline.record('phase', 'driver-error', { message: error.message });
        }),
    );
  const [sharedBarA, sharedBarB] = plan.sharedQr.bars;
  const firstAt = (barra) => protocol.find((device) => device.state().barra === barra);
  on(1, () => firstAt(sharedBarA).scan(sharedGuest.qrCode, { tipoBebida: 'copa' }));
  for (const cut of plan.cuts) {
    on(cut.from, () => {
      const network = networks.get(cut.bar);
      network.https.cut();
      network.http.cut();
      timeline.record('fault', 'bar-cut', { bar: cut.bar, until: new Date(at(cut.to)).toISOString() });
    });
    on(cut.to, () => {
      const network = networks.get(cut.bar);
      network.https.restore();
      network.http.restore();
      timeline.record('fault', 'bar-restore', { bar: cut.bar });
    });
  }
  on(plan.sharedQr.at, async () => {
    timeline.record('fault', 'shared-qr', { bars: plan.sharedQr.bars });
    await Promise.all([
      firstAt(sharedBarA).scan(sharedGuest.qrCode, { tipoBebida: 'copa' }),
      firstAt(sharedBarB).scan(sharedGuest.qrCode, { tipoBebida: 'copa' }),
    ]);
  });
  on(plan.sigkill.at, async () => {
    const killed = await front.kill(plan.sigkill.process);
    timeline.record('fault', 'sigkill', {
      process: plan.sigkill.process,
      at: new Date(killed.at).toISOString(),
    });
    await sleep(plan.sigkill.downSeconds * 1000);
    await front.restart(plan.sigkill.process);
    timeline.record('fault', 'restart', { process: plan.sigkill.process });
  });
  on(plan.reimport.at, async () => {
    const result = await festival.reimport();
    pool.push(...result.guestsAdded);
    // The refunded guests still come to the bars now and then: they must be refused.
    const invalidated = new Set(result.invalidatedQrCodes);
    for (const guest of pool) if (invalidated.has(guest.qrCode)) guest.invalidado = true;
    timeline.record('phase', 'reimport', {
      startedAt: new Date(result.startedAt).toISOString(),
      endedAt: new Date(result.endedAt).toISOString(),
      nuevos: result.nuevos,
      anulados: result.anulados,
    });
  });
  on(plan.terminate.at, async () => {
    const connections = await cluster.terminateConnections('festival');
    timeline.record('fault', 'db-terminate', { connections });
  });
  on(plan.revoke.at, async () => {
    const device = festival.devices.find((paired) => paired.name === plan.revoke.device);
    const answer = await api.request(
      'POST',
      `/api/eventos/${festival.evento.id}/dispositivos/${device.deviceId}/revocar`,
      { headers: festival.organizer.headers },
    );
    if (answer.status !== 200) throw new Error(`revoking ${device.name} answered ${answer.status}`);
    timeline.record('fault', 'revoke', {
      deviceName: device.name,
      deviceId: device.deviceId,
      revocadoEn: answer.body.revocadoEn,
    });
  });
  on(plan.databaseRestart.at, async () => {
    timeline.record('fault', 'db-down');
    await cluster.restart({ downMs: plan.databaseRestart.downSeconds * 1000 });
    timeline.record('fault', 'db-up');
  });
  dayEnds(mode).forEach((seconds, index) => {
    on(seconds, async () => {
      timeline.record('phase', 'day-end', { day: index + 1 });
      // The first day ends at the event's cut-off; each later one when the organizer moves the
      // cut-off to the minute that has just begun (docs/decisions/071).
      if (index === 0) return;
      await sleep(250);
      const from = hourMinute(new Date(firstCutoff), TIME_ZONE);
      const to = hourMinute(new Date(), TIME_ZONE);
      await festival.setCutoff(to);
      timeline.record('phase', 'cutoff-change', { from, to });
    });
  });

  await sleepUntil(at(plan.night));
  stop = true;
  await Promise.all(bartenders);
  timeline.record('phase', 'night-end');
  await Promise.all(faults);
  for (const network of networks.values()) {
    network.https.restore();
    network.http.restore();
  }
  log('night over; the devices send what they queued');
  const drainDeadline = Date.now() + DRAIN_MS;
  await Promise.all([
    ...protocol.map((device) => Promise.race([device.flush(), sleepUntil(drainDeadline)])),
    ...chromium.devices.map((device) => queueSent(device, drainDeadline)),
  ]);
  const undrained = [...devices.values()].filter((device) => device.state().pending > 0);
  if (undrained.length > 0) {
    log(
      `still queued after ${DRAIN_MS / 1000} s: ${undrained.map((d) => `${d.name} ${d.state().pending}`).join(', ')}`,
    );
  }
  // The dashboard's last figures after the last drink.
  await sleep(3000);
  await dashboard.stop();
  await Promise.all(protocol.map((device) => device.stop()));
  await chromium.close();

  const judge = await runJudge({
    databaseUrl,
    eventoId: festival.evento.id,
    workDir,
    timeZone: TIME_ZONE,
    organizerHeaders: festival.organizer.headers,
    api,
  });
  const figures = runFigures({
    deviceLogs: readDeviceLogs(join(workDir, 'devices')),
    timeline: timeline.lines,
    judge,
    drinksPerBar: judge.drinksPerBar,
    config: { mode, seed, ...config },
  });
  writeFileSync(join(workDir, 'summary.json'), `${JSON.stringify({ figures, judge }, null, 2)}\n`);
  const chartPath = values.record
    ? join('bench', 'festival', `${new Date().toISOString().slice(0, 10)}-${mode}.svg`)
    : join(workDir, 'festival.svg');
  mkdirSync(join(chartPath, '..'), { recursive: true });
  await writeChart(figures, chartPath);
  const report = festivalReport({
    figures,
    judge,
    config: { mode, seed, ...config },
    machine: {
      cores: cpus().length,
      model: cpus()[0]?.model.trim(),
      memoryGiB: Math.round(totalmem() / 2 ** 30),
    },
    chartPath: chartPath.replace(/^bench\//, ''),
  });
  console.log(`\n${report}\n`);
  for (const check of judge.checks) log(`${check.ok ? '✓' : '✗'} ${check.title}`);
  for (const error of faultErrors) console.error(`The driver could not do its part: ${error.stack}`);
  if (!judge.ok || faultErrors.length > 0) {
    console.error(`The judge found problems: see ${join(workDir, 'judge.json')}. Nothing recorded.`);
    return 1;
  }
  if (values.record) {
    appendFileSync('bench/RESULTS.md', `\n${report}\n`);
    log(`recorded in bench/RESULTS.md, chart in ${chartPath}`);
  }
  return 0;
}

/** A Chromium page sends its queue by itself once its bar's network is back: wait for it. */
async function queueSent(device, deadline) {
  while (device.state().pending > 0 && Date.now() < deadline) await sleep(500);
}

/**
 * How busy the bars are (scans per device per minute is about 60 / seconds between scans): each
 * festival day starts quiet, peaks past its middle and calms before the cut-off.
 */
function paceAt(secondsIntoNight) {
  const { daySeconds } = config;
  const dayFraction = (secondsIntoNight % daySeconds) / daySeconds;
  const busy = Math.sin(Math.PI * Math.min(1, Math.max(0, dayFraction)));
  // Seconds between two scans at one device: 10 when quiet, 4 at the peak.
  return 10 - 6 * busy;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
