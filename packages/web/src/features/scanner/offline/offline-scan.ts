import { decideOfflineScan, verifyOffline } from '@drinkflow/domain/offline-decision';
import { scanRefusals, type ScanReason } from '@drinkflow/domain/scan-rules';
import type { ScannerTicketResponse, ScanResult } from '@drinkflow/domain/scanner';
import { ScannerApiError, ScannerNetworkError } from '../api/scanner-client';
import { storedOfflineData } from './offline-data-store';
import { enqueueScan } from './scan-queue';
import { localDrinks } from './served-drinks';

/**
 * A scan decided on this device when the server does not answer (docs/rules/offline-and-field.md), with the stored
 * offline data and this device's own drinks, by the domain's rule function. An allowed drink is
 * queued for the server before the answer is given: a drink that could not be kept is not served.
 * A refusal of a ticket the data holds is queued too, for the scan log (docs/decisions/067); one
 * that cannot be kept is still shown, since nothing was served. An unknown code is not queued.
 */

/** A consume answer; `offline` when this device decided it without the server. */
export type OfflineAwareResult = ScanResult & { offline?: true };
/** A ticket lookup; `offline` when it comes from the offline data. */
export type OfflineAwareTicket = ScannerTicketResponse & { offline?: true };

/** A refusal decided offline that the server would give as an error (an unknown code: 404). */
export class OfflineScanError extends ScannerApiError {
  readonly offline = true;
}

export const NO_OFFLINE_DATA =
  'Sin conexión y sin datos offline de este evento: no se puede validar el ticket. Comprueba la conexión.';

export interface OfflineConsumeRequest {
  qrCode: string;
  scanId: string;
  tipoBebida?: string;
  barra?: string;
  deviceId: string;
}

/** One offline decision at a time on this device (tabs included): two tabs never both serve a last drink. */
async function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks?.request ? locks.request('drinkflow-escaner-decision', run) : run();
}

const isRefusal = (reason: string): reason is Exclude<ScanReason, 'ok'> =>
  (scanRefusals as readonly string[]).includes(reason);

async function dataOf(apiKey: string) {
  const stored = await storedOfflineData(apiKey);
  if (!stored) throw new ScannerNetworkError(NO_OFFLINE_DATA);
  return stored.data;
}

/** POST …/consume's answer, decided offline; an allowed drink is queued with the device's time. */
export async function consumeOffline(
  apiKey: string,
  request: OfflineConsumeRequest,
): Promise<OfflineAwareResult> {
  const data = await dataOf(apiKey);
  return exclusively(async () => {
    const now = new Date();
    const answer = await decideOfflineScan({
      data,
      qrCode: request.qrCode,
      localDrinks: await localDrinks(apiKey),
      now,
      tipoBebida: request.tipoBebida,
      barra: request.barra,
    });
    if (!answer.found) throw new OfflineScanError(answer.message, 404);
    const { drink, result } = answer;
    if (drink) {
      try {
        await enqueueScan({
          apiKey,
          scanId: request.scanId,
          qrCode: request.qrCode,
          ticket: drink.ticket,
          tipoBebida: drink.tipoBebida,
          barra: drink.barra,
          deviceId: request.deviceId,
          escaneadoEn: drink.timestamp,
          titular: result.ticket?.titular ?? null,
        });
      } catch {
        throw new ScannerNetworkError(
          'Sin conexión y no se pudo guardar el consumo en este dispositivo: no lo sirvas.',
        );
      }
    } else if (isRefusal(result.reason)) {
      await enqueueScan({
        apiKey,
        scanId: request.scanId,
        qrCode: request.qrCode,
        ticket: answer.ticket,
        tipoBebida: result.tipoBebida,
        barra: request.barra?.trim() || null,
        deviceId: request.deviceId,
        escaneadoEn: now.toISOString(),
        titular: result.ticket?.titular ?? null,
        rechazo: result.reason,
      }).catch(() => undefined);
    }
    return { ...result, scanId: request.scanId, offline: true };
  });
}

/** GET …/ticket/{qrCode}'s answer from the offline data (advanced mode's 'Verificar Ticket'). */
export async function lookupOffline(apiKey: string, qrCode: string): Promise<OfflineAwareTicket> {
  const data = await dataOf(apiKey);
  const answer = await verifyOffline({
    data,
    qrCode,
    localDrinks: await localDrinks(apiKey),
    now: new Date(),
  });
  if (!answer.found) throw new OfflineScanError(answer.message, 404);
  return { ...answer.response, offline: true };
}
