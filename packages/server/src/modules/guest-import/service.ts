import type { User } from '@drinkflow/domain/auth';
import {
  MAX_IMPORT_ROWS,
  defaultGuestFields,
  guestFieldLabels,
  guestMatchKeys,
  hasInvalidCharacters,
  importMessages,
  isHeaderlessGuestRow,
  mapGuestHeader,
  normaliseHeader,
  type GuestField,
  type GuestRow,
  type ImportPreview,
  type ImportResult,
} from '@drinkflow/domain/guest-import';
import { createOrderBody, ORDER_QUANTITY } from '@drinkflow/domain/orders';
import { isSingleLineText, SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pedidos, tickets, tiposTicket } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { EventService } from '../events';
import { newQrCode } from '../orders';
import { readCsvRows } from './read-csv';

/** A row's guest is checked by the same rules as an order created by hand (lengths included). */
const guestFields = createOrderBody.pick({ nombreCompleto: true, email: true, telefono: true });
const CHUNK = 500;
const ANALYZE_AFTER_ROWS = 1000;
/** pg_advisory_xact_lock(GUEST_IMPORT_LOCK, eventoId): one import per event at a time, on every process. */
const GUEST_IMPORT_LOCK = 7030;
const textFields: GuestField[] = ['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad'];

/** The ticket type of each name as the file may write it (no case, accents or extra spaces); null when two types share it. */
function ticketTypesByName(types: { id: number; nombre: string }[]): Map<string, number | null> {
  const byName = new Map<string, number | null>();
  for (const type of types) {
    const name = normaliseHeader(type.nombre);
    byName.set(name, byName.has(name) ? null : type.id);
  }
  return byName;
}

/** Marks the valid rows that repeat a guest of an existing order or of an earlier valid row. */
async function markDuplicates(executor: Db | Tx, eventoId: number, filas: GuestRow[]): Promise<void> {
  const existing = await executor
    .select({
      id: pedidos.id,
      nombreCompleto: pedidos.nombreCompleto,
      email: pedidos.email,
      telefono: pedidos.telefono,
    })
    .from(pedidos)
    .where(eq(pedidos.eventoId, eventoId))
    .orderBy(pedidos.id);
  const orderByKey = new Map<string, number>();
  for (const order of existing) {
    for (const { key } of guestMatchKeys(order)) if (!orderByKey.has(key)) orderByKey.set(key, order.id);
  }
  const lineByKey = new Map<string, number>();
  for (const fila of filas) {
    if (fila.errores.length > 0) continue;
    const keys = guestMatchKeys(fila);
    const order = keys.find(({ key }) => orderByKey.has(key));
    const earlier = keys.find(({ key }) => lineByKey.has(key));
    if (order) {
      const pedidoId = orderByKey.get(order.key)!;
      fila.duplicado = {
        pedidoId,
        linea: null,
        message: importMessages.duplicateOfOrder(order.match, pedidoId),
      };
    } else if (earlier) {
      const linea = lineByKey.get(earlier.key)!;
      fila.duplicado = {
        pedidoId: null,
        linea,
        message: importMessages.duplicateOfRow(earlier.match, linea),
      };
    }
    for (const { key } of keys) if (!lineByKey.has(key)) lineByKey.set(key, fila.linea);
  }
}

/** Guest lists (CSV) turned into orders of one event: a preview with row errors, then one transaction. */
export function createGuestImportService(db: Db, events: EventService) {
  async function preview(executor: Db | Tx, eventoId: number, bytes: Buffer): Promise<ImportPreview> {
    let rows: { line: number; cells: string[] }[];
    try {
      rows = readCsvRows(bytes);
    } catch {
      throw badRequest(importMessages.unreadable, [{ field: 'archivo', message: importMessages.unreadable }]);
    }
    // A first row that is a guest (it has an email and names no column) is read as data.
    const sinCabecera = rows[0] !== undefined && isHeaderlessGuestRow(rows[0].cells);
    const header = sinCabecera ? undefined : rows[0];
    const body = sinCabecera ? rows : rows.slice(1);
    if (body.length === 0) {
      throw badRequest(importMessages.empty, [{ field: 'archivo', message: importMessages.empty }]);
    }
    if (body.length > MAX_IMPORT_ROWS) {
      const message = importMessages.tooManyRows(MAX_IMPORT_ROWS);
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    const { fields, missing } = header
      ? mapGuestHeader(header.cells)
      : { fields: defaultGuestFields, missing: [] as GuestField[] };
    if (missing.length > 0) {
      const message = importMessages.missingColumns(missing.map((field) => guestFieldLabels[field]));
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    const types = await executor
      .select({ id: tiposTicket.id, nombre: tiposTicket.nombre })
      .from(tiposTicket)
      .where(eq(tiposTicket.eventoId, eventoId));
    const typeByName = ticketTypesByName(types);

    const filas = body.map(({ line, cells }): GuestRow => {
      const cell = (field: GuestField) => cells[fields.indexOf(field)]?.trim() ?? '';
      const errores: GuestRow['errores'] = [];
      const nombreCompleto = cell('nombreCompleto');
      const email = cell('email');
      const tipoTicket = cell('tipoTicket');
      const rawCantidad = cell('cantidad');
      // A NUL cannot be stored (it would fail the insert) and U+FFFD is a byte the file's encoding lacks.
      // A line break, another control character or a bidirectional override inside a cell is refused
      // as in a form (docs/decisions/052); the reader has already trimmed whitespace around it.
      for (const field of textFields) {
        if (hasInvalidCharacters(cell(field)))
          errores.push({ field, message: importMessages.invalidCharacters });
        else if (!isSingleLineText(cell(field))) errores.push({ field, message: SINGLE_LINE_TEXT_MESSAGE });
      }
      const hasError = (field: string) => errores.some((error) => error.field === field);
      const guest = guestFields.safeParse({ nombreCompleto, email, telefono: cell('telefono') });
      for (const issue of guest.error?.issues ?? []) {
        const field = String(issue.path[0]);
        if (!hasError(field)) errores.push({ field, message: issue.message });
      }
      const typeName = normaliseHeader(tipoTicket);
      const ticketTypeId = typeByName.get(typeName) ?? null;
      // A type text already flagged (invalid characters) is not echoed in a second message.
      const typeError = hasError('tipoTicket')
        ? null
        : !tipoTicket
          ? importMessages.missingType
          : !typeByName.has(typeName)
            ? importMessages.unknownType(tipoTicket)
            : ticketTypeId === null
              ? importMessages.ambiguousType(tipoTicket)
              : null;
      if (typeError) errores.push({ field: 'tipoTicket', message: typeError });
      // Digits only: Number() would also take '0x3', '1e1' or ' '.
      const cantidad = rawCantidad === '' ? 1 : /^\d+$/.test(rawCantidad) ? Number(rawCantidad) : NaN;
      const quantityOk =
        Number.isInteger(cantidad) && cantidad >= ORDER_QUANTITY.min && cantidad <= ORDER_QUANTITY.max;
      if (!quantityOk && !hasError('cantidad'))
        errores.push({ field: 'cantidad', message: importMessages.quantity });
      return {
        linea: line,
        nombreCompleto,
        email,
        telefono: cell('telefono') || null,
        tipoTicket,
        ticketTypeId: hasError('tipoTicket') ? null : ticketTypeId,
        cantidad: quantityOk ? cantidad : null,
        cantidadTexto: rawCantidad,
        errores,
        duplicado: null,
      };
    });
    await markDuplicates(executor, eventoId, filas);
    const validas = filas.filter((fila) => fila.errores.length === 0);
    return {
      filas,
      total: filas.length,
      validas: validas.length,
      conErrores: filas.length - validas.length,
      duplicados: validas.filter((fila) => fila.duplicado !== null).length,
      tickets: validas.reduce((sum, fila) => sum + (fila.cantidad ?? 0), 0),
      sinCabecera,
    };
  }

  return {
    async preview(user: User, eventoId: number, bytes: Buffer): Promise<ImportPreview> {
      await events.findWritable(user, eventoId);
      return preview(db, eventoId, bytes);
    },

    /**
     * Creates an order (and its tickets) per valid row, all in one transaction; rows with errors are
     * skipped, and so are duplicates unless `omitirDuplicados` is false. Duplicates are checked again
     * here, under a lock per event, so two imports of one file at once cannot both create its guests.
     */
    async import(
      user: User,
      eventoId: number,
      bytes: Buffer,
      { omitirDuplicados }: { omitirDuplicados: boolean },
    ): Promise<ImportResult> {
      const result = await db.transaction(async (tx) => {
        await events.findWritable(user, eventoId, tx);
        await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_IMPORT_LOCK}::int, ${eventoId}::int)`);
        const checked = await preview(tx, eventoId, bytes);
        const validRows = checked.filas.filter((fila) => fila.errores.length === 0);
        const valid = omitirDuplicados ? validRows.filter((fila) => fila.duplicado === null) : validRows;
        if (valid.length === 0) {
          const message = validRows.length === 0 ? importMessages.nothingToImport : importMessages.nothingNew;
          throw badRequest(message, [{ field: 'archivo', message }]);
        }
        let ticketsCreated = 0;
        for (let start = 0; start < valid.length; start += CHUNK) {
          const chunk = valid.slice(start, start + CHUNK);
          const created = await tx
            .insert(pedidos)
            .values(
              chunk.map((fila) => ({
                eventoId,
                nombreCompleto: fila.nombreCompleto,
                email: fila.email,
                telefono: fila.telefono,
                creadoPor: 'importacion',
              })),
            )
            .returning({ id: pedidos.id });
          const newTickets = chunk.flatMap((fila, index) =>
            Array.from({ length: fila.cantidad! }, () => ({
              pedidoId: created[index]!.id,
              ticketTypeId: fila.ticketTypeId!,
              qrCode: newQrCode(),
            })),
          );
          await tx.insert(tickets).values(newTickets);
          ticketsCreated += newTickets.length;
        }
        return {
          pedidosCreados: valid.length,
          ticketsCreados: ticketsCreated,
          filasOmitidas: checked.conErrores,
          duplicadosOmitidos: validRows.length - valid.length,
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
