import type { ScanResult } from '@drinkflow/domain/scanner';
import { consumeOffline, type OfflineAwareResult } from '../offline/offline-scan';
import { isQueued } from '../offline/scan-queue';
import { rememberServedDrink } from '../offline/served-drinks';
import { syncQueue } from '../offline/sync-queue';
import { SCAN_TIMEOUT_MS, ScannerNetworkError, scannerRequest, unreachable } from './scanner-client';

export type { OfflineAwareResult };

export interface ConsumeRequest {
  qrCode: string;
  /** Left out: the server records the ticket's default drink. */
  tipoBebida?: string;
  /** One per scan; the server answers a repeated one with its first answer and records nothing. */
  scanId: string;
  barra?: string;
  deviceId: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function send(apiKey: string, body: ConsumeRequest): Promise<ScanResult> {
  try {
    return await scannerRequest<ScanResult>(apiKey, '/consume', body, { timeoutMs: SCAN_TIMEOUT_MS });
  } catch (error) {
    // Failed at once (a dropped connection): once more with the same scanId, so a first request
    // that did reach the server gets its answer instead of a second drink (docs/rules/scanner.md).
    if (!(error instanceof ScannerNetworkError) || error.timedOut) throw error;
    return scannerRequest<ScanResult>(apiKey, '/consume', body, { timeoutMs: SCAN_TIMEOUT_MS });
  }
}

/**
 * POST /api/scanner/{apiKey}/consume. A refusal is a 200 with `success: false`. When the server
 * does not answer (no network, no answer within SCAN_TIMEOUT_MS, 502–504) the scan is decided on
 * this device with the stored offline data and marked `offline: true`; an allowed drink is queued
 * and sent later with the same scanId. An unknown code offline throws an OfflineScanError (404), as
 * the server's 404 would; without offline data the network error stays.
 */
export async function consumeTicket(apiKey: string, request: ConsumeRequest): Promise<OfflineAwareResult> {
  const body = { ...request, barra: request.barra || undefined };
  // This ticket's drinks served offline reach the server before this one, so it judges with them.
  if (await isQueued(request.qrCode)) await Promise.race([syncQueue(), pause(SCAN_TIMEOUT_MS)]);
  try {
    const result = await send(apiKey, body);
    if (result.success) {
      void rememberServedDrink(apiKey, {
        scanId: request.scanId,
        qrCode: request.qrCode,
        tipoBebida: result.tipoBebida,
        barra: body.barra ?? null,
      });
    }
    return result;
  } catch (error) {
    if (!unreachable(error)) throw error;
    return consumeOffline(apiKey, body);
  }
}
