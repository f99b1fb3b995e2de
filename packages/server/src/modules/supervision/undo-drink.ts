import type { User } from '@drinkflow/domain/auth';
import { supervisionMessages } from '@drinkflow/domain/supervision';
import { SUPERVISOR_UNDO_MINUTES } from '@drinkflow/domain/team';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, scanLog } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

const UNDO_WINDOW_MS = SUPERVISOR_UNDO_MINUTES * 60_000;
/** The database's time of the statement, in epoch milliseconds (both drivers read a float8 as a number). */
const DB_NOW_MS = sql<number | string>`(extract(epoch from statement_timestamp()) * 1000)::float8`;

/**
 * A supervisor takes back any drink of the event served in the last SUPERVISOR_UNDO_MINUTES
 * (docs/rules/devices.md). As the scanner's undo, in one transaction and in a consume's lock
 * order: the ticket first (a consume holds it while the triggers move the event's counters), then
 * the drink's scan-log row, then the drink. Deleting the drink lowers the counters (triggers); its
 * scan-log row is marked undone and a `deshacer` row names the supervisor (`usuario_id`). Whoever
 * comes second — another supervisor or the bar's own undo — finds the drink gone: 404, never twice.
 * `now`: the app's test clock; omitted, the database's time.
 */
export async function undoDrink(
  db: Db,
  now: (() => Date) | undefined,
  { user, eventoId, consumoId }: { user: User; eventoId: number; consumoId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx.execute<{ qr_code: string }>(sql`
      select t.qr_code from tickets t
       where t.id = (select c.ticket_id from consumos c where c.id = ${consumoId} and c.evento_id = ${eventoId})
       for update`);
    const ticket = (locked as unknown as { rows: { qr_code: string }[] }).rows[0];
    if (!ticket) throw notFound(supervisionMessages.notFound);
    const [scan] = await tx
      .select({ id: scanLog.id, qrCode: scanLog.qrCode, scanId: scanLog.scanId })
      .from(scanLog)
      .where(and(eq(scanLog.eventoId, eventoId), eq(scanLog.consumoId, consumoId)))
      .orderBy(asc(scanLog.id))
      .limit(1)
      .for('update');
    const [found] = await tx
      .select({ drink: consumos, nowMs: DB_NOW_MS })
      .from(consumos)
      .where(and(eq(consumos.id, consumoId), eq(consumos.eventoId, eventoId)))
      .limit(1)
      .for('update');
    // Undone meanwhile (the ticket lock was waited for): gone for this undo too.
    if (!found) throw notFound(supervisionMessages.notFound);
    const { drink } = found;
    const at = now?.() ?? new Date(Number(found.nowMs));
    if (at.getTime() - drink.timestamp.getTime() > UNDO_WINDOW_MS)
      throw conflict(supervisionMessages.tooLate);

    await tx.delete(consumos).where(eq(consumos.id, drink.id));
    if (scan) await tx.update(scanLog).set({ undoneAt: at }).where(eq(scanLog.id, scan.id));
    await tx.insert(scanLog).values({
      eventoId,
      ticketId: drink.ticketId,
      accion: 'deshacer',
      qrCode: scan?.qrCode ?? ticket.qr_code,
      tipoBebida: drink.tipoBebida,
      barra: drink.barra,
      allowed: true,
      reason: 'deshecho',
      response: { undone: true, consumoId: drink.id, scanId: scan?.scanId ?? null, supervisor: true },
      usuarioId: user.id,
      createdAt: at,
    });
  });
}
