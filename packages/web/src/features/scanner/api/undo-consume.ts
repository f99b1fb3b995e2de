import type { UndoResponse } from '@drinkflow/domain/scanner';
import { undoOfflineScan } from '../offline/scan-queue';
import { forgetServedDrink } from '../offline/served-drinks';
import { scannerRequest } from './scanner-client';

/**
 * POST /api/scanner/{apiKey}/undo: takes back this device's drink of `scanId` within 2 minutes
 * (else 409). A drink served offline and not sent yet is simply taken off the queue: the server
 * never hears of it.
 */
export async function undoConsume(apiKey: string, scanId: string, deviceId: string): Promise<UndoResponse> {
  if (await undoOfflineScan(scanId)) return { undone: true, message: 'Consumo deshecho' };
  const answer = await scannerRequest<UndoResponse>(apiKey, '/undo', { scanId, deviceId });
  await forgetServedDrink(scanId);
  return answer;
}
