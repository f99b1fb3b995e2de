import { offlineTicketId } from '@drinkflow/domain/offline-crypto';
import type { LocalDrink } from '@drinkflow/domain/offline-decision';
import { offlineDb } from './offline-db';
import { storedOfflineData } from './offline-data-store';

/**
 * The drinks an offline decision must add to the stored data's: those queued, and those the server
 * got from this device after the data was asked for (served online, or offline and sent since).
 * Without the second kind, a drink served online a minute before the network fell would be
 * forgotten by the next offline scan of the same ticket.
 */

/** This device's drinks of `apiKey` that its stored offline data does not hold. */
export async function localDrinks(apiKey: string): Promise<LocalDrink[]> {
  try {
    const db = await offlineDb();
    const tx = db.transaction(['cola', 'recientes']);
    const [queued, recent] = await Promise.all([
      tx.objectStore('cola').getAll(),
      tx.objectStore('recientes').index('apiKey').getAll(apiKey),
    ]);
    return [
      ...queued
        // A queued refusal served nothing: it is no drink of the ticket.
        .filter((entry) => entry.apiKey === apiKey && entry.rechazo === undefined)
        .map(({ ticket, tipoBebida, escaneadoEn, barra }) => ({
          ticket,
          tipoBebida,
          timestamp: escaneadoEn,
          barra,
        })),
      ...recent.map(({ ticket, tipoBebida, timestamp, barra }) => ({ ticket, tipoBebida, timestamp, barra })),
    ];
  } catch {
    return [];
  }
}

interface ServedDrink {
  scanId: string;
  qrCode: string;
  tipoBebida: string;
  barra: string | null;
}

/**
 * The server recorded a drink of this device online: kept (by the ticket's offline id, not its
 * code) until offline data asked for later holds it. Nothing is kept before any data was stored.
 */
export async function rememberServedDrink(apiKey: string, drink: ServedDrink): Promise<void> {
  if (!(await storedOfflineData(apiKey))) return;
  try {
    await (
      await offlineDb()
    ).put('recientes', {
      scanId: drink.scanId,
      apiKey,
      ticket: await offlineTicketId(drink.qrCode),
      tipoBebida: drink.tipoBebida,
      timestamp: new Date().toISOString(),
      barra: drink.barra,
      registradoEn: Date.now(),
    });
  } catch {
    // Not kept: an offline scan of this ticket before the next refresh may not count this drink.
  }
}

/** A drink the server undid no longer counts. */
export async function forgetServedDrink(scanId: string): Promise<void> {
  try {
    await (await offlineDb()).delete('recientes', scanId);
  } catch {
    // Nothing kept.
  }
}
