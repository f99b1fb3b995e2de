import { Readable } from 'node:stream';
import type { User } from '@drinkflow/domain/auth';
import type { Db } from '../../db/client';
import { adminMay, type EventService } from '../events';
import { consumosExport } from './consumptions-export';
import { CSV_BOM, csvRow } from './csv';
import { rowsOf, type ExportKind, type KeyedRow, type Position } from './export-kind';
import { pedidosExport } from './orders-export';
import { escaneosExport } from './scans-export';
import { recargasExport } from './top-ups-export';

/**
 * Rows per query. Each batch is one short statement (see `stream` for why not one transaction),
 * sized to take about `targetMs` of database time: on the embedded database, whose one connection
 * the bars' scans share, that bounds how long a scan waits behind an export (about 1,500 rows);
 * PostgreSQL gets bigger batches and fewer round trips. The size at most doubles from one batch to
 * the next.
 */
export const EXPORT_BATCH = { first: 1000, min: 250, max: 5000, targetMs: 50 } as const;

export const exportKinds = {
  pedidos: pedidosExport,
  consumos: consumosExport,
  escaneos: escaneosExport,
  recargas: recargasExport,
} as const;
export type ExportName = keyof typeof exportKinds;

export interface CsvDownload {
  filename: string;
  body: Readable;
}

export function createExportService(db: Db, events: EventService, timeZone: string) {
  /**
   * The CSV of one export, streamed: batches by keyset (time, id), each read only when the client
   * has taken the previous one (Readable.from pulls on demand), so memory stays flat at a million
   * rows and a slow download holds no connection and no lock between batches. Not one long
   * transaction: on the embedded database a transaction has the only connection to itself, so the
   * bars' scans would wait for the whole download.
   * The first batch is read before answering: a failure there is still a clean JSON error.
   */
  async function stream<Row extends KeyedRow>(kind: ExportKind<Row>, eventoId: number): Promise<Readable> {
    const upTo = await kind.upTo(db);
    const write = kind.writer(db);
    let limit: number = EXPORT_BATCH.first;
    const now = new Date();
    /** The next batch and whether it was full (then more may follow). */
    async function read(after: Position | null): Promise<{ rows: Row[]; full: boolean }> {
      const asked = limit;
      const started = performance.now();
      const rows = await rowsOf<Row>(db, kind.batch(eventoId, upTo, after, timeZone, asked, now));
      const speedUp = Math.min(2, EXPORT_BATCH.targetMs / Math.max(1, performance.now() - started));
      limit = Math.round(Math.min(EXPORT_BATCH.max, Math.max(EXPORT_BATCH.min, asked * speedUp)));
      return { rows, full: rows.length === asked };
    }

    let batch = await read(null);
    const firstText = await write(batch.rows);
    async function* chunks(): AsyncGenerator<string> {
      yield CSV_BOM + csvRow(kind.header) + firstText;
      while (batch.full) {
        const last = batch.rows.at(-1)!;
        batch = await read({ at: last.k_at, id: Number(last.k_id), subId: Number(last.k_sub) });
        if (batch.rows.length > 0) yield await write(batch.rows);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  return {
    /**
     * An event's export: guests' details leave the app, so a member needs `gestionar`; an admin
     * reads every event (docs/rules/team.md). 404 off the event's team, 403 without the role.
     */
    async csv(user: User, eventoId: number, name: ExportName): Promise<CsvDownload> {
      const evento = await events.findFor(user, eventoId, adminMay(user, 'ver') ? 'ver' : 'gestionar');
      return {
        filename: `${name}-evento-${evento.id}.csv`,
        body: await stream(exportKinds[name] as unknown as ExportKind<KeyedRow>, evento.id),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
