// Load benchmark of the read paths every screen uses, against a real server process.
// Usage: npm run bench [-- --database-url postgres://…] [--duration 10] [--connections 20]
// Starts the server on a fresh embedded database (or the given PostgreSQL) with demo data,
// signs in as the demo organizer and measures each endpoint with autocannon.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
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

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, duration: Number(values.duration), connections: Number(values.connections), ...options },
      (error, result) => (error ? reject(error) : resolve({ title, result })),
    );
  });
}

try {
  const { user, headers } = await signInDemoOrganizer(base);
  const runs = [
    await measure('GET /api/auth/me', { path: '/api/auth/me', headers }),
    await measure(`GET /api/eventos/${user.id}`, { path: `/api/eventos/${user.id}`, headers }),
    await measure('GET /api/evento/1 (with counters)', { path: '/api/evento/1', headers }),
    await measure('GET /api/tipos-ticket/all/organizer', {
      path: '/api/tipos-ticket/all/organizer',
      headers,
    }),
  ];
  console.log(
    `\n${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
  );
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
