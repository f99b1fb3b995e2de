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
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { fakeCameraArgs } from '../e2e/support/camera-video.ts';
import { CHROMIUM_PATH, CHROMIUM_SWITCHES } from './lib/chromium.mjs';
import { installProbe, measured } from './scanner-loop/probe.mjs';
import { record, report, summary } from './scanner-loop/report.mjs';
import { FRAMINGS, seedTicketVideos } from './scanner-loop/seed.mjs';
import { startBenchServer } from './server.mjs';

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

if (!existsSync('packages/web/dist/scanner.html')) {
  console.error('packages/web/dist/scanner.html is missing: run `npm run build` first.');
  process.exit(1);
}

const VERDICTS = ['Consumo Registrado', 'Error de Validación', 'Error al procesar el ticket'];

// Bench numbers come from one client: the scanner's per-client rate limit stays out of the way.
const server = await startBenchServer({ port: Number(values.port), env: { SCANNER_RATE_LIMIT: '0' } });
const { base } = server;

let browser;
try {
  const { evento, ticket, videos } = await seedTicketVideos(base);
  const scannerUrl = `${base}/scanner/${evento.apiKey}`;

  /** A browser whose only camera plays `video`, and a page of it with the probe installed. */
  async function browserShowing(video) {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_SWITCHES, ...fakeCameraArgs(video)],
    });
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
  const { text, verdicts } = report({
    typed,
    offline,
    camera,
    cameraOnly,
    runs,
    warmup,
    loadAtStart,
    chromiumVersion,
  });
  console.log(`\n${text}\n`);
  console.log(verdicts.join('; '));

  if (values.record) {
    await record(text, cameraOnly);
    console.log('Appended to bench/RESULTS.md');
  }
} finally {
  await browser?.close();
  await server.stop();
}
