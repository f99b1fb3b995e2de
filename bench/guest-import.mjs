// Guests from where tickets are sold, at festival size (docs/decisions/068): an Eventbrite attendee
// report (one row per attendee, 19-digit barcodes, three ticket types the event calls otherwise,
// mapped through PUT /api/eventos/{id}/importar/mapeo) previewed and imported into one event on
// PostgreSQL; then the later report of the same event — 300 new attendees, 150 refunded, 50
// cancelled — previewed and imported again (a sync: new orders, invalidated tickets, the rest
// already there). The later report holds `--attendees` rows (20,000 by default, the most a file may
// have), so the first holds 300 fewer. Prints the time of each step, rows a second, the CPU seconds
// of the server process and of the PostgreSQL backends serving it (steadier than the time on a busy
// machine), the server's RSS (sampled every 20 ms) before and at the peak of each step, and checks
// the database's counts
// exactly: it exits 1, recording nothing, when one is wrong.
// Usage: npm run bench:guest-import [-- --attendees 20000] [--database-url postgres://…/empty_db] [--record]
// Without --database-url it creates (and drops) bench_guest_import on postgres://postgres@127.0.0.1:5432.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { normaliseHeader } from '../packages/domain/src/guest-import.ts';
import { benchDatabase } from './lib/bench-database.mjs';
import { formatLoad, machineLine } from './lib/machine.mjs';
import { firstNames, lastNames } from './lib/names.mjs';
import { positiveInteger } from './lib/options.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    attendees: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    port: { type: 'string', default: '3197' },
    record: { type: 'boolean', default: false },
  },
});
const CHANGES = { nuevos: 300, reembolsados: 150, cancelados: 50 };
const total = positiveInteger(values, 'attendees');
const attendeeCount = total - CHANGES.nuevos;
if (attendeeCount < CHANGES.reembolsados + CHANGES.cancelados) {
  throw new Error(
    `--attendees must be at least ${CHANGES.nuevos + CHANGES.reembolsados + CHANGES.cancelados}`,
  );
}
const HOUR = 3_600_000;

const database = benchDatabase(values['database-url'], 'bench_guest_import');

// The shop's ticket types and the event's: no name in common, so every one is mapped by hand.
const shopTypes = ['General Admission', 'VIP Access', 'Early Bird'];
const eventTypes = ['Barra libre', 'VIP', 'Dos copas'];

/** The columns of Eventbrite's attendee report (English), as it exports them. */
const eventbriteHeader = [
  'Order #',
  'Order Date',
  'First Name',
  'Last Name',
  'Email',
  'Quantity',
  'Ticket Type',
  'Attendee #',
  'Barcode #',
  'Order Type',
  'Currency',
  'Total Paid',
  'Fees Paid',
  'Eventbrite Fees',
  'Eventbrite Payment Processing',
  'Attendee Status',
  'Cell Phone',
];

/**
 * Attendee `n` (0-based): three attendees an order, an attendee number, and a barcode as Eventbrite
 * makes them (the order number, the attendee's and '001'), 19 digits.
 */
function attendee(n) {
  const order = 4_100_000_000 + Math.floor(n / 3) * 7;
  const id = String(n + 1).padStart(6, '0');
  const first = firstNames[n % 10];
  const last = `${lastNames[Math.floor(n / 10) % 10]} ${lastNames[Math.floor(n / 100) % 10]}`;
  return {
    order: String(order),
    attendeeNumber: String(2_900_000_000 + n * 11),
    barcode: `${order}${id}001`,
    first,
    last,
    email: `${normaliseHeader(first)}.${n + 1}@ejemplo.es`,
    type: shopTypes[n % 3],
    phone: n % 4 === 0 ? '' : `+34 6${String(n).padStart(8, '0')}`,
  };
}

const csvCell = (text) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The report's CSV: the attendees' rows with `statusOf(n)` in 'Attendee Status'. */
function eventbriteCsv(count, statusOf) {
  const lines = [eventbriteHeader.join(',')];
  for (let n = 0; n < count; n++) {
    const a = attendee(n);
    const price = ['25.00', '60.00', '18.00'][n % 3];
    lines.push(
      [
        a.order,
        '2026-10-03 18:22:10',
        a.first,
        a.last,
        a.email,
        '1',
        a.type,
        a.attendeeNumber,
        a.barcode,
        'Eventbrite Completed',
        'EUR',
        price,
        '1.99',
        '1.24',
        '0.75',
        statusOf(n),
        a.phone,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Which attendees the later report marks refunded or cancelled: spread over the whole file. */
function laterStatus(n) {
  const { reembolsados, cancelados } = CHANGES;
  const step = Math.floor(attendeeCount / (reembolsados + cancelados));
  if (n >= attendeeCount || n % step !== 0 || n / step >= reembolsados + cancelados) return 'Attending';
  return n / step < reembolsados ? 'Refunded' : 'Cancelled';
}

async function call(base, method, path, headers, body, contentType) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function ok(base, method, path, headers, body, contentType = 'application/json') {
  const answer = await call(base, method, path, headers, body, contentType);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
}

const rssKib = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
/** The CPU seconds (user + system) a process has used: on a busy machine, steadier than wall time. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** The CPU seconds of each PostgreSQL backend serving the benchmark's database, but this script's. */
async function databaseCpu(client) {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const seconds = new Map();
  for (const { pid } of rows) {
    try {
      seconds.set(pid, cpuSeconds(pid));
    } catch {
      // gone
    }
  }
  return seconds;
}

/**
 * Runs `work`, timing it, sampling the server's RSS every 20 ms and counting the CPU seconds of the
 * server and of its PostgreSQL backends; its answer, ms, cpu, database cpu, RSS before and peak.
 */
async function measured(pid, client, work) {
  const before = rssKib(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKib(pid))), 20);
  const databaseBefore = await databaseCpu(client);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  try {
    const answer = await work();
    const ms = performance.now() - started;
    const cpu = cpuSeconds(pid) - cpuBefore;
    let databaseCpuUsed = 0;
    for (const [backend, used] of await databaseCpu(client)) {
      databaseCpuUsed += used - (databaseBefore.get(backend) ?? 0);
    }
    return { answer, ms, cpu, databaseCpu: databaseCpuUsed, before, peak: Math.max(peak, rssKib(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

const failures = [];
function check(what, actual, expected) {
  if (actual !== expected) failures.push(`${what}: ${actual}, expected ${expected}`);
}

/** Orders and tickets of the event, as the database holds them. */
async function databaseCounts(client, eventoId, barcodes) {
  const {
    rows: [counts],
  } = await client.query(
    `select (select count(*) from pedidos where evento_id = $1)::int as pedidos,
            (select count(*) from pedidos where evento_id = $1 and id_externo is not null)::int as "conIdExterno",
            count(t.id)::int as tickets,
            (count(t.id) filter (where t.estado = 'invalidado'))::int as invalidados,
            (count(t.id) filter (where t.qr_code = any($2::text[])))::int as "conCodigoDeLaTienda"
     from pedidos p join tickets t on t.pedido_id = p.id
     where p.evento_id = $1`,
    [eventoId, barcodes],
  );
  return counts;
}

/** The barcodes of the tickets invalidated in the event, sorted. */
async function invalidatedCodes(client, eventoId) {
  const { rows } = await client.query(
    `select t.qr_code from tickets t join pedidos p on p.id = t.pedido_id
     where p.evento_id = $1 and t.estado = 'invalidado' order by t.qr_code`,
    [eventoId],
  );
  return rows.map((row) => row.qr_code);
}

const seconds = (ms) => (ms / 1000).toFixed(2);
const mib = (kib) => (kib / 1024).toFixed(0);
const perSecond = (rows, ms) => Math.round(rows / (ms / 1000)).toLocaleString('en');

const loadAtStart = formatLoad();
await database.create();
const server = await startBenchServer({ port: positiveInteger(values, 'port'), databaseUrl: database.url });
const { base, pid } = server;
const client = new pg.Client({ connectionString: database.url });
await client.connect();
let lines;
try {
  const { headers } = await signInDemoOrganizer(base);
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
  const evento = await ok(
    base,
    'POST',
    '/api/eventos',
    headers,
    JSON.stringify({
      nombre: 'Festival de importación desde Eventbrite',
      ubicacion: 'Recinto Ferial, Valencia',
      fechaInicio: start.toISOString(),
      fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
    }),
  );
  const typeIds = [];
  for (const nombre of eventTypes) {
    const tipo = await ok(
      base,
      'POST',
      '/api/tipos-ticket',
      headers,
      JSON.stringify({
        eventoId: evento.id,
        nombre,
        modo: 'por_cantidad',
        maxDrinks: 4,
        drinkType: 'todo',
        validoDesde: evento.fechaInicio,
        validoHasta: evento.fechaFin,
      }),
    );
    typeIds.push(tipo.id);
  }
  const importPath = `/api/eventos/${evento.id}/importar`;
  const preview = (csv) => () => ok(base, 'POST', `${importPath}/previsualizar`, headers, csv, 'text/csv');
  const runImport = (csv) => () =>
    ok(base, 'POST', `${importPath}?omitirDuplicados=true`, headers, csv, 'text/csv');

  // The first report: every attendee attending.
  const firstCsv = eventbriteCsv(attendeeCount, () => 'Attending');
  const firstBarcodes = Array.from({ length: attendeeCount }, (_, n) => attendee(n).barcode);
  const undecided = await measured(pid, client, preview(firstCsv));
  check('first preview: formato', undecided.answer.formato, 'eventbrite');
  check('first preview: faltan', undecided.answer.faltan.length, 0);
  check('first preview: undecided types', undecided.answer.tiposArchivo.filter((t) => !t.decidido).length, 3);
  check('first preview: sinTipo', undecided.answer.sinTipo, attendeeCount);
  const mapping = await measured(pid, client, () =>
    ok(
      base,
      'PUT',
      `${importPath}/mapeo`,
      headers,
      JSON.stringify({
        tipos: Object.fromEntries(shopTypes.map((text, index) => [normaliseHeader(text), typeIds[index]])),
      }),
    ),
  );
  const firstPreview = await measured(pid, client, preview(firstCsv));
  const p1 = firstPreview.answer;
  check('preview: total', p1.total, attendeeCount);
  check('preview: nuevos', p1.nuevos, attendeeCount);
  check('preview: tickets', p1.tickets, attendeeCount);
  check('preview: conErrores', p1.conErrores, 0);
  check('preview: duplicados', p1.duplicados, 0);
  check('preview: codigosCortos', p1.codigosCortos, 0);
  check('preview: decided types', p1.tiposArchivo.filter((t) => t.decidido).length, 3);
  const firstImport = await measured(pid, client, runImport(firstCsv));
  check('import: pedidosCreados', firstImport.answer.pedidosCreados, attendeeCount);
  check('import: ticketsCreados', firstImport.answer.ticketsCreados, attendeeCount);
  const afterFirst = await databaseCounts(client, evento.id, firstBarcodes);
  check('database after import: pedidos', afterFirst.pedidos, attendeeCount);
  check('database after import: pedidos with id_externo', afterFirst.conIdExterno, attendeeCount);
  check('database after import: tickets', afterFirst.tickets, attendeeCount);
  check(
    'database after import: tickets with the shop barcode',
    afterFirst.conCodigoDeLaTienda,
    attendeeCount,
  );
  check('database after import: invalidated', afterFirst.invalidados, 0);

  // The later report: 300 more attendees, 150 refunded, 50 cancelled.
  const voided = CHANGES.reembolsados + CHANGES.cancelados;
  const laterCsv = eventbriteCsv(total, laterStatus);
  const laterBarcodes = Array.from({ length: total }, (_, n) => attendee(n).barcode);
  const voidedBarcodes = laterBarcodes.filter((_, n) => laterStatus(n) !== 'Attending').sort();
  const laterPreview = await measured(pid, client, preview(laterCsv));
  const p2 = laterPreview.answer;
  check('later preview: total', p2.total, total);
  check('later preview: nuevos', p2.nuevos, CHANGES.nuevos);
  check('later preview: yaImportados', p2.yaImportados, attendeeCount - voided);
  check('later preview: anulados', p2.anulados, voided);
  check('later preview: cancelados', p2.cancelados, 0);
  check('later preview: conErrores', p2.conErrores, 0);
  const reimport = await measured(pid, client, runImport(laterCsv));
  const r2 = reimport.answer;
  check('re-import: pedidosCreados', r2.pedidosCreados, CHANGES.nuevos);
  check('re-import: ticketsCreados', r2.ticketsCreados, CHANGES.nuevos);
  check('re-import: yaImportados', r2.yaImportados, attendeeCount - voided);
  check('re-import: orders listed as invalidated', r2.anulados.length, voided);
  check('re-import: ticketsAnulados', r2.ticketsAnulados, voided);
  const afterLater = await databaseCounts(client, evento.id, laterBarcodes);
  check('database after re-import: pedidos', afterLater.pedidos, total);
  check('database after re-import: tickets', afterLater.tickets, total);
  check('database after re-import: tickets with the shop barcode', afterLater.conCodigoDeLaTienda, total);
  check('database after re-import: invalidated', afterLater.invalidados, voided);
  const invalidated = await invalidatedCodes(client, evento.id);
  check(
    'database after re-import: the invalidated are the refunded and cancelled',
    invalidated.join(),
    voidedBarcodes.join(),
  );

  // The same later report once more: nothing to create or invalidate, refused, nothing written.
  const again = await measured(pid, client, () =>
    call(base, 'POST', `${importPath}?omitirDuplicados=true`, headers, laterCsv, 'text/csv'),
  );
  check('same report again: status', again.answer.status, 400);
  const afterAgain = await databaseCounts(client, evento.id, laterBarcodes);
  check('database after the same report again: pedidos', afterAgain.pedidos, total);
  check('database after the same report again: invalidated', afterAgain.invalidados, voided);

  const {
    rows: [{ version }],
  } = await client.query('select version()');
  const megabytes = (csv) => (Buffer.byteLength(csv) / 2 ** 20).toFixed(1);
  const row = (step, rows, run) =>
    `| ${step} | ${rows.toLocaleString('en')} | ${seconds(run.ms)} | ${rows ? perSecond(rows, run.ms) : '–'} | ${run.cpu.toFixed(2)} | ${run.databaseCpu.toFixed(2)} | ${mib(run.before)} → ${mib(run.peak)} (+${mib(run.peak - run.before)}) |`;
  lines = [
    `${new Date().toISOString()} · ${machineLine()}`,
    `${version.split(' on ')[0]} · load average (1/5/15 min) ${loadAtStart} at start, ${formatLoad()} at the end`,
    `Eventbrite attendee report (English, comma-separated, ${eventbriteHeader.length} columns): ` +
      `${attendeeCount.toLocaleString('en')} attendees (${megabytes(firstCsv)} MiB), then ` +
      `${total.toLocaleString('en')} (${megabytes(laterCsv)} MiB) with ${CHANGES.nuevos} new, ` +
      `${CHANGES.reembolsados} refunded, ${CHANGES.cancelados} cancelled; one event on PostgreSQL, ` +
      'one request at a time from this machine',
    '',
    '| step | rows | s | rows/s | server CPU s | PostgreSQL CPU s | server RSS MiB before → peak |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('preview, ticket types not yet mapped', attendeeCount, undecided),
    row('PUT …/importar/mapeo (3 types)', 0, mapping),
    row('preview', attendeeCount, firstPreview),
    row('import', attendeeCount, firstImport),
    row('later report: preview', total, laterPreview),
    row('later report: import (sync)', total, reimport),
    row('same later report again: refused (400)', total, again),
    '',
    `check: ${afterLater.pedidos} orders and ${afterLater.tickets} tickets in the event, all with the shop's ` +
      `barcode as QR code; ${afterLater.invalidados} invalidated — exactly the refunded and cancelled ` +
      `attendees; re-import answer: ${r2.pedidosCreados} created, ${r2.yaImportados} already imported, ` +
      `${r2.ticketsAnulados} tickets invalidated`,
  ];
  console.log(`\n${lines.join('\n')}`);
} catch (error) {
  if (failures.length > 0) console.error(`Wrong counts before the error:\n- ${failures.join('\n- ')}`);
  throw error;
} finally {
  await client.end();
  await server.stop();
  await database.drop();
}

if (failures.length > 0) {
  console.error(`\nWrong counts, nothing recorded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
if (values.record) {
  appendFileSync(
    new URL('./RESULTS.md', import.meta.url),
    `\n## ${new Date().toISOString().slice(0, 10)} — guests from an Eventbrite export at festival size (\`npm run bench:guest-import\`)\n\n${lines.join('\n')}\n`,
  );
  console.log('Appended to bench/RESULTS.md');
}
