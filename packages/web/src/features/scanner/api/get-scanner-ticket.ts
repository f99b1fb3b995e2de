import type { ScannerTicketResponse } from '@drinkflow/domain/scanner';
import { scannerRequest } from './scanner-client';

/** GET /api/scanner/{apiKey}/ticket/{qrCode}: the ticket, its type, its drinks and what a drink now would get. */
export const getScannerTicket = (apiKey: string, qrCode: string) =>
  scannerRequest<ScannerTicketResponse>(apiKey, `/ticket/${encodeURIComponent(qrCode)}`);
