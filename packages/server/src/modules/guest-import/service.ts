import type { User } from '@drinkflow/domain/auth';
import {
  importMessages,
  isHeaderlessGuestRow,
  MAX_IMPORT_ROWS,
  normaliseHeader,
  type GuestRow,
  type ImportMapping,
  type ImportMappingBody,
  type ImportPreview,
  type ImportResult,
} from '@drinkflow/domain/guest-import';
import { importFieldLabels, importFormatNames, isShortCode } from '@drinkflow/domain/shop-exports';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pedidos, tickets } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { EventService } from '../events';
import { newQrCode } from '../orders';
import { InflatedTooLarge } from './bounded-zip';
import { headerColumns, headerlessColumns, type FileColumns } from './file-columns';
import { readGuestRow } from './guest-rows';
import { saveMapping, storedMapping } from './import-mapping-store';
import { readSpreadsheetRows, type FileRow } from './read-spreadsheet';
import { planCounts, planSync, readEventState, type EventState, type SyncPlan } from './sync-plan';

const CHUNK = 500;
const ANALYZE_AFTER_ROWS = 1000;
/** pg_advisory_xact_lock(GUEST_IMPORT_LOCK, eventoId): one import per event at a time, on every process. */
const GUEST_IMPORT_LOCK = 7030;

const fileError = (message: string) => badRequest(message, [{ field: 'archivo', message }]);

/** A file as read: its header row (none when its first row is a guest) and its rows. */
interface FileRows {
  header: FileRow | undefined;
  body: FileRow[];
}

/** The file's rows, or 400: unreadable, empty or too long. */
async function readRows(bytes: Buffer): Promise<FileRows> {
  let rows: FileRow[];
  try {
    rows = await readSpreadsheetRows(bytes);
  } catch (error) {
    throw fileError(
      error instanceof InflatedTooLarge ? importMessages.spreadsheetTooLarge : importMessages.unreadable,
    );
  }
  // A first row that is a guest (it has an email and names no column) is read as data.
  const header = rows[0] !== undefined && isHeaderlessGuestRow(rows[0].cells) ? undefined : rows[0];
  const body = header ? rows.slice(1) : rows;
  if (body.length === 0) throw fileError(importMessages.empty);
  if (body.length > MAX_IMPORT_ROWS) throw fileError(importMessages.tooManyRows(MAX_IMPORT_ROWS));
  return { header, body };
}

/** A preview and the plan behind it (the import acts on the plan). */
interface Checked {
  preview: ImportPreview;
  plan: SyncPlan;
  state: EventState | null;
}

const emptyCounts = planCounts([]);

/** The ticket-type texts of the rows held for want of a type, as the file first writes them. */
function undecidedTypes(preview: ImportPreview, plan: SyncPlan): string[] {
  const held = new Set(
    plan.filas.filter((fila) => fila.accion === 'sin_tipo').map((fila) => normaliseHeader(fila.tipoTicket)),
  );
  return preview.tiposArchivo
    .filter(({ texto }) => held.has(normaliseHeader(texto)))
    .map(({ texto }) => texto);
}

/**
 * Guest lists (CSV or .xlsx, a shop's export or the template) synced into one event's orders: a
 * preview that writes nothing, then one transaction (docs/decisions/030, 068).
 */
export function createGuestImportService(db: Db, events: EventService) {
  async function check(executor: Db | Tx, eventoId: number, { header, body }: FileRows): Promise<Checked> {
    const mapping = await storedMapping(executor, eventoId);
    const columns: FileColumns = header
      ? headerColumns(header.cells, body, mapping.columnas)
      : headerlessColumns(body);
    const described = {
      formato: columns.formato,
      formatoNombre: importFormatNames[columns.formato],
      columnas: columns.columnas,
      faltan: columns.faltan,
      sinCabecera: header === undefined,
    };
    if (columns.faltan.length > 0) {
      const plan: SyncPlan = { filas: [], tiposArchivo: [], ticketsToInvalidate: new Map() };
      const preview = { ...described, ...emptyCounts, tiposArchivo: [], filas: [], ticketsAnulados: 0 };
      return { preview, plan, state: null };
    }
    const filas = body.map((row) => readGuestRow(row, columns));
    const state = await readEventState(executor, eventoId, filas);
    const plan = planSync(filas, state, mapping.tipos);
    const ticketsAnulados = new Set([...plan.ticketsToInvalidate.values()].flat()).size;
    const preview = {
      ...described,
      tiposArchivo: plan.tiposArchivo,
      filas: plan.filas,
      ...planCounts(plan.filas),
      ticketsAnulados,
    };
    return { preview, plan, state };
  }

  /** Orders and tickets of the rows to create, in chunks; each row's code (or a new one) is its QR. */
  async function createOrders(tx: Tx, eventoId: number, rows: GuestRow[]) {
    let ticketsCreated = 0;
    let shortCodes = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const created = await tx
        .insert(pedidos)
        .values(
          chunk.map((fila) => ({
            eventoId,
            nombreCompleto: fila.nombreCompleto,
            email: fila.email,
            telefono: fila.telefono,
            idExterno: fila.idExterno,
            creadoPor: 'importacion',
          })),
        )
        .returning({ id: pedidos.id });
      const newTickets = chunk.flatMap((fila, index) =>
        Array.from({ length: fila.cantidad! }, () => ({
          pedidoId: created[index]!.id,
          eventoId,
          ticketTypeId: fila.ticketTypeId!,
          qrCode: fila.codigo ?? newQrCode(),
        })),
      );
      await tx.insert(tickets).values(newTickets);
      ticketsCreated += newTickets.length;
      shortCodes += chunk.filter((fila) => fila.codigo !== null && isShortCode(fila.codigo)).length;
    }
    return { ticketsCreated, shortCodes };
  }

  /**
   * Invalidates the tickets of the rows the shop refunded or cancelled, as 'Invalidar ticket' does
   * (a scanner that remembers one sees its version changed and reads it again); the guests touched.
   */
  async function invalidate(tx: Tx, eventoId: number, plan: SyncPlan, state: EventState) {
    const ids = [...new Set([...plan.ticketsToInvalidate.values()].flat())];
    const changed: { pedidoId: number }[] = [];
    for (let start = 0; start < ids.length; start += CHUNK) {
      changed.push(
        ...(await tx
          .update(tickets)
          .set({ estado: 'invalidado' })
          .where(
            and(
              eq(tickets.eventoId, eventoId),
              inArray(tickets.id, ids.slice(start, start + CHUNK)),
              eq(tickets.estado, 'activo'),
            ),
          )
          .returning({ pedidoId: tickets.pedidoId })),
      );
    }
    const perOrder = new Map<number, number>();
    for (const { pedidoId } of changed) perOrder.set(pedidoId, (perOrder.get(pedidoId) ?? 0) + 1);
    return [...perOrder].map(([pedidoId, count]) => ({
      pedidoId,
      nombreCompleto: state.orders.get(pedidoId)?.nombreCompleto ?? '',
      tickets: count,
    }));
  }

  return {
    async preview(user: User, eventoId: number, bytes: Buffer): Promise<ImportPreview> {
      await events.findWritable(user, eventoId);
      return (await check(db, eventoId, await readRows(bytes))).preview;
    },

    async mapping(user: User, eventoId: number): Promise<ImportMapping> {
      await events.findWritable(user, eventoId);
      return storedMapping(db, eventoId);
    },

    async saveMapping(user: User, eventoId: number, body: ImportMappingBody): Promise<ImportMapping> {
      return db.transaction(async (tx) => {
        await events.findWritable(user, eventoId, tx);
        return saveMapping(tx, eventoId, body);
      });
    },

    /**
     * Creates an order (and its tickets) per new row and invalidates what the shop cancelled, all in
     * one transaction; rows with errors are skipped, and so are duplicates unless `omitirDuplicados`
     * is false. Everything is decided again here, under a lock per event, so two imports of one
     * file at once cannot both create its guests.
     */
    async import(
      user: User,
      eventoId: number,
      bytes: Buffer,
      { omitirDuplicados }: { omitirDuplicados: boolean },
    ): Promise<ImportResult> {
      // The file is read before the transaction: a 16 MB spreadsheet holds no connection or lock.
      await events.findWritable(user, eventoId);
      const file = await readRows(bytes);
      const result = await db.transaction(async (tx) => {
        await events.findWritable(user, eventoId, tx);
        await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_IMPORT_LOCK}::int, ${eventoId}::int)`);
        const { preview, plan, state } = await check(tx, eventoId, file);
        if (preview.faltan.length > 0) {
          throw fileError(
            importMessages.missingColumns(preview.faltan.map((field) => importFieldLabels[field])),
          );
        }
        const undecided = undecidedTypes(preview, plan);
        if (undecided.length > 0) {
          const message = importMessages.undecidedTypes(undecided);
          throw badRequest(message, [{ field: 'tipos', message }]);
        }
        const toCreate = plan.filas.filter(
          (fila) => fila.accion === 'nuevo' || (fila.accion === 'duplicado' && !omitirDuplicados),
        );
        if (toCreate.length === 0 && plan.ticketsToInvalidate.size === 0) {
          throw fileError(preview.validas === 0 ? importMessages.nothingToImport : importMessages.nothingNew);
        }
        const { ticketsCreated, shortCodes } = await createOrders(tx, eventoId, toCreate);
        const anulados = await invalidate(tx, eventoId, plan, state!);
        return {
          pedidosCreados: toCreate.length,
          ticketsCreados: ticketsCreated,
          filasOmitidas: preview.conErrores,
          duplicadosOmitidos: omitirDuplicados ? preview.duplicados : 0,
          yaImportados: preview.yaImportados,
          omitidosPorTipo: preview.omitidosPorTipo,
          codigosCortos: shortCodes,
          anulados,
          ticketsAnulados: anulados.reduce((sum, guest) => sum + guest.tickets, 0),
        };
      });
      // Thousands of new rows at once: refresh the planner's statistics now rather than when
      // autovacuum gets to it, so the order list's filters keep their indexes (bench/orders.mjs).
      if (result.pedidosCreados >= ANALYZE_AFTER_ROWS) {
        await db.execute(sql`analyze ${pedidos}, ${tickets}`).catch(() => undefined);
      }
      return result;
    },
  };
}
