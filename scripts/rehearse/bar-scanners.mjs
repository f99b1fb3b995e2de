// The bar scanners: each posts consumes of its own tickets, sends a scan again after a network error
// or a 502/503/504 until a process acknowledges it, as the scanner page does, and sometimes sends an
// acknowledged scan once more; the figures and the answers they saw.
import { randomUUID } from 'node:crypto';
import { send } from './https-client.mjs';
import { violation } from './log.mjs';
import { sleep } from './processes.mjs';
import { MAX_DRINKS } from './seed.mjs';

/** A client gives up on a scan (a violation) when no process acknowledged it within this time. */
const SCAN_DEADLINE_MS = 30_000;
/** Share of acknowledged scans sent once more, as a phone that missed the answer would. */
const RESEND_SHARE = 0.05;

export const figures = {
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

/** Errors are counted by the second of the burst from now on. */
export function startBurst(at) {
  burstStart = at;
}

/** scanId → the acknowledged answer. */
export const answers = new Map();
export const sentScanIds = new Set();

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

export function runClient(index, apiKey, qrCodes, shouldStop) {
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
