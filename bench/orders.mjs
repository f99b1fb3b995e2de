// Orders at festival size: 20,000 orders in one event, imported 5,000 rows at a time through the
// guest-list import, then the server time of the list's first page, a search and a filtered page,
// and the time and peak server memory of a 500-ticket PDF.
// Usage: npm run bench:orders [-- --database-url postgres://…/empty_db] [--samples 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineLine } from './lib/machine.mjs';
import { firstNames, lastNames } from './lib/names.mjs';
import { percentile } from './lib/statistics.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    samples: { type: 'string', default: '40' },
    port: { type: 'string', default: '3191' },
  },
});
const samples = Number(values.samples);
const server = await startBenchServer({ port: Number(values.port), databaseUrl: values['database-url'] });
const { base } = server;

const HOUR = 3_600_000;

async function api(method, path, headers, body, contentType = 'application/json') {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body: body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : body,
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response;
}

function guestCsv(from, count, typeNames, quantity = () => 1) {
  const lines = ['nombre completo;email;teléfono;tipo de ticket;cantidad'];
  for (let n = from; n < from + count; n++) {
    const name = `${firstNames[n % 10]} ${lastNames[Math.floor(n / 10) % 10]} ${n}`;
    lines.push(
      `${name};invitado${n}@ejemplo.es;6${String(n).padStart(8, '0')};${typeNames[n % typeNames.length]};${quantity(n)}`,
    );
  }
  return lines.join('\r\n');
}

async function timeRequests(title, path, headers) {
  const times = [];
  for (let n = 0; n < samples; n++) {
    const started = performance.now();
    const response = await api('GET', path, headers);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { title, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

const rssKib = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);

try {
  const { headers } = await signInDemoOrganizer(base);
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
  const event = async (nombre) =>
    (
      await api('POST', '/api/eventos', headers, {
        nombre,
        ubicacion: 'Recinto Ferial, Valencia',
        fechaInicio: start.toISOString(),
        fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
      })
    ).json();
  const festival = await event('Festival de prueba de carga');
  const typeNames = ['General', 'VIP', 'Barra libre'];
  const types = [];
  for (const nombre of typeNames) {
    const response = await api('POST', '/api/tipos-ticket', headers, {
      eventoId: festival.id,
      nombre,
      modo: 'por_cantidad',
      maxDrinks: 4,
      drinkType: 'todo',
      validoDesde: festival.fechaInicio,
      validoHasta: festival.fechaFin,
    });
    types.push(await response.json());
  }

  const imports = [];
  for (let batch = 0; batch < 4; batch++) {
    const csv = guestCsv(batch * 5000, 5000, typeNames, (n) => 1 + (n % 3));
    const started = performance.now();
    const result = await (
      await api('POST', `/api/eventos/${festival.id}/importar`, headers, csv, 'text/csv')
    ).json();
    imports.push({ ms: performance.now() - started, ...result });
  }

  const today = new Date().toISOString().slice(0, 10);
  const reads = [
    await timeRequests('first page (20 orders)', `/api/pedidos/${festival.id}?page=1&limit=20`, headers),
    await timeRequests('page 500 (20 orders)', `/api/pedidos/${festival.id}?page=500&limit=20`, headers),
    await timeRequests(
      'search "martínez 1234"',
      `/api/pedidos/${festival.id}?search=${encodeURIComponent('martínez 1234')}`,
      headers,
    ),
    await timeRequests('search by phone "600012"', `/api/pedidos/${festival.id}?search=600012`, headers),
    await timeRequests(
      'filtered: ticket type + today',
      `/api/pedidos/${festival.id}?ticketTypeId=${types[1].id}&desde=${today}&hasta=${today}&page=3`,
      headers,
    ),
  ];

  const printed = await event('Boda de 500 invitados');
  await api('POST', '/api/tipos-ticket', headers, {
    eventoId: printed.id,
    nombre: 'General',
    modo: 'por_cantidad',
    maxDrinks: 4,
    drinkType: 'todo',
    validoDesde: printed.fechaInicio,
    validoHasta: printed.fechaFin,
  });
  await api(
    'POST',
    `/api/eventos/${printed.id}/importar`,
    headers,
    guestCsv(100_000, 500, ['General']),
    'text/csv',
  );
  const before = rssKib();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKib())), 10);
  const started = performance.now();
  const pdf = await (await api('GET', `/api/eventos/${printed.id}/tickets.pdf`, headers)).arrayBuffer();
  const pdfMs = performance.now() - started;
  clearInterval(sampler);

  console.log(`\n${new Date().toISOString()} · ${machineLine()}`);
  console.log(
    `database: ${values['database-url'] ? 'PostgreSQL' : 'PGlite (embedded)'} · ${samples} sequential requests each\n`,
  );
  console.log('| import of 5,000 rows | ms | orders | tickets |');
  console.log('| --- | ---: | ---: | ---: |');
  imports.forEach((run, index) =>
    console.log(
      `| batch ${index + 1} | ${run.ms.toFixed(0)} | ${run.pedidosCreados} | ${run.ticketsCreados} |`,
    ),
  );
  console.log('\n| 20,000 orders in one event | p50 ms | p95 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const read of reads) {
    console.log(
      `| ${read.title} | ${read.p50.toFixed(1)} | ${read.p95.toFixed(1)} | ${read.max.toFixed(1)} |`,
    );
  }
  console.log(
    `\n500-ticket PDF: ${pdfMs.toFixed(0)} ms, ${(pdf.byteLength / 1024).toFixed(0)} KiB; server RSS ${(before / 1024).toFixed(0)} MiB before, peak ${(peak / 1024).toFixed(0)} MiB (+${((peak - before) / 1024).toFixed(0)} MiB)`,
  );
} finally {
  await server.stop();
}
