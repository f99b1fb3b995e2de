/* global document, window, indexedDB, MutationObserver -- functions run inside the page */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, CHROMIUM_SWITCHES } from '../../bench/lib/chromium.mjs';
import { openDeviceLog } from './device-log.mjs';

/*
 * Bar devices that are the product's own scanner page in real Chromium: each pairs itself with an
 * organizer's code the way a bartender does, chooses its bar, and scans by typing the code and
 * Enter like a handheld scanner. Its log is built from what the page itself sent and got
 * (its calls to /consume, /undo and /offline) and from the verdict on its screen; offline happens
 * because the bar's proxy stops answering, never because the browser is told so.
 */

export { CHROMIUM_PATH };

/** As the journeys and the browser benchmarks launch it; root needs --no-sandbox. */
const LAUNCH_ARGS = [
  ...CHROMIUM_SWITCHES,
  // A page that is not in front must keep its timers: both devices scan at once in one browser.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

const OFFLINE_MARK = 'Sin conexión — modo offline';
const REVOKED_TEXT = 'Este dispositivo ha sido revocado';
const SERVED_TITLE = 'Consumo Registrado';
/** Longest path to a verdict: a queued ticket's sync (2.5 s), the scan's 2.5 s, a retry, the offline decision. */
const VERDICT_TIMEOUT_MS = 30_000;
const SETUP_TIMEOUT_MS = 90_000;

/**
 * An upload's answer is final unless the product's own queue would send it again
 * (packages/web/src/features/scanner/offline/sync-queue.ts): 5xx, 408, 429, or 401 device_required.
 * @param {number} status
 * @param {string | null | undefined} errorCode the body's `error`
 */
export function isFinalUploadAnswer(status, errorCode) {
  if (status >= 500 || status === 408 || status === 429) return false;
  return !(status === 401 && errorCode === 'device_required');
}

/**
 * The device-log line for the server's answer to a queued offline scan.
 * @param {{scanId: string, rechazo?: string}} sent the upload's body
 * @param {number} status
 * @param {Record<string, unknown> | null} answer the answer's JSON, if any
 */
export function uploadLine(sent, status, answer) {
  if (!isFinalUploadAnswer(status, /** @type {string|undefined} */ (answer?.error))) {
    return { kind: 'upload-retry', scanId: sent.scanId, status };
  }
  return {
    kind: 'upload',
    scanId: sent.scanId,
    status,
    served: status === 200 && answer?.success === true,
    conflicto: typeof answer?.conflicto === 'boolean' ? answer.conflicto : null,
    reason: stringOrNull(answer?.reason) ?? stringOrNull(answer?.error),
    refusal: typeof sent.rechazo === 'string',
  };
}

/**
 * The device-log line for the verdict the bartender saw.
 * @param {object} seen
 * @param {string} seen.qr
 * @param {string} seen.barra
 * @param {{title: string, offline: boolean}} seen.verdict what the screen showed
 * @param {{scanId: string, status: number | null, answer: Record<string, unknown> | null} | null} seen.attempt
 *   the page's last online attempt for this scan
 * @param {{escaneadoEn: string, tipoBebida: string, rechazo?: string} | null} seen.queued the
 *   queue's entry of an offline verdict, when it was queued
 * @param {number} seen.latencyMs
 */
export function scanLine({ qr, barra, verdict, attempt, queued, latencyMs }) {
  const served = verdict.title === SERVED_TITLE;
  if (verdict.offline) {
    return {
      kind: 'scan',
      // The page's offline verdict is queued under the scanId of the attempt that got no answer.
      scanId: attempt?.scanId ?? null,
      qr,
      barra,
      tipoBebida: queued?.tipoBebida ?? null,
      via: 'offline',
      served,
      reason: served
        ? 'ok'
        : (queued?.rechazo ?? (verdict.title === 'Ticket no válido' ? 'no_encontrado' : null)),
      status: null,
      latencyMs,
      ...(queued ? { escaneadoEn: queued.escaneadoEn } : {}),
    };
  }
  const answer = attempt?.answer ?? null;
  return {
    kind: 'scan',
    scanId: attempt?.scanId ?? null,
    qr,
    barra,
    tipoBebida: stringOrNull(answer?.tipoBebida),
    via: 'online',
    served: served && attempt?.status === 200 && answer?.success === true,
    reason: stringOrNull(answer?.reason) ?? stringOrNull(answer?.error),
    status: attempt?.status ?? null,
    latencyMs,
  };
}

/** @param {unknown} value */
const stringOrNull = (value) => (typeof value === 'string' ? value : null);

/** The scanner API call a request is, if it is one the log follows. */
function scannerCall(url) {
  const match = /\/api\/scanner\/[^/]+\/(consume|undo|offline)(?:\?|$)/.exec(new URL(url).pathname);
  return match ? match[1] : null;
}

/** @param {import('playwright-core').Response} response */
async function jsonOf(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * In the page: reports the connection line, the pending count and a revocation whenever they
 * change, so the log has the device's own view of its network.
 */
function watchScreen() {
  let last = '';
  const read = () => {
    const status = document.querySelector('[role="status"][aria-label="Conexión"]');
    const text = status?.textContent ?? '';
    const pending = /(\d+) pendientes? de enviar/.exec(text);
    const snapshot = {
      online: status ? text.includes('En línea') : null,
      pending: pending ? Number(pending[1]) : 0,
      hasData: status ? !text.includes('Sin datos offline') : false,
      revoked: (document.getElementById('device-blocked-title')?.textContent ?? '').includes(
        'Este dispositivo ha sido revocado',
      ),
    };
    const json = JSON.stringify(snapshot);
    if (json === last) return;
    last = json;
    // @ts-expect-error the binding the rehearsal exposes
    window.__rehearsalScreen?.(snapshot);
  };
  const start = () => {
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/**
 * @typedef {object} ChromiumDeviceSpec
 * @property {string} name the device's name (as paired, and its log's file name)
 * @property {string} barra the bar it stands at
 * @property {string} baseUrl `http://localhost:<bar proxy port>`
 */

/**
 * @param {object} options
 * @param {ChromiumDeviceSpec[]} options.specs
 * @param {() => Promise<string>} options.pairingCode a new pairing code for each device
 * @param {string} [options.apiKey] the event's key: the page must land on its scanner
 * @param {string} options.logDir where `<name>.jsonl` goes
 * @param {boolean} [options.headless]
 * @param {string} [options.executablePath]
 */
export async function startChromiumDevices({
  specs,
  pairingCode,
  apiKey,
  logDir,
  headless = true,
  executablePath = CHROMIUM_PATH,
}) {
  mkdirSync(logDir, { recursive: true });
  const browser = await chromium.launch({ executablePath, headless, args: LAUNCH_ARGS });
  const devices = [];
  try {
    // One after another: a pairing downloads the event's offline data, the heaviest call a device makes.
    for (const spec of specs) {
      devices.push(await startDevice(browser, spec, { pairingCode, apiKey, logDir }));
    }
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  return {
    devices,
    async close() {
      for (const device of devices) await device.stop();
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {ChromiumDeviceSpec} spec
 */
async function startDevice(browser, spec, { pairingCode, apiKey, logDir }) {
  const log = openDeviceLog(join(logDir, `${spec.name}.jsonl`), spec.name);
  const context = await browser.newContext({
    baseURL: spec.baseUrl,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const screen = { online: null, pending: 0, hasData: false, revoked: false };
  let revokedLogged = false;
  let stopped = false;
  const counts = { scans: 0, served: 0, offline: 0, uploads: 0, pageErrors: 0 };
  /** @type {{scanId: string, qrCode: string, startedAt: number, status: number|null, answer: any, failed: string|null}[]} */
  const attempts = [];
  /** Offline uploads seen, by scanId: their escaneadoEn, when the queue's entry went before we read it. */
  const uploadsSent = new Map();
  let lastOfflineData = { generadoEn: null, tickets: 0 };

  const write = (line) => {
    if (!stopped) log.write(line);
  };
  const noteRevoked = () => {
    if (revokedLogged) return;
    revokedLogged = true;
    write({ kind: 'revoked' });
  };

  await context.exposeBinding('__rehearsalScreen', (_source, snapshot) => {
    if (screen.online !== null && snapshot.online !== null && snapshot.online !== screen.online) {
      write({ kind: 'network', reachable: snapshot.online });
    }
    Object.assign(screen, snapshot, { online: snapshot.online ?? screen.online });
    if (snapshot.revoked) noteRevoked();
  });
  await context.addInitScript(watchScreen);

  const attemptByRequest = new WeakMap();
  const page = await context.newPage();
  page.on('pageerror', () => (counts.pageErrors += 1));
  page.on('request', (request) => {
    const call = scannerCall(request.url());
    if (call !== 'consume' || request.method() !== 'POST') return;
    const body = safeBody(request);
    if (!body) return;
    if (body.offline) {
      uploadsSent.set(body.scanId, body.escaneadoEn);
      return;
    }
    const attempt = {
      scanId: body.scanId,
      qrCode: body.qrCode,
      startedAt: Date.now(),
      status: null,
      answer: null,
      failed: null,
    };
    attempts.push(attempt);
    attemptByRequest.set(request, attempt);
  });
  page.on('response', async (response) => {
    const request = response.request();
    const call = scannerCall(request.url());
    if (!call) return;
    if (call === 'offline') {
      const status = response.status();
      if (status === 200) {
        const data = await jsonOf(response);
        lastOfflineData = {
          generadoEn: data?.generadoEn ?? null,
          tickets: Array.isArray(data?.tickets) ? data.tickets.length : 0,
        };
      }
      write({ kind: 'offline-data', ...lastOfflineData, status });
      return;
    }
    const answer = await jsonOf(response);
    if (answer?.error === 'device_revoked') noteRevoked();
    const body = safeBody(request);
    if (call === 'undo') {
      write({
        kind: 'undo',
        scanId: body?.scanId ?? null,
        status: response.status(),
        undone: answer?.undone === true,
      });
      return;
    }
    const attempt = attemptByRequest.get(request);
    if (attempt) {
      attempt.status = response.status();
      attempt.answer = answer;
      return;
    }
    if (body?.offline) {
      const line = uploadLine(body, response.status(), answer);
      if (line.kind === 'upload') counts.uploads += 1;
      write(line);
    }
  });
  page.on('requestfailed', (request) => {
    const call = scannerCall(request.url());
    if (call !== 'consume') return;
    const attempt = attemptByRequest.get(request);
    const error = request.failure()?.errorText ?? 'failed';
    if (attempt) {
      attempt.failed = error;
      return;
    }
    const body = safeBody(request);
    if (body?.offline) write({ kind: 'upload-retry', scanId: body.scanId, error });
  });

  await pair(page, spec, await pairingCode(), apiKey);
  await chooseBar(page, spec.barra);
  await readyToScan(page);

  let chain = Promise.resolve();
  /** One scan at a time per device, as one bartender with one handheld scanner. */
  const serially = (task) => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const codeField = page.getByLabel('Código QR');
  const resultArea = page.getByRole('region', { name: 'Resultado del escaneo' });

  return {
    name: spec.name,
    /**
     * Types `qr` and Enter like a handheld scanner; resolves with the logged verdict, or
     * `{kind:'repeat'}` (read again within 3 s, the page sent nothing) or `{kind:'revoked'}`.
     * @param {string} qr
     */
    scan: (qr) =>
      serially(async () => {
        if (screen.revoked) return { kind: 'revoked' };
        const before = attempts.length;
        await page.evaluate(() => {
          document
            .querySelector('section[aria-label="Resultado del escaneo"] h2')
            ?.setAttribute('data-seen', '');
        });
        if (!(await codeField.evaluate((field) => field === document.activeElement))) await codeField.focus();
        const started = Date.now();
        await page.keyboard.type(qr);
        await page.keyboard.press('Enter');
        const outcome = await page
          .waitForFunction(
            ({ revokedText }) => {
              if (
                (document.getElementById('device-blocked-title')?.textContent ?? '').includes(revokedText)
              ) {
                return 'revoked';
              }
              const area = document.querySelector('section[aria-label="Resultado del escaneo"]');
              if (area?.querySelector('h2:not([data-seen])')) return 'verdict';
              // A repeat within 3 s sends nothing: the last answer stays, with its note.
              const text = area?.textContent ?? '';
              if (/Ya escaneado hace/.test(text) && !text.includes('Comprobando ticket')) return 'repeat';
              return false;
            },
            { revokedText: REVOKED_TEXT },
            { timeout: VERDICT_TIMEOUT_MS, polling: 50 },
          )
          .then((handle) => handle.jsonValue());
        const latencyMs = Date.now() - started;
        const attempt =
          attempts.slice(before).findLast((candidate) => candidate.qrCode === qr.trim()) ?? null;
        if (outcome === 'repeat' && !attempt) return { kind: 'repeat' };
        if (outcome === 'revoked') {
          const line = scanLine({
            qr,
            barra: spec.barra,
            verdict: { title: REVOKED_TEXT, offline: false },
            attempt,
            queued: null,
            latencyMs,
          });
          write(line);
          noteRevoked();
          return { ...line, kind: 'revoked' };
        }
        const verdict = await resultArea.evaluate((area, mark) => {
          const title = area.querySelector('h2:not([data-seen])')?.textContent?.trim() ?? '';
          return { title, offline: (area.textContent ?? '').includes(mark) };
        }, OFFLINE_MARK);
        const queued =
          verdict.offline && attempt ? await queuedEntry(page, attempt.scanId, uploadsSent) : null;
        const line = scanLine({ qr, barra: spec.barra, verdict, attempt, queued, latencyMs });
        write(line);
        counts.scans += 1;
        if (line.served) counts.served += 1;
        if (line.via === 'offline') counts.offline += 1;
        return line;
      }),
    /** Taps 'Deshacer' under the last drink, if the page still offers it. */
    undoLast: () =>
      serially(async () => {
        const button = resultArea.getByRole('button', { name: 'Deshacer' });
        if (!(await button.isVisible())) return { undone: false, available: false };
        await button.click();
        const title = await page
          .waitForFunction(
            () => {
              const heading = document.querySelector('section[aria-label="Resultado del escaneo"] h2');
              const text = heading?.textContent ?? '';
              return text === 'Consumo deshecho' || text === 'No se pudo deshacer el consumo' ? text : false;
            },
            undefined,
            { timeout: VERDICT_TIMEOUT_MS, polling: 50 },
          )
          .then((handle) => handle.jsonValue());
        return { undone: title === 'Consumo deshecho', available: true };
      }),
    /** A line the bartender adds to this device's log (a top-up made at the supervisor's phone). */
    note: (line) => write(line),
    /** What the device's screen says now, and what it did. */
    state: () => ({
      name: spec.name,
      barra: spec.barra,
      online: screen.online,
      pending: screen.pending,
      hasOfflineData: screen.hasData,
      revoked: screen.revoked,
      ...counts,
    }),
    async stop() {
      if (stopped) return;
      await context.close().catch(() => undefined);
      stopped = true;
      log.close();
    },
  };
}

/** @param {import('playwright-core').Request} request */
function safeBody(request) {
  try {
    return request.postDataJSON();
  } catch {
    return null;
  }
}

/**
 * The pairing page with the organizer's code: the phone names itself and lands on the scanner.
 * @param {import('playwright-core').Page} page
 */
async function pair(page, spec, code, apiKey) {
  await page.goto(`/emparejar/${encodeURIComponent(code)}`);
  await page
    .getByRole('heading', { name: 'Emparejar este dispositivo' })
    .waitFor({ timeout: SETUP_TIMEOUT_MS });
  await page.getByLabel('Nombre del dispositivo').fill(spec.name);
  await page.getByRole('button', { name: 'Emparejar' }).click();
  await page.waitForURL(/\/scanner\//, { timeout: SETUP_TIMEOUT_MS });
  if (apiKey && new URL(page.url()).pathname !== `/scanner/${encodeURIComponent(apiKey)}`) {
    throw new Error(`${spec.name}: the pairing opened another event's scanner`);
  }
}

/**
 * '¿En qué barra estás?': the event's bar among its choices (free text when the event has none).
 * @param {import('playwright-core').Page} page
 * @param {string} barra
 */
async function chooseBar(page, barra) {
  const question = page.getByText('¿En qué barra estás?');
  const codeField = page.getByLabel('Código QR');
  await question.or(codeField).first().waitFor({ timeout: SETUP_TIMEOUT_MS });
  if (!(await question.isVisible())) {
    const current = page.getByRole('region', { name: 'Barra' });
    if ((await current.textContent())?.includes(barra)) return;
    await current.getByRole('button').click();
  }
  const choice = page.getByRole('radio', { name: barra, exact: true });
  if (await choice.count()) await choice.check();
  else await page.locator('#scanner-barra').fill(barra);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('region', { name: 'Barra' }).getByText(barra, { exact: true }).waitFor();
}

/**
 * Ready when the service worker controls the page and the event's offline data is stored, so the
 * device can serve when its bar's network falls.
 * @param {import('playwright-core').Page} page
 */
async function readyToScan(page) {
  await page.getByLabel('Código QR').waitFor({ timeout: SETUP_TIMEOUT_MS });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  await page
    .getByRole('status', { name: 'Conexión' })
    .filter({ hasNotText: 'Sin datos offline' })
    .waitFor({ timeout: SETUP_TIMEOUT_MS });
}

/**
 * The queue's entry of an offline verdict (its scan time and drink, or a refusal's reason), read
 * from the page's own IndexedDB; if the page already sent it, the upload's scan time.
 * @param {import('playwright-core').Page} page
 * @param {string} scanId
 * @param {Map<string, string>} uploadsSent
 */
async function queuedEntry(page, scanId, uploadsSent) {
  const entry = await page.evaluate(
    (wanted) =>
      new Promise((resolve) => {
        const open = indexedDB.open('drinkflow-escaner');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          try {
            const lookup = open.result.transaction('cola').objectStore('cola').index('scanId').get(wanted);
            lookup.onsuccess = () => {
              const found = lookup.result;
              open.result.close();
              resolve(
                found
                  ? { escaneadoEn: found.escaneadoEn, tipoBebida: found.tipoBebida, rechazo: found.rechazo }
                  : null,
              );
            };
            lookup.onerror = () => resolve(null);
          } catch {
            resolve(null);
          }
        };
      }),
    scanId,
  );
  if (entry) return entry;
  const sentAt = uploadsSent.get(scanId);
  return sentAt ? { escaneadoEn: sentAt, tipoBebida: null } : null;
}
