import type { ScannerTicketResponse } from '@drinkflow/domain/scanner';
import { lookupOffline, type OfflineAwareTicket } from '../offline/offline-scan';
import { SCAN_TIMEOUT_MS, scannerRequest, unreachable } from './scanner-client';

export type { OfflineAwareTicket };

/**
 * GET /api/scanner/{apiKey}/ticket/{qrCode}: the ticket, its type, its drinks and what a drink now
 * would get. Without an answer from the server it comes from the offline data, marked
 * `offline: true` (nothing is queued: a verification records nothing).
 */
export async function getScannerTicket(apiKey: string, qrCode: string): Promise<OfflineAwareTicket> {
  try {
    return await scannerRequest<ScannerTicketResponse>(
      apiKey,
      `/ticket/${encodeURIComponent(qrCode)}`,
      undefined,
      {
        timeoutMs: SCAN_TIMEOUT_MS,
      },
    );
  } catch (error) {
    if (!unreachable(error)) throw error;
    return lookupOffline(apiKey, qrCode);
  }
}
