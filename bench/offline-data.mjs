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
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { offlineData, openHolderName } from '../packages/domain/src/offline-data.ts';
import { offlineIdOf } from '../packages/server/src/modules/scanner/offline-seal.ts';
import { formatLoad, machineLine } from './lib/machine.mjs';
import { positiveInteger } from './lib/options.mjs';
import { summary } from './lib/statistics.mjs';
import { answerWorkTimes } from './offline-data/in-process.mjs';
import { DOWNLOADER, download, scanLatencies, wireBytes } from './offline-data/requests.mjs';
import { sealingFigures } from './offline-data/sealing.mjs';
import { seed } from './offline-data/seed.mjs';
import { startBenchServer } from './server.mjs';

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

const ticketCount = positiveInteger(values, 'tickets');
const drinkCount = positiveInteger(values, 'drinks');
const samples = positiveInteger(values, 'samples');
const devices = positiveInteger(values, 'devices');
const scanCount = positiveInteger(values, 'scans');
const databaseUrl = values['database-url'];
const loadAtStart = formatLoad();
const ms = (value) => value.toFixed(1);
const kib = (bytes) => (bytes / 1024).toFixed(0);

const sealing = await sealingFigures(ticketCount);
const server = await startBenchServer({
  port: positiveInteger(values, 'port'),
  databaseUrl,
  env: { SCANNER_RATE_LIMIT: '0' },
});
try {
  const seedStarted = performance.now();
  const { evento, tickets, drinkers } = await seed(server.base, { ticketCount, drinkCount });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { base } = server;
  const apiKey = evento.apiKey;

  const loadBefore = formatLoad();
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

  const started = performance.now();
  await Promise.all(Array.from({ length: devices }, () => download(base, apiKey, 'br')));
  const atOnceMs = performance.now() - started;

  // Scans on Barra libre tickets (always served), alone and while `devices` devices download.
  const freeBar = drinkers.filter(
    (ticket) => ticket.ticketTypeId === data.tiposTicket[1].id && ticket.estado === 'activo',
  );
  const qrCodes = freeBar.slice(0, 50).map((ticket) => ticket.qrCode);
  const scansAlone = await scanLatencies(base, apiKey, qrCodes, scanCount);
  // The downloading devices run in a worker thread, so their decoding does not delay this thread's
  // scans (they still share the machine's two cores with the server).
  const downloaders = new Worker(DOWNLOADER, {
    eval: true,
    workerData: { url: `${base}/api/scanner/${apiKey}/offline`, devices },
  });
  await new Promise((resolve) => downloaders.once('message', resolve));
  const scansDuring = await scanLatencies(base, apiKey, qrCodes, scanCount);
  downloaders.postMessage('stop');
  const downloads = await new Promise((resolve) => downloaders.once('message', resolve));
  const loadAfter = formatLoad();

  const inProcess = answerWorkTimes(first.text);

  const median = (times) => summary(times).p50;
  const lines = [
    `${new Date().toISOString()} · ${machineLine()}`,
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
