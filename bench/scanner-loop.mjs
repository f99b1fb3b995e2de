// The bartender's loop in a real Chromium, against a real server process serving the built app:
//  1. keyboard wedge: a handheld scanner types the code and presses Enter → the verdict painted
//     (aim: ≤ 150 ms on localhost);
//  2. camera: a tap on 'Activar Cámara' with a fake camera showing a real ticket's QR → the verdict
//     painted; each run on a freshly loaded page, so it includes loading the QR decoder and opening
//     the camera. Five framings, each its own fake camera: ordinary (a 240 px code centred; aim
//     ≤ 0.6 s) and the field's (FIELD_SHOTS: held close, held far in a corner, dim, light on a dark
//     screen; aim ≤ 1.5 s each);
//  3. offline: the same keyboard wedge with the network cut (the page loaded and its offline data
//     stored first) → the verdict decided on the device and painted, the drink queued (aim: ≤ 150 ms).
// Times are taken inside the page: performance.now() in a capture-phase listener of the Enter
// keydown (or the button's click), a MutationObserver for the verdict's heading, then two
// requestAnimationFrame callbacks, so the frame showing the verdict has been produced.
// Usage (after `npm run build`): npm run bench:scanner-loop [-- --runs 20] [--camera-only] [--record]
// --camera-only measures the camera framings alone; --record appends the figures, with this
// machine's description and load, to bench/RESULTS.md.
/* global window, document, Element, MutationObserver, requestAnimationFrame -- in the page */
import { existsSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { cameraVideoOfTicketPdf, fakeCameraArgs, FIELD_SHOTS } from '../e2e/support/camera-video.ts';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3193' },
    record: { type: 'boolean', default: false },
    'camera-only': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const loadAtStart = loadavg();
const warmup = Number(values.warmup);
const cameraOnly = values['camera-only'];

/** What the fake camera shows, and how soon its verdict should be painted. */
const FRAMINGS = [
  { name: 'ordinary', title: 'a 240 px code, centred', shot: {}, aimMs: 600 },
  { name: 'close', title: 'held close (90 % of the height)', shot: FIELD_SHOTS.close, aimMs: 1500 },
  { name: 'far', title: 'held far (120 px, in a corner)', shot: FIELD_SHOTS.far, aimMs: 1500 },
  { name: 'dim', title: 'dim, low contrast', shot: FIELD_SHOTS.dim, aimMs: 1500 },
  { name: 'light-on-dark', title: 'light on a dark screen', shot: FIELD_SHOTS.lightOnDark, aimMs: 1500 },
];

if (!existsSync('packages/web/dist/scanner.html')) {
  console.error('packages/web/dist/scanner.html is missing: run `npm run build` first.');
  process.exit(1);
}

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The switches the browser journeys use (playwright.config.ts).
const baseArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const HOUR = 3_600_000;
const VERDICTS = ['Consumo Registrado', 'Error de Validación', 'Error al procesar el ticket'];

// Bench numbers come from one client: the scanner's per-client rate limit stays out of the way.
const server = await startBenchServer({ port: Number(values.port), env: { SCANNER_RATE_LIMIT: '0' } });
const { base } = server;

async function api(method, path, headers, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Installed in every page before its scripts: the start of a scan (Enter in the code field, or a
 * click on 'Activar Cámara') and the moment its verdict has been painted; for the camera, also when
 * the camera opened, when the first frame went to the decoder worker, when the worker found the
 * code, and how many frames it read until then.
 */
function installProbe(verdicts) {
  const probe = { start: 0, verdictAt: 0, paintedAt: 0, verdict: '', seen: new Set() };
  window.__scanProbe = probe;
  const begin = () => {
    probe.start = performance.now();
    probe.verdictAt = 0;
    probe.paintedAt = 0;
    probe.verdict = '';
    probe.seen = new Set(document.querySelectorAll('h2'));
    probe.cameraAt = 0;
    probe.firstFrameAt = 0;
    probe.decodedAt = 0;
    probe.frames = 0;
  };
  const openCamera = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (openCamera) {
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await openCamera(constraints);
      probe.cameraAt ||= performance.now();
      return stream;
    };
  }
  // qr-scanner's decoder worker: a 'decode' message per frame, a 'qrResult' answer to each.
  window.Worker = class extends window.Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data?.type !== 'qrResult' || probe.decodedAt) return;
        probe.frames += 1;
        if (event.data.data !== null) probe.decodedAt = performance.now();
      });
    }
    postMessage(message, ...rest) {
      if (message?.type === 'decode') probe.firstFrameAt ||= performance.now();
      super.postMessage(message, ...rest);
    }
  };
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') begin();
    },
    true,
  );
  window.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.includes('Activar Cámara')) begin();
    },
    true,
  );
  new MutationObserver(() => {
    if (!probe.start || probe.verdictAt) return;
    const heading = [...document.querySelectorAll('h2')].find(
      (element) => !probe.seen.has(element) && verdicts.includes(element.textContent?.trim() ?? ''),
    );
    if (!heading) return;
    probe.verdictAt = performance.now();
    probe.verdict = heading.textContent.trim();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        probe.paintedAt = performance.now();
      }),
    );
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function measured(page, start) {
  await start();
  await page.waitForFunction(() => window.__scanProbe.paintedAt > 0, null, { timeout: 15_000 });
  const probe = await page.evaluate(() => {
    const { start, verdictAt, paintedAt, verdict, cameraAt, firstFrameAt, decodedAt, frames } =
      window.__scanProbe;
    return { start, verdictAt, paintedAt, verdict, cameraAt, firstFrameAt, decodedAt, frames };
  });
  if (probe.verdict !== 'Consumo Registrado') throw new Error(`unexpected verdict: ${probe.verdict}`);
  const since = (at) => (at ? at - probe.start : NaN);
  return {
    total: probe.paintedAt - probe.start,
    toDom: probe.verdictAt - probe.start,
    camera: since(probe.cameraAt),
    firstFrame: since(probe.firstFrameAt),
    decoded: since(probe.decodedAt),
    frames: probe.frames,
  };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}

let browser;
try {
  const { headers } = await signInDemoOrganizer(base);
  const now = Date.now();
  const evento = await (
    await api('POST', '/api/eventos', headers, {
      nombre: 'Bench del escáner',
      ubicacion: 'Sala de pruebas',
      fechaInicio: new Date(now - HOUR).toISOString(),
      fechaFin: new Date(now + 5 * HOUR).toISOString(),
    })
  ).json();
  // Barra libre: every scan of the one ticket records a drink, so every run ends the same way.
  const tipo = await (
    await api('POST', '/api/tipos-ticket', headers, {
      eventoId: evento.id,
      nombre: 'Barra Libre Bench',
      modo: 'temporal',
      durationMinutes: 360,
      drinkType: 'todo',
      validoDesde: evento.fechaInicio,
      validoHasta: evento.fechaFin,
    })
  ).json();
  const pedido = await (
    await api('POST', '/api/pedidos', headers, {
      eventoId: evento.id,
      nombreCompleto: 'Lucía Bench',
      email: 'lucia.bench@example.com',
      ticketTypeId: tipo.id,
      quantity: 1,
    })
  ).json();
  const ticket = pedido.tickets[0];
  const pdf = Buffer.from(await (await api('GET', `/api/tickets/${ticket.id}/pdf`, headers)).arrayBuffer());
  await mkdir('.test-tmp/bench', { recursive: true });
  const videos = {};
  for (const framing of FRAMINGS) {
    // Each video is checked before use: the code where intended, and decodable (zbarimg).
    const made = await cameraVideoOfTicketPdf(pdf, {
      dir: '.test-tmp/bench',
      name: `ticket-${ticket.id}-${framing.name}`,
      expectedCode: ticket.qrCode,
      shot: framing.shot,
    });
    videos[framing.name] = made.video;
  }
  const scannerUrl = `${base}/scanner/${evento.apiKey}`;

  /** A browser whose only camera plays `video`, and a page of it with the probe installed. */
  async function browserShowing(video) {
    browser = await chromium.launch({ executablePath, args: [...baseArgs, ...fakeCameraArgs(video)] });
    const context = await browser.newContext({
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      viewport: { width: 390, height: 844 },
      permissions: ['camera'],
    });
    // The bar's name is asked once per device; this one already answered.
    await context.addInitScript(() => localStorage.setItem('drinkflow-scanner-barra', 'Barra bench'));
    await context.addInitScript(installProbe, VERDICTS);
    return { context, page: await context.newPage() };
  }
  let chromiumVersion = '';
  async function closeBrowser() {
    chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;
  }

  const typed = [];
  const offline = [];
  if (!cameraOnly) {
    const { context, page } = await browserShowing(videos.ordinary);
    // 1. Keyboard wedge, quick mode: the code typed, then Enter.
    await page.goto(scannerUrl);
    const field = page.getByLabel('Código QR');
    for (let run = 0; run < warmup + runs; run++) {
      await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
      await field.pressSequentially(ticket.qrCode);
      const time = await measured(page, () => field.press('Enter'));
      if (run >= warmup) typed.push(time);
    }

    // 3. Offline: the offline data stored, then the network cut; every scan is decided on the
    // device and queued (docs/decisions/035).
    await page.getByText(/^Datos de hace/).waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    for (let run = 0; run < warmup + runs; run++) {
      await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
      await field.pressSequentially(ticket.qrCode);
      const time = await measured(page, () => field.press('Enter'));
      if (run >= warmup) offline.push(time);
    }
    await page.getByText(`${warmup + runs} pendientes de enviar`).waitFor();
    await context.setOffline(false);
    // The queue drains once the network is back: every offline drink reaches the server.
    await page.getByText(/pendientes? de enviar/).waitFor({ state: 'detached', timeout: 60_000 });
    await closeBrowser();
  }

  // 2. Camera, framing by framing: a fresh page, 'Activar Cámara', the fake camera shows the ticket.
  const camera = [];
  for (const framing of FRAMINGS) {
    const { page } = await browserShowing(videos[framing.name]);
    const samples = [];
    for (let run = 0; run < warmup + runs; run++) {
      await page.goto(scannerUrl);
      const button = page.getByRole('button', { name: 'Activar Cámara' });
      await button.waitFor();
      const time = await measured(page, () => button.click());
      if (run >= warmup) samples.push(time);
    }
    camera.push({ framing, samples, stats: summary(samples.map((time) => time.total)) });
    await closeBrowser();
  }

  const load = (averages) => averages.map((value) => value.toFixed(2)).join(' / ');
  const row = (title, stats, aim) =>
    `| ${title} | ${stats.median.toFixed(0)} | ${stats.p95.toFixed(0)} | ${stats.max.toFixed(0)} | ${aim} |`;
  const rows = [];
  const verdicts = [];
  if (!cameraOnly) {
    const typedTotal = summary(typed.map((time) => time.total));
    const offlineTotal = summary(offline.map((time) => time.total));
    rows.push(
      row('Enter on a typed code → verdict painted', typedTotal, '≤ 150 ms'),
      row('… of which Enter → verdict in the DOM', summary(typed.map((time) => time.toDom)), ''),
      row('Enter on a typed code, no network → offline verdict painted', offlineTotal, '≤ 150 ms'),
      row('… of which Enter → verdict in the DOM', summary(offline.map((time) => time.toDom)), ''),
    );
    verdicts.push(
      `typed: ${typedTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95`,
      `offline: ${offlineTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95`,
    );
  }
  for (const { framing, stats } of camera) {
    rows.push(row(`'Activar Cámara' → verdict painted: ${framing.title}`, stats, `≤ ${framing.aimMs} ms`));
    verdicts.push(
      `camera ${framing.name}: ${stats.max <= framing.aimMs ? 'within' : 'OVER'} ${framing.aimMs} ms at max`,
    );
  }
  const report = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `Node ${process.version},\nChromium ${chromiumVersion} (headless, ${executablePath}). ` +
      `Load average (1/5/15 min)\n${load(loadAtStart)} at the start, ${load(loadavg())} at the end. ` +
      `${runs} runs each after ${warmup} warm-up runs;\n` +
      'the server on the same machine (embedded PGlite, demo data).',
    '',
    '| from → to | median ms | p95 ms | max ms | aim |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    "Where the camera's time goes (medians, ms from the click; frames: how many the decoder read",
    'until it found the code, median / max):',
    '',
    '| framing | camera open | first frame to the decoder | code found | verdict painted | frames |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...camera.map(({ framing, samples }) => {
      const median = (key) => summary(samples.map((time) => time[key])).median.toFixed(0);
      const frames = summary(samples.map((time) => time.frames));
      return `| ${framing.name} | ${median('camera')} | ${median('firstFrame')} | ${median('decoded')} | ${median('total')} | ${frames.median} / ${frames.max} |`;
    }),
  ].join('\n');
  console.log(`\n${report}\n`);
  console.log(verdicts.join('; '));

  if (values.record) {
    const date = new Date().toISOString().slice(0, 10);
    await appendFile(
      'bench/RESULTS.md',
      `\n## ${date} — the bartender's loop in Chromium (\`npm run bench:scanner-loop${cameraOnly ? ' -- --camera-only' : ''}\`)\n\n` +
        'Quick mode of the public scanner (/scanner/{apiKey}) on a 390×844 page, one Barra Libre\n' +
        "ticket scanned again and again ('Nuevo Escaneo' between typed runs; a freshly loaded page for\n" +
        "each camera run; the offline runs with the browser context set offline after the event's\n" +
        'offline data was stored, each drink decided on the device and queued, all sent once back\n' +
        'online). Times measured in the page: from the Enter keydown (capture phase) or the\n' +
        "click on 'Activar Cámara' to the verdict's heading in the DOM (MutationObserver), then two\n" +
        "animation frames for the paint. The fake camera is a 640×480 Y4M video of the ticket PDF's QR\n" +
        '(e2e/support/camera-video.ts) behind `--use-file-for-fake-video-capture`, one per framing\n' +
        "(the ordinary one and the field's: FIELD_SHOTS), each in a browser of its own.\n\n" +
        `${report}\n`,
    );
    console.log('Appended to bench/RESULTS.md');
  }
} finally {
  await browser?.close();
  await server.stop();
}
