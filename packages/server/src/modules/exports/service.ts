import { Readable } from 'node:stream';
import type { User } from '@drinkflow/domain/auth';
import { drinkLabel } from '@drinkflow/domain/bebidas';
import { estadoEfectivoLabels, type TicketEstadoEfectivo } from '@drinkflow/domain/scan-rules';
import { offlineConflictLabel, scanReasonLabel } from '@drinkflow/domain/stats-summary';
import { topUpMetodoLabels, type TopUpMetodo } from '@drinkflow/domain/topups';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EventService } from '../events/service';
import { ticketEffectiveStateSql } from '../stats/effective-state';
import { CSV_BOM, csvRow, type CsvValue } from './csv';

/**
 * Rows per query. Each batch is one short statement (see `stream` for why not one transaction),
 * sized to take about `targetMs` of database time: on the embedded database, whose one connection
 * the bars' scans share, that bounds how long a scan waits behind an export (about 1,500 rows);
 * PostgreSQL gets bigger batches and fewer round trips. The size at most doubles from one batch to
 * the next.
 */
export const EXPORT_BATCH = { first: 1000, min: 250, max: 5000, targetMs: 50 } as const;

/** Where the previous batch stopped: its last row's time (as the database wrote it) and ids. */
interface Position {
  at: string;
  id: number;
  subId: number;
}

interface KeyedRow extends Record<string, unknown> {
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
interface ExportKind<Row extends KeyedRow> {
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

const rowsOf = async <Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> => {
  const result = await db.execute<Row>(query);
  return (result as unknown as { rows: Row[] }).rows;
};

const lines = <Row>(rows: readonly Row[], cells: (row: Row) => CsvValue[]) => {
  let text = '';
  for (const row of rows) text += csvRow(cells(row));
  return text;
};

/** A writer that needs nothing but the row. */
const plainWriter =
  <Row>(cells: (row: Row) => CsvValue[]) =>
  () =>
  async (rows: readonly Row[]) =>
    lines(rows, cells);

/** dd/MM/yyyy HH:mm:ss in the app's time zone, formatted by the database (exact across DST changes). */
const localTime = (column: SQL, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'DD/MM/YYYY HH24:MI:SS')`;

const maxId = (table: SQL) => async (db: Db) =>
  (await rowsOf<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from ${table}`))[0]?.n ?? 0;

/**
 * "After `after`" in (time, id[, subId]) order. The leading `>=` on the time alone lets the index
 * on (evento_id, time) bound the scan; the row comparison then skips what the last batch sent.
 */
const afterPosition = (time: SQL, keys: SQL, after: Position | null, withSub = false) =>
  after === null
    ? sql``
    : withSub
      ? sql`and ${time} >= ${after.at}::timestamptz and (${time}, ${keys}) > (${after.at}::timestamptz, ${after.id}, ${after.subId})`
      : sql`and ${time} >= ${after.at}::timestamptz and (${time}, ${keys}) > (${after.at}::timestamptz, ${after.id})`;

interface OrderRow extends KeyedRow {
  nombre_completo: string;
  email: string;
  telefono: string | null;
  creado: string;
  ticket_id: number | null;
  tipo: string | null;
  estado: string | null;
}

/**
 * One row per ticket with its order's fields; an order without tickets once, with empty ticket
 * cells. The QR code is left out on purpose: it is the ticket itself (a bearer credential), and a
 * spreadsheet travels by email (docs/decisions/020).
 */
const pedidosExport: ExportKind<OrderRow> = {
  header: [
    'Pedido',
    'Nombre completo',
    'Email',
    'Teléfono',
    'Fecha del pedido',
    'Ticket',
    'Tipo de ticket',
    'Estado',
  ],
  upTo: maxId(sql`pedidos`),
  batch: (eventoId, upTo, after, timeZone, limit, now) => sql`
    select p.created_at::text as k_at, p.id as k_id, coalesce(t.id, 0) as k_sub,
           p.nombre_completo, p.email, p.telefono, ${localTime(sql`p.created_at`, timeZone)} as creado,
           t.id as ticket_id, tt.nombre as tipo,
           case when t.id is null then null else ${ticketEffectiveStateSql(now)} end as estado
    from pedidos p
    left join tickets t on t.pedido_id = p.id
    left join tipos_ticket tt on tt.id = t.ticket_type_id
    where p.evento_id = ${eventoId} and p.id <= ${upTo}
      ${afterPosition(sql`p.created_at`, sql`p.id, coalesce(t.id, 0)`, after, true)}
    order by p.created_at, p.id, coalesce(t.id, 0)
    limit ${limit}`,
  writer: plainWriter((row: OrderRow) => [
    row.k_id,
    row.nombre_completo,
    row.email,
    row.telefono,
    row.creado,
    row.ticket_id,
    row.tipo,
    // The effective state (docs/rules/scan-rules.md), as the statistics and the order detail name it.
    row.estado === null ? null : (estadoEfectivoLabels[row.estado as TicketEstadoEfectivo] ?? row.estado),
  ]),
};

interface ConsumoRow extends KeyedRow {
  fecha: string;
  ticket_id: number;
  tipo_bebida: string;
  barra: string | null;
  offline: boolean;
}

/**
 * The holder and ticket type of the tickets a batch mentions, looked up once per download:
 * a festival has tens of thousands of tickets for a million drinks, and joining three tables for
 * every drink cost the database three times the rest of the batch.
 */
function ticketNames(db: Db) {
  const known = new Map<number, { titular: string; tipo: string }>();
  return {
    async load(ids: Iterable<number>): Promise<void> {
      const missing = [...new Set(ids)].filter((id) => !known.has(id));
      if (missing.length === 0) return;
      const found = await rowsOf<{ id: number; titular: string; tipo: string }>(
        db,
        sql`select t.id, p.nombre_completo as titular, tt.nombre as tipo
            from tickets t
            join pedidos p on p.id = t.pedido_id
            join tipos_ticket tt on tt.id = t.ticket_type_id
            where t.id = any(${`{${missing.join(',')}}`}::int[])`,
      );
      for (const { id, titular, tipo } of found) known.set(id, { titular, tipo });
    },
    get: (id: number) => known.get(id),
  };
}

/**
 * One row per consumption (an undone drink is no longer one: decision 015), in time order; an
 * offline drink at its scan time, marked `Offline: Sí` (docs/rules/offline-and-field.md).
 */
const consumosExport: ExportKind<ConsumoRow> = {
  header: ['Fecha', 'Ticket', 'Titular', 'Tipo de ticket', 'Bebida', 'Barra', 'Offline'],
  upTo: maxId(sql`consumos`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select c."timestamp"::text as k_at, c.id as k_id, 0 as k_sub,
           ${localTime(sql`c."timestamp"`, timeZone)} as fecha, c.ticket_id, c.tipo_bebida, c.barra,
           c.offline
    from consumos c
    where c.evento_id = ${eventoId} and c.id <= ${upTo}
      ${afterPosition(sql`c."timestamp"`, sql`c.id`, after)}
    order by c."timestamp", c.id
    limit ${limit}`,
  writer: (db) => {
    const names = ticketNames(db);
    return async (rows) => {
      await names.load(rows.map((row) => row.ticket_id));
      return lines(rows, (row) => {
        const ticket = names.get(row.ticket_id);
        return [
          row.fecha,
          row.ticket_id,
          ticket?.titular,
          ticket?.tipo,
          drinkLabel(row.tipo_bebida),
          row.barra,
          row.offline ? 'Sí' : 'No',
        ];
      });
    };
  },
};

interface ScanRow extends KeyedRow {
  fecha: string;
  ticket_id: number | null;
  accion: string;
  allowed: boolean;
  reason: string;
  tipo_bebida: string | null;
  barra: string | null;
  deshecho: string | null;
  conflicto: string | null;
}

function scanResult(row: ScanRow): { resultado: string; motivo: string } {
  if (row.accion === 'deshacer') return { resultado: 'Deshecho', motivo: scanReasonLabel(row.reason) };
  if (!row.allowed) return { resultado: 'Rechazado', motivo: scanReasonLabel(row.reason) };
  // An offline drink the rules would have refused was served all the same (docs/rules/offline-and-field.md), and an
  // allowed scan that the bar took back keeps its row; the undo follows as a row of its own.
  const motivos = [
    row.conflicto ? offlineConflictLabel(row.conflicto) : null,
    row.deshecho ? `Deshecho el ${row.deshecho}` : null,
  ];
  return { resultado: 'Permitido', motivo: motivos.filter((motivo) => motivo !== null).join(' · ') };
}

/**
 * One row per scan attempt and per undo, from the audit log: rows of deleted orders stay (their
 * ticket cell is then empty). No QR code (a credential) and no device id (of no use to a reader).
 */
const escaneosExport: ExportKind<ScanRow> = {
  header: ['Fecha', 'Ticket', 'Resultado', 'Motivo', 'Bebida', 'Barra'],
  upTo: maxId(sql`scan_log`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select s.created_at::text as k_at, s.id as k_id, 0 as k_sub,
           ${localTime(sql`s.created_at`, timeZone)} as fecha, s.ticket_id, s.accion, s.allowed,
           s.reason, s.tipo_bebida, s.barra, ${localTime(sql`s.undone_at`, timeZone)} as deshecho,
           s.conflicto
    from scan_log s
    where s.evento_id = ${eventoId} and s.id <= ${upTo}
      ${afterPosition(sql`s.created_at`, sql`s.id`, after)}
    order by s.created_at, s.id
    limit ${limit}`,
  writer: plainWriter((row: ScanRow) => {
    const { resultado, motivo } = scanResult(row);
    return [
      row.fecha,
      row.ticket_id,
      resultado,
      motivo,
      row.tipo_bebida === null ? null : drinkLabel(row.tipo_bebida),
      row.barra,
    ];
  }),
};

interface RecargaRow extends KeyedRow {
  fecha: string;
  ticket_id: number;
  titular: string;
  tipo: string;
  bebidas: number;
  importe: string | null;
  metodo: string | null;
  nota: string | null;
  registrada_por: string | null;
}

/**
 * One row per top-up (docs/rules/festivals.md), in time order, with the ticket's holder and type and who
 * registered it. Top-ups are few (one per sale at a desk), so the batch joins what it names. The
 * amount is written with a decimal comma (`12,50`), as a Spanish spreadsheet reads a number.
 */
const recargasExport: ExportKind<RecargaRow> = {
  header: [
    'Fecha',
    'Ticket',
    'Titular',
    'Tipo de ticket',
    'Bebidas',
    'Importe',
    'Método',
    'Nota',
    'Registrada por',
  ],
  upTo: maxId(sql`recargas`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select r.created_at::text as k_at, r.id as k_id, 0 as k_sub,
           ${localTime(sql`r.created_at`, timeZone)} as fecha, r.ticket_id, p.nombre_completo as titular,
           tt.nombre as tipo, r.bebidas, r.importe::text as importe, r.metodo, r.nota,
           concat_ws(' ', u.nombre, u.apellido) as registrada_por
    from recargas r
    join tickets t on t.id = r.ticket_id
    join pedidos p on p.id = t.pedido_id
    join tipos_ticket tt on tt.id = t.ticket_type_id
    left join users u on u.id = r.creado_por
    where r.evento_id = ${eventoId} and r.id <= ${upTo}
      ${afterPosition(sql`r.created_at`, sql`r.id`, after)}
    order by r.created_at, r.id
    limit ${limit}`,
  writer: plainWriter((row: RecargaRow) => [
    row.fecha,
    row.ticket_id,
    row.titular,
    row.tipo,
    row.bebidas,
    row.importe === null ? null : row.importe.replace('.', ','),
    row.metodo === null ? null : (topUpMetodoLabels[row.metodo as TopUpMetodo] ?? row.metodo),
    row.nota,
    row.registrada_por || null,
  ]),
};

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
    /** An event's export (organizer of the event or admin; 404 otherwise). */
    async csv(user: User, eventoId: number, name: ExportName): Promise<CsvDownload> {
      const evento = await events.findReadable(user, eventoId);
      return {
        filename: `${name}-evento-${evento.id}.csv`,
        body: await stream(exportKinds[name] as unknown as ExportKind<KeyedRow>, evento.id),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
