// The bartender's loop in a real Chromium, against a real server process serving the built app:
//  1. keyboard wedge: a handheld scanner types the code and presses Enter → the verdict painted
//     (aim: ≤ 150 ms on localhost);
//  2. camera: a tap on 'Activar Cámara' with a fake camera showing a real ticket's QR → the verdict
//     painted (aim: ≤ 1.5 s); each run on a freshly loaded page, so it includes loading the QR
//     decoder and opening the camera;
//  3. offline: the same keyboard wedge with the network cut (the page loaded and its offline data
//     stored first) → the verdict decided on the device and painted, the drink queued (aim: ≤ 150 ms).
// Times are taken inside the page: performance.now() in a capture-phase listener of the Enter
// keydown (or the button's click), a MutationObserver for the verdict's heading, then two
// requestAnimationFrame callbacks, so the frame showing the verdict has been produced.
// Usage (after `npm run build`): npm run bench:scanner-loop [-- --runs 20] [--record]
// --record appends the figures, with this machine's description, to bench/RESULTS.md.
/* global window, document, Element, MutationObserver, requestAnimationFrame -- in the page */
import { existsSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { cameraVideoOfTicketPdf, fakeCameraArgs } from '../e2e/support/camera-video.ts';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3193' },
    record: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const loadAtStart = loadavg();
const warmup = Number(values.warmup);

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
 * click on 'Activar Cámara') and the moment its verdict has been painted.
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
    const { start, verdictAt, paintedAt, verdict } = window.__scanProbe;
    return { start, verdictAt, paintedAt, verdict };
  });
  if (probe.verdict !== 'Consumo Registrado') throw new Error(`unexpected verdict: ${probe.verdict}`);
  return { total: probe.paintedAt - probe.start, toDom: probe.verdictAt - probe.start };
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
  const { video } = await cameraVideoOfTicketPdf(pdf, {
    dir: '.test-tmp/bench',
    name: `ticket-${ticket.id}`,
    expectedCode: ticket.qrCode,
  });

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
  const page = await context.newPage();
  const scannerUrl = `${base}/scanner/${evento.apiKey}`;

  // 1. Keyboard wedge, quick mode: the code typed, then Enter.
  await page.goto(scannerUrl);
  const field = page.getByLabel('Código QR');
  const typed = [];
  for (let run = 0; run < warmup + runs; run++) {
    await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
    await field.pressSequentially(ticket.qrCode);
    const time = await measured(page, () => field.press('Enter'));
    if (run >= warmup) typed.push(time);
  }

  // 3. Offline (before the camera runs, which reload the page): the offline data stored, then the network cut;
  // every scan is decided on the device and queued (DECISIONS §12).
  await page.getByText(/^Datos de hace/).waitFor({ timeout: 30_000 });
  await context.setOffline(true);
  const offline = [];
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

  // 2. Camera: a fresh page, 'Activar Cámara', the fake camera shows the ticket.
  const camera = [];
  for (let run = 0; run < warmup + runs; run++) {
    await page.goto(scannerUrl);
    const button = page.getByRole('button', { name: 'Activar Cámara' });
    await button.waitFor();
    const time = await measured(page, () => button.click());
    if (run >= warmup) camera.push(time);
  }

  const chromiumVersion = browser.version();
  const load = (averages) => averages.map((value) => value.toFixed(2)).join(' / ');
  const typedTotal = summary(typed.map((time) => time.total));
  const typedDom = summary(typed.map((time) => time.toDom));
  const cameraTotal = summary(camera.map((time) => time.total));
  const cameraDom = summary(camera.map((time) => time.toDom));
  const offlineTotal = summary(offline.map((time) => time.total));
  const offlineDom = summary(offline.map((time) => time.toDom));
  const row = (title, stats, aim) =>
    `| ${title} | ${stats.median.toFixed(0)} | ${stats.p95.toFixed(0)} | ${stats.max.toFixed(0)} | ${aim} |`;
  const report = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `Node ${process.version},\nChromium ${chromiumVersion} (headless, ${executablePath}). ` +
      `Load average (1/5/15 min)\n${load(loadAtStart)} at the start, ${load(loadavg())} at the end. ` +
      `${runs} runs each after ${warmup} warm-up runs;\n` +
      'the server on the same machine (embedded PGlite, demo data).',
    '',
    '| from → to | median ms | p95 ms | max ms | aim |',
    '| --- | ---: | ---: | ---: | --- |',
    row('Enter on a typed code → verdict painted', typedTotal, '≤ 150 ms'),
    row('… of which Enter → verdict in the DOM', typedDom, ''),
    row("'Activar Cámara' → verdict painted (fake camera)", cameraTotal, '≤ 1500 ms'),
    row('… of which click → verdict in the DOM', cameraDom, ''),
    row('Enter on a typed code, no network → offline verdict painted', offlineTotal, '≤ 150 ms'),
    row('… of which Enter → verdict in the DOM', offlineDom, ''),
  ].join('\n');
  console.log(`\n${report}\n`);
  console.log(
    `typed: ${typedTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95; ` +
      `camera: ${cameraTotal.p95 <= 1500 ? 'within' : 'OVER'} 1.5 s at p95; ` +
      `offline: ${offlineTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95`,
  );

  if (values.record) {
    const date = new Date().toISOString().slice(0, 10);
    await appendFile(
      'bench/RESULTS.md',
      `\n## ${date} — the bartender's loop in Chromium (\`npm run bench:scanner-loop\`)\n\n` +
        'Quick mode of the public scanner (/scanner/{apiKey}) on a 390×844 page, one Barra Libre\n' +
        "ticket scanned again and again ('Nuevo Escaneo' between typed runs; a freshly loaded page for\n" +
        "each camera run; the offline runs with the browser context set offline after the event's\n" +
        'offline data was stored, each drink decided on the device and queued, all sent once back\n' +
        'online). Times measured in the page: from the Enter keydown (capture phase) or the\n' +
        "click on 'Activar Cámara' to the verdict's heading in the DOM (MutationObserver), then two\n" +
        "animation frames for the paint. The fake camera is a Y4M video of the ticket PDF's QR\n" +
        '(e2e/support/camera-video.ts) behind `--use-file-for-fake-video-capture`.\n\n' +
        `${report}\n`,
    );
    console.log('Appended to bench/RESULTS.md');
  }
} finally {
  await browser?.close();
  await server.stop();
}
