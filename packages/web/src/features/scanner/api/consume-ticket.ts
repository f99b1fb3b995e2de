import type { ScanResult } from '@drinkflow/domain/scanner';
import { ScannerNetworkError, scannerRequest } from './scanner-client';

export interface ConsumeRequest {
  qrCode: string;
  /** Left out: the server records the ticket's default drink. */
  tipoBebida?: string;
  /** One per scan; the server answers a repeated one with its first answer and records nothing. */
  scanId: string;
  barra?: string;
  deviceId: string;
}

/**
 * POST /api/scanner/{apiKey}/consume. A refusal is a 200 with `success: false`. When the request
 * gets no answer it is sent once more with the same scanId: if the first one did reach the server,
 * the retry gets its answer instead of recording a second drink (DECISIONS §7).
 */
export async function consumeTicket(apiKey: string, request: ConsumeRequest): Promise<ScanResult> {
  const body = { ...request, barra: request.barra || undefined };
  try {
    return await scannerRequest<ScanResult>(apiKey, '/consume', body);
  } catch (error) {
    if (!(error instanceof ScannerNetworkError)) throw error;
    return scannerRequest<ScanResult>(apiKey, '/consume', body);
  }
}
