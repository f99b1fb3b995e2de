import type { ScannerEvent } from '@drinkflow/domain/scanner';
import { scannerRequest } from './scanner-client';

/** GET /api/scanner/{apiKey}/event: the event the key belongs to (404 for an unknown key). */
export const getScannerEvent = (apiKey: string) => scannerRequest<ScannerEvent>(apiKey, '/event');
