import type { ScannerEvent } from '@drinkflow/domain/scanner';
import { storedOfflineData } from '../offline/offline-data-store';
import { scannerRequest, unreachable } from './scanner-client';

/** The event's banner; `offline` when it comes from the stored offline data. */
export type OfflineAwareEvent = ScannerEvent & { offline?: true };

/**
 * GET /api/scanner/{apiKey}/event: the event the key belongs to (404 for an unknown key). When the
 * server does not answer, the stored offline data's event, so the scanner opens without network.
 */
export async function getScannerEvent(apiKey: string): Promise<OfflineAwareEvent> {
  try {
    return await scannerRequest<ScannerEvent>(apiKey, '/event', undefined, { timeoutMs: 5_000 });
  } catch (error) {
    const stored = unreachable(error) ? await storedOfflineData(apiKey) : null;
    if (!stored) throw error;
    const { nombre, ubicacion, fechaInicio, fechaFin } = stored.data.evento;
    // The data's ticket types say whether a bar is needed; the event's list of bars is not in it.
    const barraObligatoria = stored.data.tiposTicket.some((tipo) => (tipo.barrasPermitidas?.length ?? 0) > 0);
    return { nombre, ubicacion, fechaInicio, fechaFin, barraObligatoria, offline: true };
  }
}
