// What open guest pages cost the server (docs/decisions/066): `--pages` guest pages of one running
// event held open against one server process on PostgreSQL, each from its own address (TRUST_PROXY,
// X-Forwarded-For, as phones arrive through the proxy), while a bar scans `--scans-per-second` of
// those tickets. Two ways of keeping a page live are measured in turn on the same seeded event:
// - stream: each page holds GET /api/t/{token}/stream and asks GET /api/t/{token} when told `cambio`
//   (what the page does);
// - poll:   each page asks GET /api/t/{token} every `--poll-ms` (the alternative, for comparison).
// Prints per way: connections held or polls a second, the server's and PostgreSQL's CPU, the
// server's memory (RSS) before and with the pages open, and how long a drink took from the scan
// request to a page's answer that shows it (p50 / p95 / max).
// Usage: npm run bench:guest-pages [-- --pages 1000 --seconds 30 --poll-ms 3000 --database-url <url>]
// Without --database-url it creates (and drops) bench_guest_pages on postgres://postgres@127.0.0.1:5432.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { api } from './lib/api.mjs';
import { benchDatabase } from './lib/bench-database.mjs';
import { formatLoad, machineLine } from './lib/machine.mjs';
import { positiveInteger } from './lib/options.mjs';
import { eachParallel } from './lib/parallel.mjs';
import { summary } from './lib/statistics.mjs';
import { sampleCpu } from './scanner/cpu.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '30' },
    'poll-ms': { type: 'string', default: '3000' },
    'scans-per-second': { type: 'string', default: '5' },
    port: { type: 'string', default: '3196' },
    'database-url': { type: 'string' },
    ways: { type: 'string', default: 'stream,poll' },
  },
});
const pages = positiveInteger(values, 'pages');
const seconds = positiveInteger(values, 'seconds');
const pollMs = positiveInteger(values, 'poll-ms');
const scansPerSecond = positiveInteger(values, 'scans-per-second');
const port = positiveInteger(values, 'port');
const HOUR = 3_600_000;
const ORDER_SIZE = 10; // POST /api/pedidos takes 1–10 tickets
/** Why asks failed (a status or a network error's code), over the whole run. */
const failureKinds = new Map();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = benchDatabase(values['database-url'], 'bench_guest_pages');

/** The server process's resident memory in MiB (Linux). */
function rssMiB(pid) {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

/** One running event with `pages` tickets of a 50-drink bono; their guest tokens and QR codes. */
async function seed(base) {
  const { headers } = await signInDemoOrganizer(base);
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
  const evento = await api(base, 'POST', '/api/eventos', headers, {
    nombre: 'Prueba de páginas de invitados',
    ubicacion: 'Recinto Ferial, Valencia',
    fechaInicio: start.toISOString(),
    fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
  });
  const tipo = await api(base, 'POST', '/api/tipos-ticket', headers, {
    eventoId: evento.id,
    validoDesde: evento.fechaInicio,
    validoHasta: evento.fechaFin,
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: 50,
    drinkType: 'todo',
  });
  const orders = Array.from({ length: Math.ceil(pages / ORDER_SIZE) }, (_, n) => ({
    eventoId: evento.id,
    nombreCompleto: `Invitado ${n + 1}`,
    email: `invitado${n + 1}@ejemplo.es`,
    ticketTypeId: tipo.id,
    quantity: Math.min(ORDER_SIZE, pages - n * ORDER_SIZE),
  }));
  const created = await eachParallel(orders, 4, (order) => api(base, 'POST', '/api/pedidos', headers, order));
  const tickets = created.flatMap((pedido) => pedido.tickets);
  return {
    apiKey: evento.apiKey,
    tickets: tickets.map((ticket, n) => ({
      token: ticket.enlaceInvitado.slice('/t/'.length),
      qrCode: ticket.qrCode,
      // Each page from its own phone: 10.x.y.z, unique per page.
      address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    })),
  };
}

/** One guest page's view: its latest drink count, and who waits for a count. */
function createPage(base, ticket) {
  const page = { ...ticket, seen: 0, waiting: null, asks: 0, failures: 0 };
  page.ask = async () => {
    let answer;
    try {
      answer = await api(base, 'GET', `/api/t/${ticket.token}`, { 'x-forwarded-for': ticket.address });
    } catch (error) {
      page.failures++; // refused or timed out: the figure says how many, and why
      const why = /→ (\d+)/.exec(error.message)?.[1] ?? error.cause?.code ?? error.message;
      failureKinds.set(why, (failureKinds.get(why) ?? 0) + 1);
      return;
    }
    page.asks++;
    page.seen = answer.bebidasConsumidas;
    if (page.waiting && page.seen >= page.waiting.count) {
      page.waiting.done(performance.now());
      page.waiting = null;
    }
  };
  return page;
}

/** Holds the page's stream; asks for its ticket on every `cambio`. Resolves once the stream answered. */
async function holdStream(base, page, controller) {
  const response = await fetch(`${base}/api/t/${page.token}/stream`, {
    headers: { 'x-forwarded-for': page.address },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream ${response.status}`);
  void (async () => {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value.includes('event: cambio')) void page.ask().catch(() => undefined);
      }
    } catch {
      // closed by the bench
    }
  })();
}

/** The bar: `scansPerSecond` drinks on random pages' tickets; each resolves with scan-to-page ms. */
async function scan(base, apiKey, pagesOpen, stopAt) {
  const latencies = [];
  const pending = [];
  let n = 0;
  let failed = 0;
  while (performance.now() < stopAt) {
    const page = pagesOpen[Math.floor(Math.random() * pagesOpen.length)];
    if (!page.waiting) {
      const sent = performance.now();
      const count = page.seen + 1;
      const seen = new Promise((resolve) => {
        page.waiting = { count, done: (at) => resolve(latencies.push(at - sent)) };
        setTimeout(resolve, 15_000); // never seen: counted below
      });
      try {
        const body = {
          qrCode: page.qrCode,
          scanId: `bench-guest-${n++}-${Date.now()}`,
          deviceId: 'barra-bench',
        };
        await api(base, 'POST', `/api/scanner/${apiKey}/consume`, {}, body);
        pending.push(seen);
      } catch {
        page.waiting = null;
        failed++; // the bar's scan itself did not go through
      }
    }
    await sleep(1000 / scansPerSecond);
  }
  await Promise.all(pending);
  return { latencies, scans: pending.length, failed };
}

async function measure(way, base, serverPid, seeded) {
  const rssBefore = rssMiB(serverPid);
  const pagesOpen = seeded.tickets.map((ticket) => createPage(base, ticket));
  await eachParallel(pagesOpen, 20, (page) => page.ask());
  const controllers = [];
  let pollers = [];
  if (way === 'stream') {
    await eachParallel(pagesOpen, 20, async (page) => {
      const controller = new AbortController();
      controllers.push(controller);
      await holdStream(base, page, controller);
    });
  } else {
    // Each page on its own clock, spread over the interval as real pages are.
    pollers = pagesOpen.map((page) =>
      setTimeout(function tick() {
        void page.ask().catch(() => undefined);
        pollers[pagesOpen.indexOf(page)] = setTimeout(tick, pollMs);
      }, Math.random() * pollMs),
    );
  }
  await sleep(2_000);
  const asksBefore = pagesOpen.reduce((sum, page) => sum + page.asks, 0);
  const started = performance.now();
  const stopCpu = sampleCpu(seconds, { serverPid, generatorPid: 0 });
  const { latencies, scans, failed } = await scan(base, seeded.apiKey, pagesOpen, started + seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = stopCpu();
  const asks = pagesOpen.reduce((sum, page) => sum + page.asks, 0) - asksBefore;
  const askFailures = pagesOpen.reduce((sum, page) => sum + page.failures, 0);
  if (cpu)
    console.log(
      `(${way}: load generator ${cpu.generator.toFixed(2)} cores, machine busy ${cpu.busy.toFixed(2)} of 2)`,
    );
  const rssOpen = rssMiB(serverPid);
  controllers.forEach((controller) => controller.abort());
  pollers.forEach((timer) => clearTimeout(timer));
  await sleep(1_000);
  const times = summary(latencies);
  console.log(
    `| ${way === 'stream' ? `stream (${controllers.length} held)` : `poll every ${pollMs / 1000} s`} | ` +
      `${(asks / elapsed).toFixed(1)} (${askFailures} failed) | ${cpu ? cpu.server.toFixed(2) : '?'} | ${cpu ? cpu.postgres.toFixed(2) : '?'} | ` +
      `${rssBefore.toFixed(0)} → ${rssOpen.toFixed(0)} | ${scans} (${scans - latencies.length} not seen, ${failed} scans failed) | ` +
      `${times.p50?.toFixed(0)} / ${times.p95?.toFixed(0)} / ${times.max?.toFixed(0)} |`,
  );
}

await database.create();
const server = await startBenchServer({ port, databaseUrl: database.url, env: { TRUST_PROXY: 'true' } });
try {
  const seeded = await seed(server.base);
  console.log(`${new Date().toISOString()} · ${machineLine()} · load ${formatLoad()}`);
  console.log(
    `${pages} guest pages of one event, one server process on PostgreSQL, ${scansPerSecond} scans/s for ${seconds} s`,
  );
  console.log(
    '| way | GET /api/t/{token} a second | server CPU (cores) | PostgreSQL CPU (cores) | server RSS MiB (before → open) | drinks | scan → page ms p50 / p95 / max |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const way of values.ways.split(',')) await measure(way, server.base, server.pid, seeded);
  if (failureKinds.size > 0) console.log('failed asks by cause:', Object.fromEntries(failureKinds));
  console.log(`load after: ${formatLoad()}`);
} finally {
  await server.stop();
  await database.drop();
}
