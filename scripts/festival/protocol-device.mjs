import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import {
  DEVICE_OFFLINE_DATA_HEADER,
  DEVICE_PENDING_HEADER,
  DEVICE_TOKEN_HEADER,
  deviceErrors,
} from '../../packages/domain/src/device-wire.ts';
import { offlineTicketId } from '../../packages/domain/src/offline-crypto.ts';
import { offlineData as offlineDataSchema } from '../../packages/domain/src/offline-data.ts';
import { decideOfflineScan } from '../../packages/domain/src/offline-decision.ts';
import { scanRefusals } from '../../packages/domain/src/scan-rules.ts';
import { SCANNER_DEVICE_HEADER } from '../../packages/domain/src/scanner-limits.ts';
import { openDeviceLog } from './device-log.mjs';
import { openQueue } from './durable-queue.mjs';

/**
 * A bar device that talks to the server exactly as the product's scanner page does
 * (packages/web/src/features/scanner) and decides offline with the domain's own rule function
 * (`decideOfflineScan`) on the server's offline data and its own drinks. Its verdicts, uploads,
 * undos and downloads go to its device log; its offline queue is a crash-safe journal.
 *
 * What the page does, mirrored here:
 * - a scan waits SCAN_TIMEOUT_MS for the server; a connection that fails at once is tried once more
 *   with the same scanId; no answer, or 502/503/504 → decided offline, queued and sent later with that
 *   same scanId (so an attempt the server recorded without its answer arriving is not a second drink);
 *   any other answer (a 200 refusal, a 4xx) is the verdict;
 * - a drink allowed offline is queued (durably) before it is served; a refusal of a known ticket is
 *   queued for the scan log (docs/decisions/067); an unknown code is not queued;
 * - a scan of a code that still waits in the queue first gives the queue a chance to be sent;
 * - the queue is sent oldest first, one at a time, with `offline: true`, `escaneadoEn` and, for a
 *   refusal, `rechazo`; no answer, 5xx, 408, 429 or 401 device_required stop the round and it is
 *   tried again later (growing pause, or Retry-After), and at once when the server answers again;
 *   any other answer is final;
 * - the offline data is downloaded at once and every minute (If-None-Match), and after a round that
 *   sent something; drinks served online are kept as local drinks until data asked later holds them;
 * - a 401 device_revoked (on any call) stops scanning, wipes the offline data, and the queue is
 *   still sent with the old token (the server keeps what was served before the revocation).
 */

export const SCAN_TIMEOUT_MS = 2_500;
const UPLOAD_TIMEOUT_MS = 10_000;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const UNDO_TIMEOUT_MS = 10_000;
export const REFRESH_MS = 60_000;
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 60_000;
/** Answers of a proxy or server that cannot serve now: as good as no answer for a scan. */
const UNAVAILABLE = [502, 503, 504];

class NetworkError extends Error {
  /** @param {string} message @param {boolean} timedOut */
  constructor(message, timedOut) {
    super(message);
    this.timedOut = timedOut;
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isRefusal = (reason) => scanRefusals.includes(reason);

/**
 * @typedef {{
 *   name: string, barra: string, deviceId: string, token: string | null, apiKey: string,
 *   baseUrl: string, ca?: string | Buffer, logDir: string, queueDir: string,
 *   timing?: { scanTimeoutMs?: number, refreshMs?: number, firstRetryMs?: number, maxRetryMs?: number },
 * }} ProtocolDeviceOptions
 */

/** @param {ProtocolDeviceOptions} options */
export function createProtocolDevice(options) {
  const { name, barra, apiKey, baseUrl, ca, logDir, queueDir } = options;
  const deviceId = String(options.deviceId);
  const token = options.token ?? null;
  const timing = {
    scanTimeoutMs: SCAN_TIMEOUT_MS,
    refreshMs: REFRESH_MS,
    firstRetryMs: FIRST_RETRY_MS,
    maxRetryMs: MAX_RETRY_MS,
    ...options.timing,
  };
  mkdirSync(logDir, { recursive: true });
  mkdirSync(queueDir, { recursive: true });
  const log = openDeviceLog(join(logDir, `${name}.jsonl`), name);
  const queue = openQueue(join(queueDir, `${name}.queue`));

  const url = new URL(baseUrl);
  const transport = url.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 4, ...(ca ? { ca } : {}) });
  const scannerPath = `/api/scanner/${encodeURIComponent(apiKey)}`;

  /** @type {{ data: import('../../packages/domain/src/offline-data.ts').OfflineData, etag?: string, pedidoEn: number } | null} */
  let stored = null;
  /** Drinks the server got from this device that the stored data may not hold, by scanId. */
  const recent = new Map();
  /** null until a request was answered or failed. */
  let reachable = null;
  let revoked = false;
  let stopped = false;
  let closed = false;
  /** @type {Promise<{ kind: string, sent: number }> | null} */
  let syncing = null;
  let refreshing = null;
  let retryTimer;
  let retryMs = timing.firstRetryMs;
  /** The queued entry being uploaded now (an undo of it must reach the server). */
  let uploadingId = null;
  const inFlight = new Set();

  const write = (line) => {
    if (!closed) log.write(line);
  };

  const noteReachable = (answered) => {
    if (reachable === answered) return;
    const before = reachable;
    reachable = answered;
    write({ kind: 'network', reachable: answered });
    // The server answers again: what waits is sent at once.
    if (answered && before === false && queue.size() > 0) quietly(flush());
  };

  const markRevoked = () => {
    if (revoked) return;
    revoked = true;
    write({ kind: 'revoked' });
    // A revoked device keeps none of the event's data; its queue still goes to the server.
    stored = null;
    recent.clear();
    if (queue.size() > 0) quietly(flush());
  };

  /**
   * One scanner call: its status, headers and JSON body, or a NetworkError when no answer came
   * within `timeoutMs` (the body included).
   * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: any }>}
   */
  function call(method, path, body, { timeoutMs, ifNoneMatch } = {}) {
    const headers = { [SCANNER_DEVICE_HEADER]: deviceId, [DEVICE_PENDING_HEADER]: String(queue.size()) };
    if (token) headers[DEVICE_TOKEN_HEADER] = token;
    if (stored) headers[DEVICE_OFFLINE_DATA_HEADER] = stored.data.generadoEn;
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const answer = new Promise((resolve, reject) => {
      let timedOut = false;
      const request = transport.request(
        { hostname: url.hostname, port: url.port, path: `${scannerPath}${path}`, method, headers, agent },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', () => undefined);
          response.on('end', () => {
            clearTimeout(timer);
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
          });
        },
      );
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      }, timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(new NetworkError(timedOut ? 'no answer in time' : error.message, timedOut));
      });
      request.end(payload);
      inFlight.add(request);
      const forget = () => inFlight.delete(request);
      request.on('close', forget);
    });
    return answer.then(
      (result) => {
        noteReachable(!UNAVAILABLE.includes(result.status));
        if (result.status === 401 && result.body?.error === deviceErrors.revoked) markRevoked();
        return result;
      },
      (error) => {
        noteReachable(false);
        throw error;
      },
    );
  }

  async function localDrinks() {
    const queued = queue
      .entries()
      .filter((entry) => entry.rechazo === undefined)
      .map(({ ticket, tipoBebida, escaneadoEn, barra: entryBarra }) => ({
        ticket,
        tipoBebida,
        timestamp: escaneadoEn,
        barra: entryBarra,
      }));
    const kept = [...recent.values()].map(({ ticket, tipoBebida, timestamp, barra: keptBarra }) => ({
      ticket,
      tipoBebida,
      timestamp,
      barra: keptBarra,
    }));
    return [...queued, ...kept];
  }

  async function rememberServed(scanId, qrCode, tipoBebida) {
    if (!stored) return;
    recent.set(scanId, {
      ticket: await offlineTicketId(qrCode.trim()),
      tipoBebida,
      timestamp: new Date().toISOString(),
      barra,
      registradoEn: Date.now(),
    });
  }

  /** The online attempt: once more at once when the connection failed without waiting (same scanId). */
  async function sendScan(body) {
    try {
      return await call('POST', '/consume', body, { timeoutMs: timing.scanTimeoutMs });
    } catch (error) {
      if (!(error instanceof NetworkError) || error.timedOut) throw error;
      return call('POST', '/consume', body, { timeoutMs: timing.scanTimeoutMs });
    }
  }

  /**
   * A scan at this bar, as the bartender sees it. Resolves with the logged verdict, or with
   * `{ skipped: true }` (nothing sent, nothing logged) once the device is revoked or stopped.
   * @param {string} qrCode
   * @param {{ tipoBebida?: string }} [choice]
   */
  async function scan(qrCode, { tipoBebida } = {}) {
    if (revoked || stopped) return { skipped: true };
    const started = performance.now();
    const scanId = randomUUID();
    const body = { qrCode, scanId, barra, tipoBebida, deviceId };
    if (queue.entries().some((entry) => entry.qrCode === qrCode)) {
      await Promise.race([flush(), pause(timing.scanTimeoutMs)]);
    }
    let answer;
    try {
      answer = await sendScan(body);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return decideOffline({ qrCode, tipoBebida, started, scanId });
    }
    if (UNAVAILABLE.includes(answer.status)) {
      return decideOffline({ qrCode, tipoBebida, started, scanId });
    }
    const served = answer.status === 200 && answer.body?.success === true;
    const reason =
      answer.status === 200
        ? (answer.body?.reason ?? null)
        : (answer.body?.error ?? answer.body?.message ?? null);
    if (served) await rememberServed(scanId, qrCode, answer.body.tipoBebida ?? tipoBebida ?? null);
    const line = {
      kind: 'scan',
      scanId,
      qr: qrCode,
      barra,
      tipoBebida: answer.body?.tipoBebida ?? tipoBebida ?? null,
      via: 'online',
      served,
      reason,
      status: answer.status,
      latencyMs: Math.round(performance.now() - started),
    };
    write(line);
    return line;
  }

  /** The page's consumeOffline: the rule function on the stored data and this device's drinks. */
  async function decideOffline({ qrCode, tipoBebida, started, scanId }) {
    const now = new Date();
    const base = {
      kind: 'scan',
      scanId,
      qr: qrCode,
      barra,
      via: 'offline',
      status: null,
      escaneadoEn: now.toISOString(),
    };
    const finish = (fields) => {
      const line = { ...base, ...fields, latencyMs: Math.round(performance.now() - started) };
      write(line);
      if (queue.size() > 0) scheduleSync(retryMs);
      return line;
    };
    if (!stored)
      return finish({ tipoBebida: tipoBebida ?? null, served: false, reason: 'sin_datos_offline' });
    const answer = await decideOfflineScan({
      data: stored.data,
      qrCode,
      localDrinks: await localDrinks(),
      now,
      tipoBebida,
      barra,
    });
    if (!answer.found)
      return finish({ tipoBebida: tipoBebida ?? null, served: false, reason: 'no_encontrado' });
    const { drink, result } = answer;
    if (drink) {
      try {
        queue.push({
          id: scanId,
          qrCode,
          ticket: drink.ticket,
          tipoBebida: drink.tipoBebida,
          barra: drink.barra,
          escaneadoEn: drink.timestamp,
        });
      } catch {
        // Not kept: the drink is not served (the page's rule).
        return finish({ tipoBebida: drink.tipoBebida, served: false, reason: 'cola_no_guardada' });
      }
      return finish({ tipoBebida: drink.tipoBebida, served: true, reason: result.reason });
    }
    if (isRefusal(result.reason)) {
      try {
        queue.push({
          id: scanId,
          qrCode,
          ticket: answer.ticket,
          tipoBebida: result.tipoBebida,
          barra,
          escaneadoEn: now.toISOString(),
          rechazo: result.reason,
        });
      } catch {
        // A refusal not kept is still shown: nothing was served.
      }
    }
    return finish({
      tipoBebida: result.tipoBebida ?? tipoBebida ?? null,
      served: false,
      reason: result.reason,
    });
  }

  /** Answers worth another try later: the entry may yet be stored. */
  const retryable = ({ status, body }) =>
    status >= 500 ||
    status === 408 ||
    status === 429 ||
    (status === 401 && body?.error === deviceErrors.required);

  async function sendAll() {
    let sent = 0;
    for (;;) {
      if (closed) return { kind: 'stopped', sent };
      const entry = queue.peek();
      if (!entry) return { kind: 'done', sent };
      const refusal = entry.rechazo !== undefined;
      let answer;
      uploadingId = entry.id;
      try {
        answer = await call(
          'POST',
          '/consume',
          {
            qrCode: entry.qrCode,
            scanId: entry.id,
            tipoBebida: entry.tipoBebida,
            barra: entry.barra ?? undefined,
            deviceId,
            offline: true,
            escaneadoEn: entry.escaneadoEn,
            ...(refusal ? { rechazo: entry.rechazo } : {}),
          },
          { timeoutMs: UPLOAD_TIMEOUT_MS },
        );
      } catch (error) {
        write({ kind: 'upload-retry', scanId: entry.id, error: error.message });
        return { kind: 'stopped', sent };
      } finally {
        uploadingId = null;
      }
      if (retryable(answer)) {
        write({ kind: 'upload-retry', scanId: entry.id, status: answer.status });
        const retryAfter = Number(answer.headers['retry-after']);
        return { kind: 'stopped', sent, ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
      }
      const ok = answer.status === 200;
      const served = ok && !refusal && answer.body?.success !== false;
      const stillQueued = queue.remove(entry.id);
      if (served) {
        if (stillQueued) {
          if (stored) {
            recent.set(entry.id, {
              ticket: entry.ticket,
              tipoBebida: entry.tipoBebida,
              timestamp: entry.escaneadoEn,
              barra: entry.barra,
              registradoEn: Date.now(),
            });
          }
        } else {
          // Undone on this device while it was on its way: taken back on the server too.
          await call('POST', '/undo', { scanId: entry.id, deviceId }, { timeoutMs: UNDO_TIMEOUT_MS }).catch(
            () => undefined,
          );
        }
      }
      write({
        kind: 'upload',
        scanId: entry.id,
        status: answer.status,
        served,
        conflicto: ok ? (answer.body?.conflicto ?? false) : null,
        reason: ok ? (answer.body?.reason ?? null) : (answer.body?.error ?? answer.body?.message ?? null),
        refusal,
      });
      sent += 1;
    }
  }

  function scheduleSync(ms) {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => quietly(flush()), ms);
  }

  /**
   * One sending round of the queue (joins the running one). Resolves with how it ended:
   * `done` (queue empty) or `stopped` (the server could not take them; retried later).
   */
  function flush() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (syncing) return syncing;
    syncing = (async () => {
      let outcome;
      try {
        outcome = await sendAll();
      } finally {
        syncing = null;
      }
      if (closed) return outcome;
      if (outcome.kind === 'stopped') {
        scheduleSync(outcome.retryAfterMs ?? retryMs);
        retryMs = Math.min(retryMs * 2, timing.maxRetryMs);
        return outcome;
      }
      retryMs = timing.firstRetryMs;
      // The server has this device's drinks now: data asked for after them holds them.
      if (outcome.sent > 0) quietly(refreshOfflineData());
      return outcome;
    })();
    return syncing;
  }

  /** Downloads the offline data (If-None-Match the held copy). Resolves whether a copy is held now. */
  function refreshOfflineData() {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        return await download();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function download() {
    if (revoked || closed) return false;
    const pedidoEn = Date.now();
    const current = stored;
    let answer;
    try {
      answer = await call('GET', '/offline', undefined, {
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        ifNoneMatch: current?.etag,
      });
    } catch {
      return false;
    }
    // Revoked while the download was on its way: the device keeps no data of the event.
    if (revoked) return false;
    let next;
    if (answer.status === 304 && current) {
      next = { ...current, pedidoEn };
    } else if (answer.status === 200) {
      const parsed = offlineDataSchema.safeParse(answer.body);
      if (!parsed.success) return false;
      const etag = answer.headers.etag;
      next = { data: parsed.data, pedidoEn, ...(etag ? { etag } : {}) };
    } else {
      return false;
    }
    // Another download asked later already stored its copy.
    if (stored && stored.pedidoEn > pedidoEn) return true;
    stored = next;
    for (const [scanId, drink] of recent) if (drink.registradoEn < pedidoEn) recent.delete(scanId);
    write({
      kind: 'offline-data',
      generadoEn: next.data.generadoEn,
      tickets: next.data.tickets.length,
      status: answer.status,
    });
    return true;
  }

  /**
   * Takes back this device's drink of `scanId`: off the queue when it was not sent yet (the server
   * never hears of it), else POST …/undo.
   * @param {string} scanId
   */
  async function undo(scanId) {
    if (revoked || stopped) return { skipped: true };
    if (uploadingId !== scanId && queue.remove(scanId)) {
      const line = { kind: 'undo', scanId, status: null, undone: true };
      write(line);
      return line;
    }
    let status = null;
    try {
      ({ status } = await call('POST', '/undo', { scanId, deviceId }, { timeoutMs: UNDO_TIMEOUT_MS }));
    } catch {
      status = null;
    }
    if (status === 200) recent.delete(scanId);
    const line = { kind: 'undo', scanId, status, undone: status === 200 };
    write(line);
    return line;
  }

  function state() {
    return {
      name,
      barra,
      reachable,
      online: reachable !== false,
      revoked,
      stopped,
      pending: queue.size(),
      offlineDataOf: stored?.data.generadoEn ?? null,
      offlineTickets: stored?.data.tickets.length ?? 0,
    };
  }

  /**
   * Stops scanning; with `{ drain: true }` first sends what waits (as long as the server answers).
   * Then aborts what is in flight and closes the log and the queue's journal.
   */
  async function stop({ drain = false } = {}) {
    if (closed) return;
    stopped = true;
    clearInterval(ticker);
    if (drain && queue.size() > 0) await flush();
    closed = true;
    clearTimeout(retryTimer);
    for (const request of inFlight) request.destroy(new Error('device stopped'));
    await Promise.allSettled([syncing, refreshing]);
    agent.destroy();
    queue.close();
    log.close();
  }

  const ticker = setInterval(() => quietly(refreshOfflineData()), timing.refreshMs);
  // At start: the offline data, and whatever a previous run of this device left queued.
  const ready = refreshOfflineData().then(() => {
    if (queue.size() > 0) quietly(flush());
  });

  /** A line of something done beside the device (a top-up at the supervisor's phone) in its log. */
  const note = (line) => write(line);

  return { name, ready, scan, undo, refreshOfflineData, flush, state, note, stop };
}

function quietly(work) {
  Promise.resolve(work).catch(() => undefined);
}
