// The scanner's offline data at wedding/festival size: GET /api/scanner/{apiKey}/offline of one
// event with --tickets tickets (default 5,000: two per order, three ticket types, every 50th
// invalidated) and about --drinks drinks, served by a real server process (docs/decisions/035):
// - sealing the holders' names of --tickets tickets in this process: the domain's WebCrypto
//   functions (three awaited calls per ticket) against the server's node:crypto ones;
// - the answer's size (JSON, gzip, brotli) and the time to download it: the first download (every
//   name sealed), then sequentially (names re-used), and with --devices devices asking at once;
// - a refresh of unchanged data with the last answer's ETag: 304 with no body (docs/decisions/051);
// - how long a scan (POST …/consume) waits while devices keep downloading, against scans alone;
// - in this process, what the server does with the JSON: the zod response schema, JSON.stringify,
//   brotli (quality 4, the server's setting) and gzip.
// Usage: npm run bench:offline-data [-- --tickets 5000] [--drinks 10000] [--samples 20]
//          [--devices 8] [--database-url postgres://…/empty_db] [--record]
// Without --database-url the server runs on a fresh embedded PGlite. Seeded through the API.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  offlineData,
  offlineTicketId,
  openHolderName,
  sealHolderName,
} from '../packages/domain/src/offline-data.ts';
import { offlineIdOf, sealName } from '../packages/server/src/modules/scanner/offline-seal.ts';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    tickets: { type: 'string', default: '5000' },
    drinks: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '20' },
    devices: { type: 'string', default: '8' },
    scans: { type: 'string', default: '200' },
    port: { type: 'string', default: '3194' },
    record: { type: 'boolean', default: false },
  },
});

function positive(name) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const ticketCount = positive('tickets');
const drinkCount = positive('drinks');
const samples = positive('samples');
const devices = positive('devices');
const scanCount = positive('scans');
const databaseUrl = values['database-url'];
const HOUR = 3_600_000;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const loadAtStart = load();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
};
const ms = (value) => value.toFixed(1);
const kib = (bytes) => (bytes / 1024).toFixed(0);

/** Runs `work` over `items` with at most `limit` at once. */
async function pool(items, limit, work) {
  let next = 0;
  const results = new Array(items.length);
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

// --- 1. Sealing in this process -----------------------------------------------------------------

const FIRST = [
  'Lucía',
  'Íñigo',
  'María José',
  'Nuria',
  'Álvaro',
  'Begoña',
  'Jesús',
  'Zoë',
  'Óscar',
  'Ainhoa',
];
const LAST = ['Fernández', 'Núñez', 'Güell', 'Peña', 'Martínez', 'López de Haro', 'Ibáñez', 'Castaño'];
const nameOf = (n) =>
  `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${LAST[(n * 3 + 1) % LAST.length]}`;

async function sealingFigures() {
  const codes = Array.from({ length: ticketCount }, () => randomBytes(24).toString('base64url'));
  const runs = { webcryptoSequential: [], webcryptoAtOnce: [], node: [] };
  for (let round = 0; round < 5; round++) {
    let started = performance.now();
    for (const [n, code] of codes.entries()) {
      await offlineTicketId(code);
      await sealHolderName(code, nameOf(n));
    }
    runs.webcryptoSequential.push(performance.now() - started);
    started = performance.now();
    await Promise.all(
      codes.map(async (code, n) => [await offlineTicketId(code), await sealHolderName(code, nameOf(n))]),
    );
    runs.webcryptoAtOnce.push(performance.now() - started);
    started = performance.now();
    const ivs = randomBytes(12 * codes.length);
    for (const [n, code] of codes.entries()) {
      offlineIdOf(code);
      sealName(code, nameOf(n), ivs.subarray(12 * n, 12 * n + 12));
    }
    runs.node.push(performance.now() - started);
  }
  // Interoperability on every code: the domain opens what node:crypto sealed.
  for (const [n, code] of codes.entries()) {
    if ((await openHolderName(code, sealName(code, nameOf(n)))) !== nameOf(n))
      throw new Error('not interoperable');
  }
  return runs;
}

// --- 2. The server --------------------------------------------------------------------------------

async function api(base, headers, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** One event of `ticketCount` tickets and about `drinkCount` drinks, through the API. */
async function seed(base) {
  const { headers } = await signInDemoOrganizer(base);
  const now = Date.now();
  const evento = await api(base, headers, 'POST', '/api/eventos', {
    nombre: `Boda y festival ${ticketCount}`,
    ubicacion: 'Finca La Alameda, Sevilla',
    fechaInicio: new Date(now - 2 * HOUR).toISOString(),
    fechaFin: new Date(now + 10 * HOUR).toISOString(),
  });
  const window = { validoDesde: evento.fechaInicio, validoHasta: evento.fechaFin, eventoId: evento.id };
  const tipos = [];
  for (const tipo of [
    { nombre: 'General', modo: 'por_cantidad', maxDrinks: 50, drinkType: 'todo' },
    { nombre: 'Barra libre', modo: 'temporal', durationMinutes: 720, drinkType: 'todo' },
    {
      nombre: 'VIP',
      modo: 'intervalos_controlados',
      drinkIntervalMinutes: 15,
      durationMinutes: 720,
      drinkType: 'copas',
    },
  ]) {
    tipos.push(await api(base, headers, 'POST', '/api/tipos-ticket', { ...window, ...tipo }));
  }
  const orders = Array.from({ length: Math.ceil(ticketCount / 2) }, (_, n) => n);
  const created = await pool(orders, 8, (n) =>
    api(base, headers, 'POST', '/api/pedidos', {
      eventoId: evento.id,
      nombreCompleto: nameOf(n),
      email: `invitado${n}@ejemplo.es`,
      telefono: `6${String(n).padStart(8, '0')}`,
      ticketTypeId: tipos[n % 3].id,
      quantity: Math.min(2, ticketCount - 2 * n),
    }),
  );
  const tickets = created.flatMap((pedido) => pedido.tickets);
  const invalidated = tickets.filter((_, n) => n % 50 === 0);
  await pool(invalidated, 8, (ticket) => api(base, headers, 'PATCH', `/api/tickets/${ticket.id}/invalidate`));
  for (const ticket of invalidated) ticket.estado = 'invalidado';
  // Drinks on the tickets that take several in a row (General and Barra libre), spread over them by a
  // fixed mixing (some get none, some many; General refuses beyond 50).
  const drinkers = tickets.filter((ticket) => ticket.ticketTypeId !== tipos[2].id);
  const scans = Array.from({ length: drinkCount }, (_, n) => drinkers[(n * n * 7919) % drinkers.length]);
  const consume = `/api/scanner/${evento.apiKey}/consume`;
  await pool(scans, 8, (ticket) =>
    api(base, {}, 'POST', consume, { qrCode: ticket.qrCode, barra: 'Barra norte' }),
  );
  return { evento, tickets, drinkers };
}

/**
 * One download, decoded as a browser would: the time to the last byte, the JSON text and its ETag.
 * With `etag`, a refresh of unchanged data: 304, no body (docs/decisions/051).
 */
async function download(base, apiKey, encoding, etag) {
  const started = performance.now();
  const response = await fetch(`${base}/api/scanner/${apiKey}/offline`, {
    headers: { 'accept-encoding': encoding ?? 'identity', ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== (etag ? 304 : 200)) throw new Error(`offline → ${response.status} ${text}`);
  if (!etag && (response.headers.get('content-encoding') ?? null) !== encoding)
    throw new Error(`not ${encoding}`);
  return { ms, text, etag: response.headers.get('etag') };
}

/** Wire bytes of a compressed answer: fetch decodes, so ask node's http for the raw length. */
async function wireBytes(base, apiKey, encoding) {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(
        `${base}/api/scanner/${apiKey}/offline`,
        { headers: { 'accept-encoding': encoding } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk) => (bytes += chunk.length));
          response.on('end', () =>
            response.headers['content-encoding'] === encoding
              ? resolve(bytes)
              : reject(new Error(`not ${encoding}`)),
          );
        },
      )
      .on('error', reject);
  });
}

/** Devices that download the offline data (brotli) one after another until told to stop. */
const DOWNLOADER = `
  const { parentPort, workerData } = require('node:worker_threads');
  let downloading = true;
  let downloads = 0;
  parentPort.on('message', () => (downloading = false));
  const device = async () => {
    while (downloading) {
      const response = await fetch(workerData.url, { headers: { 'accept-encoding': 'br' } });
      if (response.status !== 200) throw new Error('offline → ' + response.status);
      await response.text();
      downloads++;
    }
  };
  parentPort.postMessage('started');
  Promise.all(Array.from({ length: workerData.devices }, device)).then(() => {
    parentPort.postMessage(downloads);
    parentPort.close();
  });
`;

async function scanLatencies(base, apiKey, qrCodes) {
  const times = [];
  for (let n = 0; n < scanCount; n++) {
    const started = performance.now();
    await api(base, {}, 'POST', `/api/scanner/${apiKey}/consume`, { qrCode: qrCodes[n % qrCodes.length] });
    times.push(performance.now() - started);
  }
  return summary(times);
}

const sealing = await sealingFigures();
const server = await startBenchServer({
  port: positive('port'),
  databaseUrl,
  env: { SCANNER_RATE_LIMIT: '0' },
});
try {
  const seedStarted = performance.now();
  const { evento, tickets, drinkers } = await seed(server.base);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { base } = server;
  const apiKey = evento.apiKey;

  const loadBefore = load();
  // The process's first download of the event seals every name; later ones re-use them.
  const cold = await download(base, apiKey, 'br');
  for (let n = 0; n < 2; n++) await download(base, apiKey, 'br');
  const first = await download(base, apiKey, null);
  const data = offlineData.parse(JSON.parse(first.text));
  const sample = tickets[17];
  const found = data.tickets.find((ticket) => ticket.id === offlineIdOf(sample.qrCode));
  if (
    data.tickets.length !== tickets.length ||
    !found ||
    (await openHolderName(sample.qrCode, found.titular)) === null
  ) {
    throw new Error('the offline data does not hold the seeded tickets');
  }
  const storedDrinks = data.tickets.reduce((sum, ticket) => sum + ticket.consumos.length, 0);

  const timings = {};
  for (const encoding of [null, 'gzip', 'br']) {
    const times = [];
    for (let n = 0; n < samples; n++) times.push((await download(base, apiKey, encoding)).ms);
    timings[encoding ?? 'identity'] = summary(times);
  }
  // Refreshes of unchanged data with the last answer's ETag: 304 without building the data.
  const unchangedTimes = [];
  for (let n = 0; n < samples; n++) unchangedTimes.push((await download(base, apiKey, 'br', first.etag)).ms);
  timings.unchanged = summary(unchangedTimes);
  const sizes = {
    identity: Buffer.byteLength(first.text),
    gzip: await wireBytes(base, apiKey, 'gzip'),
    br: await wireBytes(base, apiKey, 'br'),
  };

  let started = performance.now();
  await Promise.all(Array.from({ length: devices }, () => download(base, apiKey, 'br')));
  const atOnceMs = performance.now() - started;

  // Scans on Barra libre tickets (always served), alone and while `devices` devices download.
  const freeBar = drinkers.filter(
    (ticket) => ticket.ticketTypeId === data.tiposTicket[1].id && ticket.estado === 'activo',
  );
  const qrCodes = freeBar.slice(0, 50).map((ticket) => ticket.qrCode);
  const scansAlone = await scanLatencies(base, apiKey, qrCodes);
  // The downloading devices run in a worker thread, so their decoding does not delay this thread's
  // scans (they still share the machine's two cores with the server).
  const downloaders = new Worker(DOWNLOADER, {
    eval: true,
    workerData: { url: `${base}/api/scanner/${apiKey}/offline`, devices },
  });
  await new Promise((resolve) => downloaders.once('message', resolve));
  const scansDuring = await scanLatencies(base, apiKey, qrCodes);
  downloaders.postMessage('stop');
  const downloads = await new Promise((resolve) => downloaders.once('message', resolve));
  const loadAfter = load();

  // What the server does with the answer after building it, here in this process.
  const parsed = JSON.parse(first.text);
  const inProcess = { zod: [], stringify: [], br: [], gzip: [] };
  for (let n = 0; n < 10; n++) {
    started = performance.now();
    offlineData.encode(parsed);
    inProcess.zod.push(performance.now() - started);
    started = performance.now();
    const json = JSON.stringify(parsed);
    inProcess.stringify.push(performance.now() - started);
    started = performance.now();
    brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    inProcess.br.push(performance.now() - started);
    started = performance.now();
    gzipSync(json);
    inProcess.gzip.push(performance.now() - started);
  }

  const median = (times) => summary(times).p50;
  const lines = [
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
    `${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'} · load average (1/5/15 min) ${loadAtStart} at start, ${loadBefore} before measuring, ${loadAfter} after`,
    `data: ${data.tickets.length.toLocaleString('en')} tickets (${data.tickets.filter((ticket) => ticket.estado === 'invalidado').length} invalidated), ${data.tiposTicket.length} ticket types, ${storedDrinks.toLocaleString('en')} drinks (${drinkCount.toLocaleString('en')} consumes sent), seeded through the API in ${seedSeconds.toFixed(0)} s`,
    '',
    `| sealing ${ticketCount.toLocaleString('en')} names and ids, in one process (5 rounds) | median ms | min ms | per ticket µs |`,
    '| --- | ---: | ---: | ---: |',
    ...[
      ['WebCrypto (domain), one ticket after another', sealing.webcryptoSequential],
      ['WebCrypto (domain), all at once (Promise.all)', sealing.webcryptoAtOnce],
      ['node:crypto hkdfSync + createCipheriv (server)', sealing.node],
    ].map(
      ([label, times]) =>
        `| ${label} | ${ms(median(times))} | ${ms(Math.min(...times))} | ${((1000 * median(times)) / ticketCount).toFixed(0)} |`,
    ),
    '',
    `| GET …/offline (${samples} sequential downloads after the first 3) | on the wire | p50 ms | p95 ms | max ms |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...['identity', 'gzip', 'br'].map(
      (encoding) =>
        `| ${encoding} | ${kib(sizes[encoding])} KiB | ${ms(timings[encoding].p50)} | ${ms(timings[encoding].p95)} | ${ms(timings[encoding].max)} |`,
    ),
    `| If-None-Match, unchanged: 304 | 0 KiB | ${ms(timings.unchanged.p50)} | ${ms(timings.unchanged.p95)} | ${ms(timings.unchanged.max)} |`,
    '',
    `The first download of the event (br), sealing every name: ${ms(cold.ms)} ms.`,
    `${devices} devices downloading at once (br): all done in ${ms(atOnceMs)} ms.`,
    '',
    `| POST …/consume, ${scanCount} sequential scans | p50 ms | p95 ms | max ms |`,
    '| --- | ---: | ---: | ---: |',
    `| alone | ${ms(scansAlone.p50)} | ${ms(scansAlone.p95)} | ${ms(scansAlone.max)} |`,
    `| while ${devices} devices download without pause (${downloads} downloads) | ${ms(scansDuring.p50)} | ${ms(scansDuring.p95)} | ${ms(scansDuring.max)} |`,
    '',
    `| the answer's ${kib(sizes.identity)} KiB of JSON, in one process (10 rounds) | median ms |`,
    '| --- | ---: |',
    `| zod response schema (encode) | ${ms(median(inProcess.zod))} |`,
    `| JSON.stringify | ${ms(median(inProcess.stringify))} |`,
    `| brotli, quality 4 | ${ms(median(inProcess.br))} |`,
    `| gzip, level 6 | ${ms(median(inProcess.gzip))} |`,
  ];
  console.log(`\n${lines.join('\n')}`);
  if (values.record) {
    appendFileSync(
      new URL('./RESULTS.md', import.meta.url),
      `\n## ${new Date().toISOString().slice(0, 10)} — the scanner's offline data (\`npm run bench:offline-data\`)\n\n${lines.join('\n')}\n`,
    );
    console.log('Appended to bench/RESULTS.md');
  }
} finally {
  await server.stop();
}
