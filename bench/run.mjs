// Load benchmark of the read paths every screen uses, against a real server process.
// Usage: npm run bench [-- --database-url postgres://…] [--duration 10] [--connections 20]
// Starts the server on a fresh embedded database (or the given PostgreSQL) with demo data,
// signs in as the demo organizer and measures each endpoint with autocannon.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineLine } from './lib/machine.mjs';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3190' },
  },
});
const server = await startBenchServer({ port: Number(values.port), databaseUrl: values['database-url'] });
const { base } = server;

/**
 * Drives one endpoint. The path goes in the URL: autocannon 9 takes a request's path from `url`
 * and ignores a top-level `path` option — until 2026-11-23 this benchmark measured `GET /` four
 * times. One request first checks that the endpoint answers JSON 200, and any non-2xx under load
 * fails the run.
 */
async function measure(title, path, headers) {
  const probe = await fetch(`${base}${path}`, { headers });
  if (probe.status !== 200 || !probe.headers.get('content-type')?.startsWith('application/json')) {
    throw new Error(
      `${title}: expected a JSON 200, got ${probe.status} ${probe.headers.get('content-type')}`,
    );
  }
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${path}`,
        headers,
        duration: Number(values.duration),
        connections: Number(values.connections),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  if (result.non2xx > 0) throw new Error(`${title}: ${result.non2xx} answers were not 2xx`);
  return { title, result };
}

try {
  const { user, headers } = await signInDemoOrganizer(base);
  const runs = [
    await measure('GET /api/auth/me', '/api/auth/me', headers),
    await measure(`GET /api/eventos/${user.id}`, `/api/eventos/${user.id}`, headers),
    await measure('GET /api/evento/1 (with counters)', '/api/evento/1', headers),
    await measure('GET /api/tipos-ticket/all/organizer', '/api/tipos-ticket/all/organizer', headers),
  ];
  console.log(`\n${new Date().toISOString()} · ${machineLine()}`);
  console.log(
    `database: ${values['database-url'] ? 'PostgreSQL' : 'PGlite (embedded)'} · ${values.connections} connections · ${values.duration} s each\n`,
  );
  console.log('| endpoint | req/s (mean) | p50 ms | p99 ms | non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const { title, result } of runs) {
    console.log(
      `| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
    );
  }
} finally {
  await server.stop();
}
