import type { User } from '@drinkflow/domain/auth';
import { eventBarMessages, type RenameBarInput } from '@drinkflow/domain/event-bars';
import type { Evento } from '@drinkflow/domain/events';
import { barKey } from '@drinkflow/domain/scan-rules';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  alertas,
  barLastScans,
  consumoCounters,
  consumos,
  eventos,
  scanLog,
  tiposTicket,
} from '../../db/schema';
import { badRequest } from '../../http/errors';
import { toEvento, type EventService } from './service';

export const UNKNOWN_BAR = 'La barra no existe en el evento';

/**
 * The names the event's rows use for one bar: every spelling the scanner treats as that bar
 * (trimmed, any case). Read from the small tables the triggers keep, which hold every bar name of
 * the scan log (bar_last_scans) and of the drinks (consumo_counters), so the big tables are not scanned.
 */
async function spellingsOf(tx: Tx, eventoId: number, key: string): Promise<string[]> {
  const result = await tx.execute<{ barra: string }>(sql`
    select ${barLastScans.barra} as barra from ${barLastScans} where ${barLastScans.eventoId} = ${eventoId}
    union select ${consumoCounters.barra} from ${consumoCounters} where ${consumoCounters.eventoId} = ${eventoId}
    union select ${alertas.barra} from ${alertas}
      where ${alertas.eventoId} = ${eventoId} and ${alertas.barra} is not null`);
  return (result as unknown as { rows: { barra: string }[] }).rows
    .map((row) => row.barra)
    .filter((name) => barKey(name) === key);
}

/**
 * PATCH /api/eventos/{id}/barras {de, a} (DECISIONS §15, docs/decisions/045): renames one of the
 * event's bars in its list, its ticket types' allowed bars, its drinks (whose trigger moves the
 * statistics counters), the scan log, each bar's last scan and the alerts, in one transaction that
 * holds the event row's lock. Rows merge when the new name already has some (counters add up,
 * the last scan keeps the later time).
 */
export async function renameBar(
  db: Db,
  events: EventService,
  user: User,
  id: number,
  { de, a }: RenameBarInput,
): Promise<Evento> {
  return db.transaction(async (tx) => {
    const evento = await events.lockWritable(user, id, tx);
    const from = de.trim();
    const to = a.trim();
    const key = barKey(from);
    const index = evento.barras.findIndex((name) => barKey(name) === key);
    if (index < 0) throw badRequest(UNKNOWN_BAR, [{ field: 'de', message: UNKNOWN_BAR }]);
    if (evento.barras.some((name, i) => i !== index && barKey(name) === barKey(to)))
      throw badRequest(eventBarMessages.duplicada, [{ field: 'a', message: eventBarMessages.duplicada }]);

    const barras = evento.barras.map((name, i) => (i === index ? to : name));
    const [row] = await tx
      .update(eventos)
      .set({ barras, updatedAt: new Date() })
      .where(eq(eventos.id, id))
      .returning();

    const types = await tx
      .select({ id: tiposTicket.id, barrasPermitidas: tiposTicket.barrasPermitidas })
      .from(tiposTicket)
      .where(and(eq(tiposTicket.eventoId, id), isNotNull(tiposTicket.barrasPermitidas)));
    for (const type of types) {
      const permitidas = type.barrasPermitidas ?? [];
      if (!permitidas.some((name) => barKey(name) === key && name !== to)) continue;
      await tx
        .update(tiposTicket)
        .set({
          barrasPermitidas: permitidas.map((name) => (barKey(name) === key ? to : name)),
          updatedAt: new Date(),
        })
        .where(eq(tiposTicket.id, type.id));
    }

    const old = [...new Set([evento.barras[index]!, ...(await spellingsOf(tx, id, key))])].filter(
      (name) => name !== to,
    );
    if (old.length > 0) {
      // Drinks first: their trigger takes each one off its old counter and adds it to the new one.
      await tx
        .update(consumos)
        .set({ barra: to })
        .where(and(eq(consumos.eventoId, id), inArray(consumos.barra, old)));
      await tx
        .update(scanLog)
        .set({ barra: to })
        .where(and(eq(scanLog.eventoId, id), inArray(scanLog.barra, old)));
      await tx
        .update(alertas)
        .set({ barra: to })
        .where(and(eq(alertas.eventoId, id), inArray(alertas.barra, old)));
      // Whatever the old names' counters still hold (zero after the trigger) joins the new name's.
      await tx.execute(sql`
        insert into ${consumoCounters} as c (evento_id, bloque, tipo_bebida, barra, franja, consumos)
        select evento_id, bloque, tipo_bebida, ${to}, franja, sum(consumos)::int
        from ${consumoCounters}
        where evento_id = ${id} and barra in ${old}
        group by evento_id, bloque, tipo_bebida, franja
        on conflict (evento_id, bloque, tipo_bebida, barra, franja)
        do update set consumos = c.consumos + excluded.consumos`);
      await tx
        .delete(consumoCounters)
        .where(and(eq(consumoCounters.eventoId, id), inArray(consumoCounters.barra, old)));
      await tx.execute(sql`
        insert into ${barLastScans} as b (evento_id, barra, franja, last_scan_at)
        select evento_id, ${to}, franja, max(last_scan_at)
        from ${barLastScans}
        where evento_id = ${id} and barra in ${old}
        group by evento_id, franja
        on conflict (evento_id, barra, franja)
        do update set last_scan_at = greatest(b.last_scan_at, excluded.last_scan_at)`);
      await tx
        .delete(barLastScans)
        .where(and(eq(barLastScans.eventoId, id), inArray(barLastScans.barra, old)));
    }
    return toEvento(row!);
  });
}
