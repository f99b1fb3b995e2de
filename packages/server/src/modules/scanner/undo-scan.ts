import { SCANNER_LIMITS, scannerMessages } from '@drinkflow/domain/scanner';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, scanLog } from '../../db/schema';
import { conflict, deviceRevoked, notFound } from '../../http/errors';
import type { ScannerEventRow } from './admission/event-of-key';
import type { ScannerDevice } from './admission/request-device';
import { DB_NOW_MS } from './scan-statements';

/**
 * POST …/undo: the device that recorded a drink takes it back within the undo window — with a
 * device row (`device`), the drink that row recorded; else the drink recorded under `deviceId`.
 * Locks in a consume's order, the device row first (`for key share` while unrevoked: the lock
 * protocol of docs/decisions/062), then the ticket: a consume holds the ticket while it adds to the
 * event's counters, and an undo that took the counters first (deleting the drink) and then waited
 * for the ticket (its log row's reference) would deadlock against it. `timeOf`: the undo's time
 * from the database's (the test clock when given).
 */
export async function undoScan(
  db: Db,
  timeOf: (dbNowMs: number | string) => Date,
  {
    evento,
    scanId,
    deviceId,
    device,
  }: { evento: ScannerEventRow; scanId: string; deviceId: string; device: ScannerDevice | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (device !== null) {
      const live = await tx.execute(sql`
        select id from dispositivos where id = ${device.id} and revocado_en is null for key share`);
      if ((live as unknown as { rows: unknown[] }).rows.length === 0) throw deviceRevoked();
    }
    await tx.execute(sql`
      select t.id from tickets t
       where t.id = (select s.ticket_id from scan_log s where s.evento_id = ${evento.id} and s.scan_id = ${scanId})
       for update`);
    const [found] = await tx
      .select({ scan: scanLog, nowMs: sql<number | string>`${DB_NOW_MS}` })
      .from(scanLog)
      .where(and(eq(scanLog.eventoId, evento.id), eq(scanLog.scanId, scanId)))
      .limit(1)
      .for('update');
    if (!found) throw notFound(scannerMessages.undoUnknown);
    const { scan } = found;
    const at = timeOf(found.nowMs);
    const tooLate = at.getTime() - scan.createdAt.getTime() > SCANNER_LIMITS.undoWindowMs;
    // A drink recorded by a device row is that row's; an older one, the id's that named it.
    const sameDevice =
      scan.dispositivoId !== null ? scan.dispositivoId === device?.id : scan.deviceId === deviceId;
    if (scan.consumoId === null || scan.undoneAt || !sameDevice || tooLate) {
      throw conflict(scannerMessages.undoTooLate);
    }
    await tx.delete(consumos).where(eq(consumos.id, scan.consumoId));
    await tx.update(scanLog).set({ undoneAt: at }).where(eq(scanLog.id, scan.id));
    await tx.insert(scanLog).values({
      eventoId: evento.id,
      ticketId: scan.ticketId,
      accion: 'deshacer',
      qrCode: scan.qrCode,
      tipoBebida: scan.tipoBebida,
      barra: scan.barra,
      deviceId,
      dispositivoId: device?.id ?? null,
      usuarioId: device?.usuarioId ?? null,
      allowed: true,
      reason: 'deshecho',
      response: { undone: true, scanId },
      createdAt: at,
    });
  });
}
