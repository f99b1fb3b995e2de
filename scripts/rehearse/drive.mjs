// The production rehearsal's driver (scripts/rehearse-production.sh starts it with a scratch
// PostgreSQL database and a work folder): two processes of the built server behind Caddy with
// `tls internal`, bar scanners posting consumes through HTTPS, one process SIGKILLed mid-burst,
// restarted, then the other SIGTERMed mid-burst. Checks in PostgreSQL that every acknowledged
// drink is stored exactly once, and in the drained process's log that it answered every request
// it accepted. Prints a JSON summary; exits 1 on any violation. docs/decisions/040.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { figures, runClient, startBurst } from './bar-scanners.mjs';
import { checkDatabase } from './database-check.mjs';
import { requestsIn } from './drain-log.mjs';
import { send, useCaddy } from './https-client.mjs';
import { log, violation, violations } from './log.mjs';
import { freePort, killAll, sleep, startApp, startCaddy, waitHealthy } from './processes.mjs';
import { MAX_DRINKS, seed, TICKETS_PER_CLIENT } from './seed.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'work-dir': { type: 'string' },
    'pid-file': { type: 'string' },
    clients: { type: 'string', default: '16' },
    summary: { type: 'string' },
  },
});
const databaseUrl = values['database-url'];
const workDir = values['work-dir'];
if (!databaseUrl || !workDir) throw new Error('usage: drive.mjs --database-url URL --work-dir DIR');
const pidFile = values['pid-file'] ?? join(workDir, 'pids');
const CLIENTS = Number(values.clients);

async function waitForConsumeIn(app, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = readFileSync(app.logPath, 'utf8');
    if (/"msg":"request completed"/.test(text)) return;
    await sleep(100);
  }
  throw new Error(`Caddy sent ${app.name} no request within ${timeoutMs / 1000} s of its restart`);
}

async function main() {
  const [httpsPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const options = { databaseUrl, workDir, pidFile };
  let a = startApp({ ...options, name: 'A', port: portA });
  const b = startApp({ ...options, name: 'B', port: portB });
  await Promise.all([waitHealthy(a), waitHealthy(b)]);
  log(`A (pid ${a.pid}, :${portA}) and B (pid ${b.pid}, :${portB}) healthy on PostgreSQL`);

  const caddy = await startCaddy({ workDir, pidFile, httpsPort, upstreams: [portA, portB] });
  useCaddy({ ca: caddy.ca, port: httpsPort, maxSockets: CLIENTS * 2 });
  for (let attempt = 0; ; attempt++) {
    const health = await send('GET', '/api/health');
    if (health.status === 200) break;
    if (attempt > 100) throw new Error(`no HTTPS through Caddy: ${health.status ?? health.error}`);
    await sleep(100);
  }
  log(`Caddy (pid ${caddy.pid}) on https://localhost:${httpsPort}, certificate from its own CA`);

  const { evento, qrCodes } = await seed(CLIENTS);
  log(`seeded through HTTPS: event ${evento.id}, ${qrCodes.length} tickets of ${MAX_DRINKS} drinks`);

  let stop = false;
  const started = Date.now();
  startBurst(started);
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    runClient(
      i,
      evento.apiKey,
      qrCodes.slice(i * TICKETS_PER_CLIENT, (i + 1) * TICKETS_PER_CLIENT),
      () => stop,
    ),
  );
  const timeline = {};
  const at = (name) => (timeline[name] = Number(((Date.now() - started) / 1000).toFixed(1)));

  await sleep(4000);
  const beforeKill = figures.acknowledged;
  process.kill(a.pid, 'SIGKILL');
  const killedA = await a.exited;
  at('sigkillA');
  log(`SIGKILL A after ${beforeKill} acknowledged scans (exit signal ${killedA.signal})`);

  await sleep(5000);
  a = startApp({ ...options, name: 'A', port: portA, incarnation: 2 });
  at('restartA');
  await waitHealthy(a);
  await waitForConsumeIn(a, 20_000);
  at('aBackInPool');
  const aBack = Date.now();
  log(`A restarted (pid ${a.pid}) and receiving scans through Caddy again`);

  await sleep(2000);
  const beforeTerm = figures.acknowledged;
  const sigterm = Date.now();
  process.kill(b.pid, 'SIGTERM');
  at('sigtermB');
  const exitB = await Promise.race([b.exited, sleep(20_000).then(() => null)]);
  if (!exitB) throw new Error('B did not exit within 20 s of SIGTERM');
  const drainMs = exitB.at - sigterm;
  log(
    `SIGTERM B after ${beforeTerm} acknowledged scans: exit ${exitB.code ?? exitB.signal} after ${drainMs} ms`,
  );
  if (exitB.code !== 0) violation(`B exited with ${exitB.code ?? exitB.signal} after SIGTERM, not 0`);

  await sleep(3000);
  stop = true;
  await Promise.all(clients);
  const burstSeconds = (Date.now() - started) / 1000;
  at('end');
  log(`burst over: ${figures.acknowledged} scans acknowledged in ${burstSeconds.toFixed(1)} s`);

  const drained = requestsIn(b.logPath, sigterm, aBack);
  if (drained.unanswered > 0) violation(`B accepted ${drained.unanswered} requests it never answered`);
  if (drained.accepted === 0) violation('B logged no request: the drain check saw nothing');
  const database = await checkDatabase(databaseUrl, evento.id);

  const summary = {
    clients: CLIENTS,
    tickets: qrCodes.length,
    burstSeconds: Number(burstSeconds.toFixed(1)),
    timeline,
    scans: figures.scans,
    acknowledged: figures.acknowledged,
    served: figures.served,
    refused: figures.refused,
    stored: database.stored,
    scanLogRows: database.scanLogRows,
    requests: figures.requests,
    retries: figures.retries,
    scansRetried: figures.scansRetried,
    gaveUp: figures.gaveUp,
    answersForAnotherScan: figures.answersForAnotherScan,
    resent: figures.resent,
    resentSameAnswer: figures.resentSameAnswer,
    clientErrors: figures.clientErrors,
    errorsBySecond: figures.errorsBySecond,
    killedA: { acknowledgedBefore: beforeKill },
    drainB: {
      exitCode: exitB.code,
      signal: exitB.signal,
      drainMs,
      acknowledgedBefore: beforeTerm,
      ...drained,
    },
    violations,
  };
  console.log(JSON.stringify(summary, null, 2));
  if (values.summary) writeFileSync(values.summary, `${JSON.stringify(summary, null, 2)}\n`);
  await sleep(0);
  killAll();
  return violations.length === 0;
}

function abort(signal) {
  killAll();
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.on('SIGINT', abort);
process.on('SIGTERM', abort);

main().then(
  (ok) => {
    console.log(
      ok ? '✓ production rehearsal: no violation' : `✗ production rehearsal: ${violations.length} violations`,
    );
    process.exit(ok ? 0 : 1);
  },
  (error) => {
    console.error(`✗ production rehearsal failed: ${error.stack ?? error}`);
    killAll();
    process.exit(1);
  },
);
