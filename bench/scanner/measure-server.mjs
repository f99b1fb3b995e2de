// The scanner benchmark's server runs: a server process on one database, its event seeded, then
// consume requests from autocannon, each a different ticket, a new scanId and a recorded drink.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startBenchServer } from '../server.mjs';
import { sampleCpu } from './cpu.mjs';
import { settle } from './pgbench.mjs';
import { connections, databaseUrl, duration, port, warmup } from './options.mjs';
import { recordedDrinks, seed } from './seed.mjs';
import { walCounters, walPerTransaction } from './wal.mjs';

/** The server run whose process remembers no ticket (SCANNER_KNOWN_TICKETS=0). */
export const COLD = 'PostgreSQL, every scan read first';

function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Consume requests for `seconds`: each one the next ticket of a shuffled round (so the connections'
 * requests in flight never share a ticket) and a scanId never sent before.
 */
function createLoad(base, apiKey, qrCodes, deviceTokens) {
  const order = shuffled(qrCodes);
  const counts = { sent: 0, recorded: 0, refused: 0 };
  let devicesInUse = 0;
  const tag = `bench-${Date.now().toString(36)}`;
  return {
    counts,
    run(seconds, serverPid) {
      const stopSampling = sampleCpu(seconds, { serverPid, generatorPid: 0 });
      return new Promise((resolve, reject) => {
        autocannon(
          {
            url: base,
            connections,
            duration: seconds,
            requests: [
              {
                method: 'POST',
                path: `/api/scanner/${apiKey}/consume`,
                headers: { 'content-type': 'application/json' },
                setupRequest(request) {
                  const n = counts.sent++;
                  // autocannon gives each connection its own copy of this request: one connection is
                  // one bar phone, scanning one ticket after another with its own token.
                  request.deviceToken ??= deviceTokens[devicesInUse++ % deviceTokens.length];
                  return {
                    ...request,
                    headers: { ...request.headers, 'x-device-token': request.deviceToken },
                    body: JSON.stringify({
                      qrCode: order[n % order.length],
                      scanId: `${tag}-${n}`,
                      barra: 'Barra 1',
                    }),
                  };
                },
                onResponse(status, body) {
                  if (status !== 200) return;
                  if (body.includes('"success":true')) counts.recorded++;
                  else counts.refused++;
                },
              },
            ],
          },
          (error, result) => {
            const cpu = stopSampling();
            if (error) reject(error);
            else resolve({ result, cpu });
          },
        );
      });
    },
  };
}

// The server running now, stopped (and its temporary folder removed) on Ctrl-C too.
let running;

export async function stopRunningServer() {
  await running?.stop();
}

/** Seeds, warms up and measures the consume endpoint on one database; checks what was recorded. */
export async function measureServer(kind, env = {}) {
  const server = await startBenchServer({
    port,
    databaseUrl: kind.startsWith('PostgreSQL') ? databaseUrl : undefined,
    // One load generator is one client: the per-client scanner limit (600/min) would stop it.
    env: { SCANNER_RATE_LIMIT: '0', ...env },
  });
  running = server;
  try {
    const seeded = await seed(server.base);
    const load = createLoad(
      server.base,
      seeded.evento.apiKey,
      seeded.tickets.map((ticket) => ticket.qrCode),
      seeded.deviceTokens,
    );
    if (kind.startsWith('PostgreSQL')) settle();
    console.log(`${kind}: ${seeded.tickets.length} tickets seeded; ${warmup} s warm-up, ${duration} s run`);
    const warm = await load.run(warmup, server.pid);
    const loadBefore = loadavg()[0];
    const walBefore = kind.startsWith('PostgreSQL') ? walCounters() : null;
    const { result, cpu } = await load.run(duration, server.pid);
    const wal = walBefore && walPerTransaction(walBefore, walCounters(), result.requests.total);
    const recorded = await recordedDrinks(server.base, seeded.headers, seeded.pedidoIds);
    const answered2xx = warm.result['2xx'] + result['2xx'];
    const problems = [];
    if (result.non2xx || warm.result.non2xx) problems.push(`${result.non2xx + warm.result.non2xx} non-2xx`);
    if (result.errors || result.timeouts)
      problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
    if (load.counts.refused) problems.push(`${load.counts.refused} scans answered 200 but refused`);
    if (load.counts.recorded !== answered2xx) {
      problems.push(`${load.counts.recorded} answered "success": true, ${answered2xx} 2xx`);
    }
    // Every drink answered as recorded is in the database, and no request recorded two. autocannon
    // stops with up to one request per connection unanswered (built, or sent and then recorded by
    // the server with nobody listening), hence a range.
    if (recorded < load.counts.recorded || recorded > load.counts.sent) {
      problems.push(
        `${recorded} drinks in the database for ${load.counts.recorded} successful answers and ${load.counts.sent} requests`,
      );
    }
    return {
      kind,
      rps: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      recorded,
      cpu,
      wal,
      loadBefore,
      problems,
      seeded,
    };
  } finally {
    running = undefined;
    await server.stop();
  }
}
