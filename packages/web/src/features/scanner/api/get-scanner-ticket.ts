import type { ScannerTicketResponse } from '@drinkflow/domain/scanner';
import { lookupOffline, type OfflineAwareTicket } from '../offline/offline-scan';
import { SCAN_TIMEOUT_MS, scannerRequest, unreachable } from './scanner-client';

export type { OfflineAwareTicket };

/**
 * GET /api/scanner/{apiKey}/ticket/{qrCode}: the ticket, its type, its drinks and what a drink now
 * would get. Without an answer from the server it comes from the offline data, marked
 * `offline: true` (nothing is queued: a verification records nothing). `barra`, this device's bar,
 * goes as `?barra=` so that `verificacion` checks the ticket's bars (docs/rules/festivals.md).
 */
export async function getScannerTicket(
  apiKey: string,
  qrCode: string,
  barra?: string | null,
): Promise<OfflineAwareTicket> {
  const query = barra ? `?barra=${encodeURIComponent(barra)}` : '';
  try {
    return await scannerRequest<ScannerTicketResponse>(
      apiKey,
      `/ticket/${encodeURIComponent(qrCode)}${query}`,
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
