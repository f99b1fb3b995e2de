// Statistics and CSV exports at festival size, on PostgreSQL: one event with 20,000 tickets,
// 1,000,000 consumptions spread over the night and 200,000 scan-log rows, seeded by SQL
// (generate_series), then
// - GET /api/stats/{eventoId}: p50 / p95 / max over --samples sequential requests (after 3 warm-ups);
// - GET /api/eventos/{id}/export/consumos.csv of a 10,000-row event and of the 1,000,000-row one:
//   total time, bytes, and the server process's RSS (sampled every 50 ms) before and at its peak.
// Usage: npm run bench:stats -- --database-url postgres://…/empty_db [--consumos 1000000]
//          [--tickets 20000] [--scans 200000] [--samples 30] [--record]
// The server migrates the empty database and seeds the demo accounts; the festival belongs to the
// demo organizer. Run again on the same database, the seeded events are reused.
import { appendFileSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';
import pg from 'pg';
import { formatLoad, machineLine } from './lib/machine.mjs';
import { positiveInteger } from './lib/options.mjs';
import { percentile } from './lib/statistics.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    consumos: { type: 'string', default: '1000000' },
    tickets: { type: 'string', default: '20000' },
    scans: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '30' },
    'heap-mib': { type: 'string', default: '64' },
    port: { type: 'string', default: '3193' },
    record: { type: 'boolean', default: false },
  },
});

const databaseUrl = values['database-url'];
if (!databaseUrl) throw new Error('--database-url postgres://…/empty_db is required (PostgreSQL only)');
const consumoCount = positiveInteger(values, 'consumos');
const ticketCount = positiveInteger(values, 'tickets');
const scanCount = positiveInteger(values, 'scans');
const samples = positiveInteger(values, 'samples');
const heapMib = positiveInteger(values, 'heap-mib');
const SMALL_EXPORT = 10_000;

const loadAtStart = formatLoad();

const server = await startBenchServer({ port: positiveInteger(values, 'port'), databaseUrl });
const { base } = server;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

/**
 * One event of `tickets` tickets (two per order, three ticket types valid from 8 h ago to 4 h from
 * now, every 50th ticket invalidated), `drinks` consumptions over the last 8 hours (busier towards
 * the end, four bars and "no bar") and `scans` scan-log rows (3 in 4 allowed; refusals of every
 * reason, 1 in 40 an unknown QR). Returns the event's id; an event seeded by an earlier run is reused.
 */
async function seedEvent(organizadorId, key, { tickets, drinks, scans }) {
  const existing = await client.query('select id from eventos where api_key = $1', [key]);
  if (existing.rows[0]) return { id: existing.rows[0].id, reused: true };
  const started = performance.now();
  await client.query('begin');
  const {
    rows: [evento],
  } = await client.query(
    `insert into eventos (nombre, ubicacion, fecha_inicio, fecha_fin, organizador_id, api_key)
     values ($1, 'Recinto Ferial, Valencia', now() - interval '8 hours', now() + interval '4 hours', $2, $3)
     returning id`,
    [`Festival ${key}`, organizadorId, key],
  );
  const id = evento.id;
  await client.query(
    `insert into tipos_ticket (evento_id, nombre, modo, max_drinks, drink_interval_minutes, duration_minutes,
                               drink_type, valido_desde, valido_hasta)
     select $1, v.nombre, v.modo, v.max_drinks, v.intervalo, v.duracion, 'todo', e.fecha_inicio, e.fecha_fin
     from eventos e, (values ('Barra libre', 'temporal', null::int, null::int, 720),
                             ('General', 'por_cantidad', 50, null, null),
                             ('VIP', 'intervalos_controlados', 48, 15, 720)) v(nombre, modo, max_drinks, intervalo, duracion)
     where e.id = $1`,
    [id],
  );
  await client.query(
    `insert into pedidos (evento_id, nombre_completo, email, telefono, created_at)
     select $1, 'Invitado ' || g, 'invitado' || g || '@ejemplo.es', '6' || lpad(g::text, 8, '0'),
            now() - interval '20 days' + g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [id, Math.ceil(tickets / 2)],
  );
  await client.query(
    `with types as (select array_agg(id order by id) as ids from tipos_ticket where evento_id = $1)
     insert into tickets (pedido_id, evento_id, ticket_type_id, estado, qr_code)
     select p.id, p.evento_id, types.ids[1 + (p.id + n) % 3],
            case when (p.id * 2 + n) % 50 = 0 then 'invalidado' else 'activo' end,
            md5(p.id || '-' || n || '-' || random())
     from pedidos p cross join generate_series(1, 2) n cross join types
     where p.evento_id = $1
     order by p.id, n
     limit $2`,
    [id, tickets],
  );
  await client.query(
    `create temp table bench_tickets on commit drop as
     select row_number() over (order by t.id) - 1 as n, t.id
     from tickets t join pedidos p on p.id = t.pedido_id where p.evento_id = $1`,
    [id],
  );
  await client.query('create index on bench_tickets (n)');
  // Times: the night's 8 hours, skewed towards its end; tickets and drinks by a fixed mixing.
  await client.query(
    `insert into consumos (ticket_id, evento_id, tipo_bebida, "timestamp", barra)
     select bt.id, $1, (array['cerveza', 'copa', 'refresco', 'agua', 'chupito'])[1 + (g * 7 + g / 13) % 5],
            now() - interval '8 hours' + interval '8 hours' * power(((g * 2654435761) % 1000003)::float8 / 1000003, 0.7),
            (array['Barra principal', 'Barra VIP', 'Barra terraza', 'Barra norte', null])[1 + (g / 3) % 5]
     from generate_series(0::bigint, $2::bigint - 1) g
     join bench_tickets bt on bt.n = (g * 7919) % $3
     order by 4`,
    [id, drinks, tickets],
  );
  await client.query(
    `insert into scan_log (evento_id, ticket_id, accion, qr_code, tipo_bebida, barra, allowed, reason, response, created_at)
     select $1, case when g % 40 = 0 then null else bt.id end, 'consumo', 'qr-' || g, 'copa',
            (array['Barra principal', 'Barra VIP', 'Barra terraza', 'Barra norte', null])[1 + (g / 7) % 5],
            g % 4 <> 0,
            case when g % 4 <> 0 then 'ok' when g % 40 = 0 then 'no_encontrado'
                 else (array['agotado', 'intervalo', 'caducado', 'invalidado', 'tipo_bebida', 'otro_evento'])[1 + (g / 4) % 6] end,
            '{}'::jsonb, now() - interval '8 hours' + interval '8 hours' * ((g * 40503) % 200003)::float8 / 200003
     from generate_series(0::bigint, $2::bigint - 1) g
     join bench_tickets bt on bt.n = (g * 7919) % $3
     order by 10`,
    [id, scans, tickets],
  );
  await client.query('commit');
  return { id, reused: false, ms: performance.now() - started };
}

async function get(path, headers) {
  const response = await fetch(`${base}${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path} → ${response.status} ${await response.text()}`);
  return response;
}

async function timeStats(eventoId, headers) {
  for (let n = 0; n < 3; n++) await (await get(`/api/stats/${eventoId}`, headers)).arrayBuffer();
  const times = [];
  let body;
  for (let n = 0; n < samples; n++) {
    const started = performance.now();
    body = await (await get(`/api/stats/${eventoId}`, headers)).json();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), body };
}

const kibOf = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

/**
 * Downloads an export as a browser would (brotli) from `target` (a started server), counting the
 * bytes on the wire and, decompressed, the lines; samples the server's RSS every 50 ms, keeping
 * the peak of each quarter of the download (by rows received out of `expected`).
 */
async function timeExport(target, eventoId, headers, expected) {
  const before = kibOf(target.pid, 'VmRSS');
  const quarters = [0, 0, 0, 0];
  let lines = 0;
  const sample = () => {
    const quarter = Math.min(3, Math.floor((4 * lines) / expected));
    quarters[quarter] = Math.max(quarters[quarter], kibOf(target.pid, 'VmRSS'));
  };
  const sampler = setInterval(sample, 50);
  const started = performance.now();
  const response = await new Promise((resolve, reject) => {
    http
      .get(
        `${target.base}/api/eventos/${eventoId}/export/consumos.csv`,
        { headers: { ...headers, 'accept-encoding': 'br' } },
        resolve,
      )
      .on('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`export → ${response.statusCode}`);
  let wire = 0;
  response.on('data', (chunk) => (wire += chunk.length));
  const plain =
    response.headers['content-encoding'] === 'br' ? response.pipe(createBrotliDecompress()) : response;
  let bytes = 0;
  for await (const chunk of plain) {
    bytes += chunk.length;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  const peak = Math.max(...quarters);
  return {
    ms,
    wire,
    bytes,
    rows: lines - 1,
    encoding: response.headers['content-encoding'],
    before,
    peak,
    quarters,
  };
}

const mib = (k) => (k / 1024).toFixed(0);

try {
  const { user, headers } = await signInDemoOrganizer(base);
  const festival = await seedEvent(user.id, `bench-stats-${consumoCount}`, {
    tickets: ticketCount,
    drinks: consumoCount,
    scans: scanCount,
  });
  const small = await seedEvent(user.id, `bench-stats-small-${SMALL_EXPORT}`, {
    tickets: 500,
    drinks: SMALL_EXPORT,
    scans: 1000,
  });
  if (!festival.reused || !small.reused) await client.query('vacuum analyze');
  const {
    rows: [{ version }],
  } = await client.query('select version()');

  const loadBefore = formatLoad();
  const stats = await timeStats(festival.id, headers);
  const smallExport = await timeExport(server, small.id, headers, SMALL_EXPORT);
  const bigExport = await timeExport(server, festival.id, headers, consumoCount);
  // The same million rows from a server whose JavaScript heap may not exceed --heap-mib: it only
  // finishes if the export really streams (V8 otherwise lets garbage pile up while memory is free).
  const capped = await startBenchServer({
    port: positiveInteger(values, 'port') + 1,
    databaseUrl,
    env: { NODE_OPTIONS: `--max-old-space-size=${heapMib}` },
  });
  let cappedExport;
  try {
    await timeExport(capped, small.id, headers, SMALL_EXPORT); // warm-up of the fresh process
    cappedExport = await timeExport(capped, festival.id, headers, consumoCount);
  } finally {
    await capped.stop();
  }
  const loadAfter = formatLoad();

  const lines = [
    `${new Date().toISOString()} · ${machineLine()}`,
    `${version.split(' on ')[0]} · load average (1/5/15 min) ${loadAtStart} at start, ${loadBefore} before measuring, ${loadAfter} after`,
    festival.reused
      ? 'data: reused from an earlier run'
      : `seeded ${ticketCount} tickets, ${consumoCount} consumptions, ${scanCount} scans in ${(festival.ms / 1000).toFixed(0)} s, then VACUUM ANALYZE`,
    '',
    `| GET /api/stats (${consumoCount.toLocaleString('en')} consumptions, ${samples} requests) | p50 ms | p95 ms | max ms |`,
    '| --- | ---: | ---: | ---: |',
    `| sequential, after 3 warm-ups | ${stats.p50.toFixed(1)} | ${stats.p95.toFixed(1)} | ${stats.max.toFixed(1)} |`,
    '',
    '| consumos.csv | time | CSV | on the wire | server RSS before → peak | RSS peak per quarter of the download |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...[
      ['', smallExport],
      ['', bigExport],
      [`, heap capped at ${heapMib} MiB`, cappedExport],
    ].map(
      ([note, run]) =>
        `| ${run.rows.toLocaleString('en')} rows${note} | ${(run.ms / 1000).toFixed(2)} s | ${(run.bytes / 2 ** 20).toFixed(1)} MiB | ${(run.wire / 2 ** 20).toFixed(1)} MiB (${run.encoding ?? 'identity'}) | ${mib(run.before)} → ${mib(run.peak)} MiB (+${mib(run.peak - run.before)}) | ${run.quarters.map((k) => (k ? mib(k) : '–')).join(' / ')} MiB |`,
    ),
    '',
    `check: totalConsumos ${stats.body.totalConsumos}, totalAsistentes ${stats.body.totalAsistentes}, ` +
      `estadoTickets ${JSON.stringify(stats.body.estadoTickets)}`,
  ];
  console.log(`\n${lines.join('\n')}`);
  if (values.record) {
    appendFileSync(
      new URL('./RESULTS.md', import.meta.url),
      `\n## ${new Date().toISOString().slice(0, 10)} — statistics and CSV exports at festival size (\`npm run bench:stats\`)\n\n${lines.join('\n')}\n`,
    );
    console.log('Appended to bench/RESULTS.md');
  }
} finally {
  await client.end();
  await server.stop();
}
