import type { User } from '@drinkflow/domain/auth';
import {
  MAX_IMPORT_ROWS,
  guestFieldLabels,
  importMessages,
  mapGuestHeader,
  normaliseHeader,
  type GuestField,
  type GuestRow,
  type ImportPreview,
  type ImportResult,
} from '@drinkflow/domain/guest-import';
import { createOrderBody, ORDER_QUANTITY } from '@drinkflow/domain/orders';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pedidos, tickets, tiposTicket } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { EventService } from '../events/service';
import { newQrCode } from '../tickets/issue';
import { readCsvRows } from './read-csv';

/** A row's guest is checked by the same rules as an order created by hand (lengths included). */
const guestFields = createOrderBody.pick({ nombreCompleto: true, email: true, telefono: true });
const CHUNK = 500;
const ANALYZE_AFTER_ROWS = 1000;

/** Guest lists (CSV) turned into orders of one event: a preview with row errors, then one transaction. */
export function createGuestImportService(db: Db, events: EventService) {
  async function preview(executor: Db | Tx, eventoId: number, bytes: Buffer): Promise<ImportPreview> {
    let rows: { line: number; cells: string[] }[];
    try {
      rows = readCsvRows(bytes);
    } catch {
      throw badRequest(importMessages.unreadable, [{ field: 'archivo', message: importMessages.unreadable }]);
    }
    const [header, ...body] = rows;
    if (!header || body.length === 0) {
      throw badRequest(importMessages.empty, [{ field: 'archivo', message: importMessages.empty }]);
    }
    if (body.length > MAX_IMPORT_ROWS) {
      const message = importMessages.tooManyRows(MAX_IMPORT_ROWS);
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    const { fields, missing } = mapGuestHeader(header.cells);
    if (missing.length > 0) {
      const message = importMessages.missingColumns(missing.map((field) => guestFieldLabels[field]));
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    const types = await executor
      .select({ id: tiposTicket.id, nombre: tiposTicket.nombre })
      .from(tiposTicket)
      .where(eq(tiposTicket.eventoId, eventoId));
    const typeByName = new Map(types.map((type) => [normaliseHeader(type.nombre), type.id]));
    const seen = new Map<string, number>();

    const filas = body.map(({ line, cells }): GuestRow => {
      const cell = (field: GuestField) => cells[fields.indexOf(field)]?.trim() ?? '';
      const errores: GuestRow['errores'] = [];
      const nombreCompleto = cell('nombreCompleto');
      const email = cell('email');
      const tipoTicket = cell('tipoTicket');
      const rawCantidad = cell('cantidad');
      const guest = guestFields.safeParse({ nombreCompleto, email, telefono: cell('telefono') });
      for (const issue of guest.error?.issues ?? []) {
        const field = String(issue.path[0]);
        if (!errores.some((error) => error.field === field)) errores.push({ field, message: issue.message });
      }
      const ticketTypeId = tipoTicket ? (typeByName.get(normaliseHeader(tipoTicket)) ?? null) : null;
      if (!tipoTicket) errores.push({ field: 'tipoTicket', message: importMessages.missingType });
      else if (ticketTypeId === null)
        errores.push({ field: 'tipoTicket', message: importMessages.unknownType(tipoTicket) });
      // Digits only: Number() would also take '0x3', '1e1' or ' '.
      const cantidad = rawCantidad === '' ? 1 : /^\d+$/.test(rawCantidad) ? Number(rawCantidad) : NaN;
      const quantityOk =
        Number.isInteger(cantidad) && cantidad >= ORDER_QUANTITY.min && cantidad <= ORDER_QUANTITY.max;
      if (!quantityOk) errores.push({ field: 'cantidad', message: importMessages.quantity });
      const key = [normaliseHeader(nombreCompleto), email.toLowerCase(), normaliseHeader(tipoTicket)].join(
        '\u0000',
      );
      const first = seen.get(key);
      if (first !== undefined) errores.push({ field: 'fila', message: importMessages.duplicate(first) });
      else seen.set(key, line);
      return {
        linea: line,
        nombreCompleto,
        email,
        telefono: cell('telefono') || null,
        tipoTicket,
        ticketTypeId,
        cantidad: quantityOk ? cantidad : null,
        errores,
      };
    });
    const validas = filas.filter((fila) => fila.errores.length === 0);
    return {
      filas,
      total: filas.length,
      validas: validas.length,
      conErrores: filas.length - validas.length,
      tickets: validas.reduce((sum, fila) => sum + (fila.cantidad ?? 0), 0),
    };
  }

  return {
    async preview(user: User, eventoId: number, bytes: Buffer): Promise<ImportPreview> {
      await events.findWritable(user, eventoId);
      return preview(db, eventoId, bytes);
    },

    /** Creates an order (and its tickets) per valid row, all in one transaction; rows with errors are skipped. */
    async import(user: User, eventoId: number, bytes: Buffer): Promise<ImportResult> {
      const result = await db.transaction(async (tx) => {
        await events.findWritable(user, eventoId, tx);
        const checked = await preview(tx, eventoId, bytes);
        const valid = checked.filas.filter((fila) => fila.errores.length === 0);
        if (valid.length === 0) {
          throw badRequest(importMessages.nothingToImport, [
            { field: 'archivo', message: importMessages.nothingToImport },
          ]);
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
