import { deviceErrors } from '@drinkflow/domain/device-wire';
import { ScannerApiError, scannerRequest } from '../api/scanner-client';
import { acknowledgeScan, dropFailedScan, oldestQueuedScan, removeQueuedRefusal } from './scan-queue';

/**
 * Sends the scans decided offline to POST /api/scanner/{apiKey}/consume (docs/rules/offline-and-field.md): oldest
 * first, one at a time, each with its scanId (the server answers a repeat with its first answer and
 * records nothing) and its scan time; a refusal with its reason (`rechazo`), which the server only
 * logs (docs/decisions/067): any answer but a retryable one removes it, and nothing is shown.
 * - 200 (a conflict or not): the server stored it; the entry goes.
 * - a refusal that can never change (400 too old or in the future, 403, 404, 409…): the entry goes
 *   and a record stays for the bartender.
 * - no answer, 5xx, 408 or 429: the round stops; the caller tries again later (Retry-After given).
 * - 401 device_required (the event now takes only paired devices): the round stops too, and the
 *   drinks wait for this device to pair; a revoked device's drinks served after the revocation
 *   (401 device_revoked) are refused for good (docs/rules/devices.md).
 * One round at a time on this device, across tabs (Web Locks); the server is idempotent anyway.
 */

/** How a sending round ended. */
export type SyncOutcome =
  /** The queue is empty. */
  | { kind: 'done'; sent: number }
  /** The server could not take them now. */
  | { kind: 'stopped'; sent: number; retryAfterMs?: number }
  /** Another round (this tab or another) is sending. */
  | { kind: 'busy' };

/** The upload's answer (its other fields are the online answer's). */
interface UploadAnswer {
  success: boolean;
  conflicto?: boolean;
  message?: string;
}

const UPLOAD_TIMEOUT_MS = 10_000;
const LOCK_NAME = 'drinkflow-escaner-envio';

/** Answers worth another try later: the entry may yet be stored. */
const retryable = ({ status, code }: ScannerApiError) =>
  status >= 500 || status === 408 || status === 429 || (status === 401 && code === deviceErrors.required);

async function sendAll(): Promise<SyncOutcome> {
  let sent = 0;
  for (;;) {
    const entry = await oldestQueuedScan();
    if (!entry) return { kind: 'done', sent };
    try {
      const answer = await scannerRequest<UploadAnswer>(
        entry.apiKey,
        '/consume',
        {
          qrCode: entry.qrCode,
          scanId: entry.scanId,
          tipoBebida: entry.tipoBebida,
          barra: entry.barra ?? undefined,
          deviceId: entry.deviceId,
          offline: true,
          escaneadoEn: entry.escaneadoEn,
          rechazo: entry.rechazo,
        },
        { timeoutMs: UPLOAD_TIMEOUT_MS },
      );
      if (entry.rechazo) {
        await removeQueuedRefusal(entry);
        sent += 1;
        continue;
      }
      // A scanId the server had already answered with a refusal (its first answer, sent online
      // before the device gave up waiting): that drink is not stored.
      if (answer.success === false) {
        await dropFailedScan(entry, 200, answer.message ?? 'El servidor no registró este consumo');
      } else if (!(await acknowledgeScan(entry))) {
        // Undone on this device while it was on its way: take it back on the server too.
        await scannerRequest(entry.apiKey, '/undo', { scanId: entry.scanId, deviceId: entry.deviceId }).catch(
          () => undefined,
        );
      }
      sent += 1;
    } catch (error) {
      if (error instanceof ScannerApiError && !retryable(error)) {
        if (entry.rechazo) await removeQueuedRefusal(entry);
        else await dropFailedScan(entry, error.status, error.message);
        continue;
      }
      const retryAfter = error instanceof ScannerApiError ? error.retryAfter : undefined;
      return { kind: 'stopped', sent, ...(retryAfter ? { retryAfterMs: retryAfter * 1000 } : {}) };
    }
  }
}

let sendingHere = false;

/** One sending round, unless one is already running on this device. */
export async function syncQueue(): Promise<SyncOutcome> {
  try {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks?.request) {
      return await locks.request(LOCK_NAME, { ifAvailable: true }, (lock) =>
        lock ? sendAll() : ({ kind: 'busy' } as const),
      );
    }
    // No Web Locks: one round per tab at least.
    if (sendingHere) return { kind: 'busy' };
    sendingHere = true;
    try {
      return await sendAll();
    } finally {
      sendingHere = false;
    }
  } catch {
    // IndexedDB missing or failing: nothing can be sent now.
    return { kind: 'stopped', sent: 0 };
  }
}
