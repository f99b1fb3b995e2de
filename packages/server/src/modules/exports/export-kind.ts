import type { Db } from '../../db/client';
import { sql, type SQL } from 'drizzle-orm';
import { csvRow, type CsvValue } from './csv';

/** Where the previous batch stopped: its last row's time (as the database wrote it) and ids. */
export interface Position {
  at: string;
  id: number;
  subId: number;
}

export interface KeyedRow extends Record<string, unknown> {
  k_at: string;
  k_id: number;
  k_sub: number;
}

/**
 * One export: its header, a batch query in (time, id) order from a position, and a writer that
 * turns a batch into CSV lines (one writer per download: it may keep what it looked up).
 * `upTo` is the table's largest id when the export started: later rows are left for the next
 * export, so a busy bar cannot keep a download growing.
 */
export interface ExportKind<Row extends KeyedRow> {
  header: readonly string[];
  upTo: (db: Db) => Promise<number>;
  batch: (
    eventoId: number,
    upTo: number,
    after: Position | null,
    timeZone: string,
    limit: number,
    /** The download's start: one instant for every batch's effective ticket states. */
    now: Date,
  ) => SQL;
  writer: (db: Db) => (rows: readonly Row[]) => Promise<string>;
}

export const rowsOf = async <Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> => {
  const result = await db.execute<Row>(query);
  return (result as unknown as { rows: Row[] }).rows;
};

export const csvLines = <Row>(rows: readonly Row[], cells: (row: Row) => CsvValue[]) => {
  let text = '';
  for (const row of rows) text += csvRow(cells(row));
  return text;
};

/** A writer that needs nothing but the row. */
export const plainWriter =
  <Row>(cells: (row: Row) => CsvValue[]) =>
  () =>
  async (rows: readonly Row[]) =>
    csvLines(rows, cells);

/** dd/MM/yyyy HH:mm:ss in the app's time zone, formatted by the database (exact across DST changes). */
export const localTime = (column: SQL, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'DD/MM/YYYY HH24:MI:SS')`;

export const maxId = (table: SQL) => async (db: Db) =>
  (await rowsOf<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from ${table}`))[0]?.n ?? 0;

/**
 * "After `after`" in (time, id[, subId]) order. The leading `>=` on the time alone lets the index
 * on (evento_id, time) bound the scan; the row comparison then skips what the last batch sent.
 */
export const afterPosition = (time: SQL, keys: SQL, after: Position | null, withSub = false) =>
  after === null
    ? sql``
    : withSub
      ? sql`and ${time} >= ${after.at}::timestamptz and (${time}, ${keys}) > (${after.at}::timestamptz, ${after.id}, ${after.subId})`
      : sql`and ${time} >= ${after.at}::timestamptz and (${time}, ${keys}) > (${after.at}::timestamptz, ${after.id})`;
