import type { User } from '@drinkflow/domain/auth';
import type { RenameBarInput } from '@drinkflow/domain/event-bars';
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
  pedidos,
  scanLog,
  tickets,
  tiposTicket,
} from '../../db/schema';
import { badRequest } from '../../http/errors';
import { requireEvent } from './access';
import { toEvento, type EventService } from './service';

export const UNKNOWN_BAR = 'La barra no existe en el evento';
/** A rename to a name another of the event's bars has (compared trimmed, in any case). */
export const barNameTaken = (barra: string) => `Ya hay otra barra llamada «${barra}» en el evento`;

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
 * PATCH /api/eventos/{id}/barras {de, a} (docs/rules/festivals.md, docs/decisions/045): renames one of the
 * event's bars in its list, its ticket types' allowed bars, its drinks (whose trigger moves the
 * statistics counters), the scan log, each bar's last scan and the alerts, in one transaction.
 * Rows merge when the new name already has some (counters add up, the last scan keeps the later time).
 *
 * The bars keep scanning meanwhile, so the locks come in the order a scan takes them — its ticket's
 * row first, then the event's (a drink's foreign key check) — never the other way round, which
 * deadlocked a scan against the rename's drink update (its trigger updates the drink's ticket):
 * 1. the event row FOR NO KEY UPDATE: no other writer of the event (ticket types, PUT) meanwhile,
 *    while scans may still finish;
 * 2. every ticket of the event: a scan under way ends first; later ones wait for the commit. The
 *    tickets of types that name the bar are also updated (a new row version), so a scan decided
 *    under the old name before the rename is decided again after it — refused there, instead of
 *    stored at a bar that no longer exists;
 * 3. the event row FOR UPDATE: nothing that references the event (an unknown code's log row) is
 *    written until the commit.
 * So every drink is either recorded before the rename, and renamed with the rest, or after it.
 */
export async function renameBar(
  db: Db,
  events: EventService,
  user: User,
  id: number,
  { de, a }: RenameBarInput,
): Promise<Evento> {
  return db.transaction(async (tx) => {
    const { evento, rol } = await requireEvent(tx, user, id, 'gestionar', 'no key update');
    const from = de.trim();
    const to = a.trim();
    const key = barKey(from);
    const index = evento.barras.findIndex((name) => barKey(name) === key);
    if (index < 0) throw badRequest(UNKNOWN_BAR, [{ field: 'de', message: UNKNOWN_BAR }]);
    const taken = evento.barras.find((name, i) => i !== index && barKey(name) === barKey(to));
    if (taken !== undefined) {
      const message = barNameTaken(taken);
      throw badRequest(message, [{ field: 'a', message }]);
    }

    const types = await tx
      .select({ id: tiposTicket.id, barrasPermitidas: tiposTicket.barrasPermitidas })
      .from(tiposTicket)
      .where(and(eq(tiposTicket.eventoId, id), isNotNull(tiposTicket.barrasPermitidas)));
    const naming = types.filter((type) => (type.barrasPermitidas ?? []).some((name) => barKey(name) === key));
    await tx.execute(sql`
      select t.id from ${tickets} t join ${pedidos} p on p.id = t.pedido_id
      where p.evento_id = ${id} order by t.id for update of t`);
    if (naming.length > 0) {
      await tx
        .update(tickets)
        .set({ recargasBebidas: sql`${tickets.recargasBebidas}` })
        .where(
          inArray(
            tickets.ticketTypeId,
            naming.map((type) => type.id),
          ),
        );
    }
    await events.lockWritable(user, id, tx);

    const barras = evento.barras.map((name, i) => (i === index ? to : name));
    const [row] = await tx
      .update(eventos)
      .set({ barras, updatedAt: new Date() })
      .where(eq(eventos.id, id))
      .returning();

    for (const type of naming) {
      const permitidas = type.barrasPermitidas ?? [];
      if (!permitidas.some((name) => name !== to && barKey(name) === key)) continue;
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
    return toEvento(row!, new Date(), rol);
  });
}
