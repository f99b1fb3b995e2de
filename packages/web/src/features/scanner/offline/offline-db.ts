import type { OfflineData } from '@drinkflow/domain/offline-data';
import type { ScanReason } from '@drinkflow/domain/scan-rules';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/*
 * The scanner's IndexedDB (docs/rules/offline-and-field.md): the event's offline data per API key, the drinks served
 * offline waiting for the server, the drinks this device served that the stored data does not hold
 * yet, and the queued drinks the server refused for good. It outlives reloads and browser restarts.
 */

/** The offline data of one API key, as last downloaded. */
export interface StoredOfflineData {
  apiKey: string;
  data: OfflineData;
  /** When its download was asked, in this device's clock (ms): the data holds what the server had then. */
  pedidoEn: number;
  /** The server's ETag of the data, sent back with the next refresh (a 304 keeps this copy). */
  etag?: string;
}

/**
 * A scan decided offline, to be sent to POST …/consume with `offline: true`: a drink served, or
 * (with `rechazo`) a refusal, sent for the scan log only (docs/decisions/067).
 */
export interface QueuedScan {
  /** Insertion order (auto-increment): the queue is sent oldest first. */
  orden?: number;
  apiKey: string;
  scanId: string;
  /** The code the device read: needed to send it; the entry is deleted once the server has it. */
  qrCode: string;
  /** The ticket's offline id (hex SHA-256 of the code). */
  ticket: string;
  tipoBebida: string;
  barra: string | null;
  deviceId: string;
  /** The device's time of the scan, ISO: the drink's time on the server. */
  escaneadoEn: string;
  /** The holder's name as the scan showed it, to name a drink the server refuses. */
  titular: string | null;
  /** A refusal's reason: nothing was served. Absent on drinks (and on entries older than refusals). */
  rechazo?: Exclude<ScanReason, 'ok'>;
}

/**
 * A drink this device served (online, or offline and since sent) that the stored offline data may
 * not hold: counted by offline decisions until data asked for after it arrives. No QR code here.
 */
export interface RecentDrink {
  scanId: string;
  apiKey: string;
  ticket: string;
  tipoBebida: string;
  /** When it was served, ISO. */
  timestamp: string;
  barra: string | null;
  /** When the server had it, in this device's clock (ms). */
  registradoEn: number;
}

/** A queued drink the server refused for good (404, 403, 400…): shown to the bartender. */
export interface FailedScan {
  id?: number;
  apiKey: string;
  scanId: string;
  escaneadoEn: string;
  tipoBebida: string;
  barra: string | null;
  titular: string | null;
  status: number;
  message: string;
}

interface OfflineSchema extends DBSchema {
  datos: { key: string; value: StoredOfflineData };
  cola: { key: number; value: QueuedScan; indexes: { scanId: string } };
  recientes: { key: string; value: RecentDrink; indexes: { apiKey: string } };
  fallidos: { key: number; value: FailedScan };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const DB_NAME = 'drinkflow-escaner';
let opening: Promise<OfflineDb> | null = null;

/** The database, opened once per page; rejects where IndexedDB is missing or refused. */
export function offlineDb(): Promise<OfflineDb> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB no disponible'));
  opening ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('datos', { keyPath: 'apiKey' });
      db.createObjectStore('cola', { keyPath: 'orden', autoIncrement: true }).createIndex(
        'scanId',
        'scanId',
        {
          unique: true,
        },
      );
      db.createObjectStore('recientes', { keyPath: 'scanId' }).createIndex('apiKey', 'apiKey');
      db.createObjectStore('fallidos', { keyPath: 'id', autoIncrement: true });
    },
    // A newer version of the page (another tab) wants to upgrade: let it, and reopen next time.
    blocking() {
      void closeOfflineDb();
    },
    terminated() {
      opening = null;
    },
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

/** Closes the connection (the next call reopens it): tests, and a newer page's upgrade. */
export async function closeOfflineDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
