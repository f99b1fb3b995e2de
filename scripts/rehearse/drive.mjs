// The production rehearsal's driver (scripts/rehearse-production.sh starts it with a scratch
// PostgreSQL database and a work folder): two processes of the built server behind Caddy with
// `tls internal`, bar scanners posting consumes through HTTPS, one process SIGKILLed mid-burst,
// restarted, then the other SIGTERMed mid-burst. Checks in PostgreSQL that every acknowledged
// drink is stored exactly once, and in the drained process's log that it answered every request
// it accepted. Prints a JSON summary; exits 1 on any violation. docs/decisions/040.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, killAll, sleep, startApp, startCaddy, waitHealthy } from './processes.mjs';

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

const TICKETS_PER_CLIENT = 20;
const ORDER_SIZE = 10;
const MAX_DRINKS = 50;
/** A client gives up on a scan (a violation) when no process acknowledged it within this time. */
const SCAN_DEADLINE_MS = 30_000;
const ATTEMPT_TIMEOUT_MS = 15_000;
/** Share of acknowledged scans sent once more, as a phone that missed the answer would. */
const RESEND_SHARE = 0.05;
const HOUR = 3_600_000;

const log = (message) => console.log(`[rehearse +${((Date.now() - t0) / 1000).toFixed(1)} s] ${message}`);
const t0 = Date.now();
const violations = [];
const violation = (message) => {
  violations.push(message);
  console.error(`✗ ${message}`);
};

// --- HTTPS through Caddy, trusting only Caddy's internal CA --------------------------------------

let agent;
let baseHost;
let basePort;

/** One HTTPS request; resolves `{status, body}` or `{error}` (network error or timeout). */
function send(method, path, { body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpsRequest(
      {
        host: baseHost,
        port: basePort,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

async function api(method, path, headers, body) {
  const response = await send(method, path, { headers, body });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(
      `${method} ${path} → ${response.status ?? response.error} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body;
}

// --- Seed through the API: an event running now, a 50-drink bono, tickets in orders of ten ---------

async function seed() {
  const login = await api(
    'POST',
    '/api/auth/login',
    {},
    { email: 'organizador@drinkflow.test', password: 'drinkflow' },
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const start = new Date(Date.now() - HOUR);
  const evento = await api('POST', '/api/eventos', headers, {
    nombre: 'Ensayo de producción',
    ubicacion: 'Recinto Ferial, Valencia',
    fechaInicio: start.toISOString(),
    fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
  });
  const bono = await api('POST', '/api/tipos-ticket', headers, {
    eventoId: evento.id,
    validoDesde: evento.fechaInicio,
    validoHasta: evento.fechaFin,
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: MAX_DRINKS,
    drinkType: 'todo',
  });
  const count = CLIENTS * TICKETS_PER_CLIENT;
  const qrCodes = [];
  for (let n = 0; qrCodes.length < count; n++) {
    const pedido = await api('POST', '/api/pedidos', headers, {
      eventoId: evento.id,
      nombreCompleto: `Invitado ${n + 1}`,
      email: `invitado${n + 1}@ejemplo.es`,
      ticketTypeId: bono.id,
      quantity: Math.min(ORDER_SIZE, count - qrCodes.length),
    });
    qrCodes.push(...pedido.tickets.map((ticket) => ticket.qrCode));
  }
  return { evento, qrCodes };
}

// --- The bar scanners ------------------------------------------------------------------------------

const figures = {
  scans: 0,
  acknowledged: 0,
  served: 0,
  refused: 0,
  requests: 0,
  retries: 0,
  scansRetried: 0,
  gaveUp: 0,
  answersForAnotherScan: 0,
  resent: 0,
  resentSameAnswer: 0,
  clientErrors: {},
  /** Second of the burst (from its start) → failed attempts in it. */
  errorsBySecond: {},
};
let burstStart = 0;
/** scanId → the acknowledged answer. */
const answers = new Map();
const sentScanIds = new Set();

function countError(kind) {
  figures.clientErrors[kind] = (figures.clientErrors[kind] ?? 0) + 1;
  const second = Math.floor((Date.now() - burstStart) / 1000);
  figures.errorsBySecond[second] = (figures.errorsBySecond[second] ?? 0) + 1;
}

/**
 * POSTs one scan until a process acknowledges it (200), sending the same scanId again after a
 * network error or a 502/503/504, as the scanner page does. Anything else is a violation.
 */
async function scanUntilAcknowledged(apiKey, deviceId, body) {
  const deadline = Date.now() + SCAN_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) figures.retries++;
    figures.requests++;
    const response = await send('POST', `/api/scanner/${apiKey}/consume`, {
      body,
      headers: { 'x-device-id': deviceId },
    });
    if (response.status === 200) {
      // The answer names the scan it decided: another scan's answer means the body was mixed up.
      if (response.body?.scanId !== body.scanId) {
        figures.answersForAnotherScan++;
        violation(`scan ${body.scanId} (attempt ${attempt + 1}) answered for scan ${response.body?.scanId}`);
      }
      return { answer: response.body, attempts: attempt + 1 };
    }
    // Caddy's own 502/503 has no body; the app's answers are JSON with an `error`.
    const from = response.body && typeof response.body === 'object' ? 'app' : 'proxy';
    const kind = response.error ?? `HTTP ${response.status} (${from})`;
    countError(kind);
    if (response.status !== undefined && ![502, 503, 504].includes(response.status)) {
      violation(`scan ${body.scanId}: ${kind} ${JSON.stringify(response.body)}`);
      return null;
    }
    if (Date.now() > deadline) return null;
    await sleep(Math.min(1000, 50 * 2 ** attempt));
  }
}

function runClient(index, apiKey, qrCodes, shouldStop) {
  const deviceId = `ensayo-barra-${index + 1}`;
  const used = new Map(qrCodes.map((qr) => [qr, 0]));
  return (async () => {
    for (let n = 0; !shouldStop(); n++) {
      const qrCode = qrCodes[n % qrCodes.length];
      if (used.get(qrCode) >= MAX_DRINKS) break; // every ticket used up: this bar is done
      const body = { qrCode, scanId: randomUUID(), barra: `Barra ${(index % 4) + 1}` };
      sentScanIds.add(body.scanId);
      figures.scans++;
      const result = await scanUntilAcknowledged(apiKey, deviceId, body);
      if (!result) {
        figures.gaveUp++;
        violation(`scan ${body.scanId} not acknowledged within ${SCAN_DEADLINE_MS / 1000} s`);
        continue;
      }
      if (result.attempts > 1) figures.scansRetried++;
      figures.acknowledged++;
      answers.set(body.scanId, result.answer);
      if (result.answer.success) {
        figures.served++;
        used.set(qrCode, used.get(qrCode) + 1);
      } else figures.refused++;
      // A phone that did not see the answer sends the scan again: same answer, nothing recorded.
      if (Math.random() < RESEND_SHARE) {
        figures.resent++;
        const again = await scanUntilAcknowledged(apiKey, deviceId, body);
        if (again && again.answer.success === result.answer.success) figures.resentSameAnswer++;
        else
          violation(
            `scan ${body.scanId} sent again: ${JSON.stringify(again?.answer)} after ${JSON.stringify(result.answer)}`,
          );
      }
    }
  })();
}

// --- The drained process's log: every request it accepted got its answer ---------------------------

/** Fastify's request lines of one process's JSON log: accepted, answered, in flight at `at`. */
function requestsIn(logPath, at, from) {
  const incoming = new Map();
  const completed = new Map();
  let refusedWhileClosing = 0;
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'incoming request') incoming.set(entry.reqId, entry.time);
    // Fastify's answer to a request on a kept-alive connection once closing: 503, Connection: close.
    if (entry.msg?.startsWith('request aborted - refusing')) refusedWhileClosing++;
    if (entry.msg === 'request completed')
      completed.set(entry.reqId, { time: entry.time, status: entry.res?.statusCode });
  }
  // Requests taken in since `from` (A back in the pool, 2 s before the SIGTERM) must all be answered;
  // an older one without an answer was abandoned by the proxy (its body never came), not drained.
  const unansweredAt = [...incoming].filter(([id]) => !completed.has(id)).map(([, time]) => time);
  const unanswered = unansweredAt.filter((time) => time >= from);
  const inFlight = [...incoming].filter(
    ([id, time]) => time <= at && (completed.get(id)?.time ?? Infinity) > at,
  );
  const afterSignal = [...incoming].filter(([, time]) => time > at).map(([id]) => completed.get(id)?.status);
  return {
    accepted: incoming.size,
    answered: [...incoming.keys()].filter((id) => completed.has(id)).length,
    unanswered: unanswered.length,
    abandonedEarlier: unansweredAt.length - unanswered.length,
    inFlightAtSignal: inFlight.length,
    /** When the last of them was answered, after the signal (the rest of the drain is connections). */
    lastInFlightAnsweredMs: Math.max(0, ...inFlight.map(([id]) => (completed.get(id)?.time ?? at) - at)),
    inFlightStatuses: countBy(inFlight.map(([id]) => completed.get(id)?.status ?? 'none')),
    acceptedAfterSignal: afterSignal.length,
    afterSignalStatuses: countBy(afterSignal.map((status) => status ?? 'none')),
    refusedWhileClosing,
  };
}

function countBy(items) {
  const counts = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

// --- PostgreSQL: acknowledged vs stored ----------------------------------------------------------

async function checkDatabase(eventoId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = Number(
      (await client.query('select count(*) as n from consumos where evento_id = $1', [eventoId])).rows[0].n,
    );
    const { rows: scans } = await client.query(
      `select scan_id, consumo_id from scan_log where evento_id = $1 and accion = 'consumo'`,
      [eventoId],
    );
    const { rows: shared } = await client.query(
      `select c.id, count(s.id) as n from consumos c left join scan_log s on s.consumo_id = c.id
        where c.evento_id = $1 group by c.id having count(s.id) <> 1`,
      [eventoId],
    );
    const { rows: counters } = await client.query(
      `select count(*) as n from tickets t join pedidos p on p.id = t.pedido_id
        where p.evento_id = $1
          and t.consumos_usados <> (select count(*) from consumos c where c.ticket_id = t.id)`,
      [eventoId],
    );
    const byScanId = new Map();
    for (const row of scans)
      byScanId.set(row.scan_id, (byScanId.get(row.scan_id) ?? []).concat(row.consumo_id));
    const servedAcknowledged = [...answers].filter(([, answer]) => answer.success).map(([scanId]) => scanId);

    if (stored !== servedAcknowledged.length) {
      violation(`${stored} drinks stored, ${servedAcknowledged.length} acknowledged as served`);
    }
    for (const scanId of servedAcknowledged) {
      const rows = byScanId.get(scanId) ?? [];
      if (rows.length !== 1 || rows[0] === null)
        violation(`served scan ${scanId}: scan log ${JSON.stringify(rows)}`);
    }
    for (const [scanId, answer] of answers) {
      if (!answer.success && byScanId.get(scanId)?.some((id) => id !== null)) {
        violation(`scan ${scanId} answered as refused but has a drink`);
      }
    }
    const unknown = [...byScanId.keys()].filter((scanId) => !sentScanIds.has(scanId));
    if (unknown.length > 0) violation(`${unknown.length} scan-log rows with a scanId no client sent`);
    const duplicated = [...byScanId.values()].filter((rows) => rows.length > 1).length;
    if (duplicated > 0) violation(`${duplicated} scanIds with more than one scan-log row`);
    if (shared.length > 0) violation(`${shared.length} drinks not recorded by exactly one scan`);
    if (Number(counters[0].n) > 0) violation(`${counters[0].n} tickets whose drink counter is wrong`);
    return { stored, acknowledgedServed: servedAcknowledged.length, scanLogRows: scans.length, duplicated };
  } finally {
    await client.end();
  }
}

// --- The run ----------------------------------------------------------------------------------------

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
  agent = new Agent({ ca: caddy.ca, keepAlive: true, maxSockets: CLIENTS * 2 });
  baseHost = 'localhost';
  basePort = httpsPort;
  for (let attempt = 0; ; attempt++) {
    const health = await send('GET', '/api/health');
    if (health.status === 200) break;
    if (attempt > 100) throw new Error(`no HTTPS through Caddy: ${health.status ?? health.error}`);
    await sleep(100);
  }
  log(`Caddy (pid ${caddy.pid}) on https://localhost:${httpsPort}, certificate from its own CA`);

  const { evento, qrCodes } = await seed();
  log(`seeded through HTTPS: event ${evento.id}, ${qrCodes.length} tickets of ${MAX_DRINKS} drinks`);

  let stop = false;
  const started = Date.now();
  burstStart = started;
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
  const database = await checkDatabase(evento.id);

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
