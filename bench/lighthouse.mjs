// Lighthouse (mobile preset, simulated slow 4G and a mid-range phone's CPU) against the built
// product on a fresh embedded database: the landing page, login, the organizer's events (signed in
// as the demo organizer), the public bar scanner and a guest's ticket page (/t/{token}).
// Usage: npm run lighthouse [-- --record] [--runs 3] [--diagnose] [--only /login] [--cpu-slowdown 8]
//   (builds the web app first; --skip-build reuses the last build; --diagnose prints each page's
//   longest main-thread tasks and script costs; --only audits one page: /, /login, /organizer,
//   /scanner or /t; --cpu-slowdown replaces the preset's 4× CPU slowdown, e.g. 8 to rehearse a machine
//   half as fast as this one, which is what its benchmarkIndex drops to when it is busy; WEB_ROOT=dir
//   with --skip-build audits another build, e.g. one of an older commit, in the same conditions.
//   --record appends all five pages, with each one's benchmarkIndex and the load, to bench/RESULTS.md)
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, CHROMIUM_SWITCHES } from './lib/chromium.mjs';
import { formatLoad } from './lib/machine.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    record: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3193' },
    'skip-build': { type: 'boolean', default: false },
    diagnose: { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-slowdown': { type: 'string', default: '4' },
  },
});
if (values.record && values.only) {
  throw new Error('--record writes all five pages to bench/RESULTS.md: run it without --only');
}
const loadAtStart = loadavg();
const runs = Number(values.runs);
const cpuSlowdown = Number(values['cpu-slowdown']);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const timings = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

if (!values['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const server = await startBenchServer({ port: Number(values.port) });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_SWITCHES],
});

try {
  const organizer = await signInDemoOrganizer(server.base);
  const token = organizer.headers.authorization.replace('Bearer ', '');
  const eventos = await (
    await fetch(`${server.base}/api/eventos/${organizer.user.id}`, { headers: organizer.headers })
  ).json();
  const apiKey = eventos[0].apiKey;
  // A guest's link: the first ticket of the demo event's first order (docs/decisions/041).
  const envios = await (
    await fetch(`${server.base}/api/eventos/${eventos[0].id}/envios-whatsapp`, { headers: organizer.headers })
  ).json();
  const guestLink = envios.find((envio) => envio.tickets.length > 0)?.tickets[0].enlaceInvitado;
  if (!guestLink) throw new Error('the demo event has no ticket for the guest page');

  // The organizer page needs a session in the browser's storage; the other pages are audited as a
  // new visitor sees them, with none (a stored session would send /login on to the organizer's
  // home). Lighthouse's reset before each run empties the HTTP cache, so every run is a first visit,
  // and keeps localStorage (its default clearStorageTypes leave it alone).
  const session = { token, user: organizer.user };
  async function storeSession(stored) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${server.base}/robots.txt`);
    await page.evaluate((value) => {
      localStorage.clear();
      if (value) {
        localStorage.setItem('drinkflow_token', value.token);
        localStorage.setItem('drinkflow_user', JSON.stringify(value.user));
      }
    }, stored);
    await page.close();
    await browser.disconnect();
  }

  const pages = [
    ['Landing', '/', null],
    ['Login', '/login', null],
    ['Eventos (organizador)', '/organizer/eventos', session],
    ['Escáner público', `/scanner/${apiKey}`, null],
    ['Ticket del invitado', guestLink, null],
  ];
  const results = [];
  for (const [name, path, signedInAs] of pages) {
    if (values.only && path !== values.only && !path.startsWith(`${values.only}/`)) continue;
    await storeSession(signedInAs);
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const { lhr } = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      });
      if (lhr.finalDisplayedUrl !== `${server.base}${path}`) {
        throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}: the audit is not of the page asked for`);
      }
      samples.push(lhr);
    }
    // The median run by performance score, as Lighthouse's own docs recommend for variance.
    samples.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = samples[Math.floor(samples.length / 2)];
    if (values.diagnose) printDiagnosis(name, lhr);
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id);
    results.push({
      name,
      path: path.replace(apiKey, '{apiKey}').replace(/^\/t\/.+$/, '/t/{token}'),
      scores: Object.fromEntries(
        categories.map((id) => {
          const { score } = lhr.categories[id];
          return [id, score === null ? 'error' : Math.round(score * 100)];
        }),
      ),
      runtimeError: lhr.runtimeError?.code,
      timings: Object.fromEntries(
        Object.entries(timings).map(([id, label]) => [label, lhr.audits[id].displayValue]),
      ),
      failing,
      version: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      userAgent: lhr.environment.hostUserAgent,
    });
  }

  // benchmarkIndex beside each page's figures: Lighthouse's measure of how fast this machine was
  // during that run (lower when busy). Its 4× slowdown multiplies what it observed, so a busy run's
  // blocking time grows with it (docs/decisions/049).
  const lines = [
    '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | benchmarkIndex |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ` +
        `${r.scores['best-practices']} | ${r.scores.seo} | ${r.timings.FCP} | ${r.timings.LCP} | ` +
        `${r.timings.TBT} | ${r.timings.CLS} | ${r.timings.SI} | ${Math.round(r.benchmarkIndex)} |`,
    ),
  ];
  const below = results.flatMap((r) => [
    ...(r.runtimeError ? [`- ${r.name}: Lighthouse could not audit it (${r.runtimeError})`] : []),
    ...(r.failing.length ? [`- ${r.name}: audits below 0.9: ${r.failing.join(', ')}`] : []),
  ]);
  console.log([...lines, '', ...below].join('\n'));

  if (values.record) {
    if (results.length !== pages.length) throw new Error('--record needs every page audited');
    const chromium = results[0].userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
    const section = [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — Lighthouse, mobile preset, first visits`,
      '',
      `Machine: ${cpus()[0].model}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM; ` +
        `Node ${process.version}; Lighthouse ${results[0].version}; Debian Chromium ${chromium}. ` +
        `\`npm run lighthouse\` — built product, fresh embedded database with demo data, every run a ` +
        `first visit (HTTP cache emptied), ` +
        `median of ${runs} runs per page (simulated slow 4G, ${cpuSlowdown}× CPU slowdown). ` +
        `Load average (1/5/15 min): ${formatLoad(loadAtStart)} at the start, ${formatLoad(loadavg())} at the end.`,
      '',
      ...lines,
      ...(below.length ? ['', ...below] : []),
      '',
    ];
    appendFileSync('bench/RESULTS.md', section.join('\n'));
    console.log('Recorded in bench/RESULTS.md');
  }
} finally {
  await chrome.kill();
  await server.stop();
}

/**
 * The longest main-thread tasks (as simulated), the main thread's time by kind of work and each
 * script's cost, to see where TBT comes from. 'Unattributable' is work Lighthouse ties to no URL:
 * style and layout, garbage collection, and JavaScript run from a promise's continuation.
 */
function printDiagnosis(name, lhr) {
  const short = (url) => (url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';
  const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  console.log(
    `\n${name}: TBT ${lhr.audits['total-blocking-time'].displayValue}, benchmarkIndex ${lhr.environment.benchmarkIndex}`,
  );
  for (const task of longTasks.slice(0, 8)) {
    console.log(
      `  long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms — ${short(task.url)}`,
    );
  }
  const byKind = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(
    `  main thread: ${byKind.map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`).join(', ')}`,
  );
  for (const script of bootup.slice(0, 6)) {
    console.log(
      `  script ${short(script.url)}: total ${Math.round(script.total)} ms, scripting ${Math.round(script.scripting)} ms, parse ${Math.round(script.scriptParseCompile)} ms`,
    );
  }
}
