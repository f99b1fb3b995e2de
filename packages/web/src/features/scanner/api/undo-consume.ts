import type { UndoResponse } from '@drinkflow/domain/scanner';
import { scannerRequest } from './scanner-client';

/** POST /api/scanner/{apiKey}/undo: takes back this device's drink of `scanId` within 2 minutes (else 409). */
export const undoConsume = (apiKey: string, scanId: string, deviceId: string) =>
  scannerRequest<UndoResponse>(apiKey, '/undo', { scanId, deviceId });
