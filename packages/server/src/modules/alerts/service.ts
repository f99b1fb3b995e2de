import type { User } from '@drinkflow/domain/auth';
import {
  ALERT_LIST_LIMIT,
  ALERT_WINDOWS_MINUTES,
  noAlertRules,
  type Alerta,
  type AlertRules,
  type EventAlerts,
} from '@drinkflow/domain/alerts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { alertaReglas, alertas } from '../../db/schema';
import type { EventService } from '../events';
import { SCANS_CHANNEL } from '../stats-stream';

/** pg_advisory_xact_lock(ALERTS_LOCK, eventoId): one evaluation of an event at a time, on every process. */
const ALERTS_LOCK = 7022;

type AlertRow = typeof alertas.$inferSelect;

const toAlerta = (row: AlertRow): Alerta => ({
  id: row.id,
  tipo: row.tipo,
  cantidad: row.cantidad,
  umbral: row.umbral,
  ticketId: row.ticketId,
  titular: row.titular,
  barra: row.barra,
  disparadaEn: row.disparadaEn.toISOString(),
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An instant as a bound timestamptz parameter. */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Each rule inserts the alerts it finds, unless the same alert already fired within its window:
 * - qr_compartido: a ticket refused more than N times in the last 10 minutes; again for the same
 *   ticket only 10 minutes after its last alert;
 * - consumo_alto: more than N drinks in the last 60 minutes; again only 60 minutes later;
 * - barra_inactiva: while the event runs, a bar whose last scan is N minutes old or more; once per
 *   silence (again only after the bar has scanned since). Each bar's last scan comes from
 *   `bar_last_scans` (kept by a trigger on the scan log), not from aggregating the scan log;
 * - deshechos_frecuentes: a bar (or the devices without a bar name, barra null) that undid more than
 *   N drinks in the last 10 minutes; again for that bar only 10 minutes after its last alert.
 */
const ruleStatements = (eventoId: number, rules: AlertRules, now: Date) => [
  rules.rechazosPorTicket !== null &&
    sql`
      insert into alertas (evento_id, tipo, cantidad, umbral, ticket_id, titular, disparada_en)
      select ${eventoId}, 'qr_compartido', refused.n, ${rules.rechazosPorTicket}, refused.ticket_id,
             p.nombre_completo, ${at(now)}
      from (
        select s.ticket_id, count(*)::int as n from scan_log s
        where s.evento_id = ${eventoId} and s.accion = 'consumo' and not s.allowed and s.ticket_id is not null
          and s.created_at > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.qr_compartido})
          and s.created_at <= ${at(now)}
        group by 1 having count(*) > ${rules.rechazosPorTicket}
      ) refused
      left join tickets t on t.id = refused.ticket_id
      left join pedidos p on p.id = t.pedido_id
      where not exists (
        select 1 from alertas a
        where a.evento_id = ${eventoId} and a.tipo = 'qr_compartido' and a.ticket_id = refused.ticket_id
          and a.disparada_en > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.qr_compartido})
      )`,
  rules.consumosPorHora !== null &&
    sql`
      insert into alertas (evento_id, tipo, cantidad, umbral, disparada_en)
      select ${eventoId}, 'consumo_alto', drinks.n, ${rules.consumosPorHora}, ${at(now)}
      from (
        select count(*)::int as n from consumos c
        where c.evento_id = ${eventoId}
          and c."timestamp" > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.consumo_alto})
          and c."timestamp" <= ${at(now)}
      ) drinks
      where drinks.n > ${rules.consumosPorHora} and not exists (
        select 1 from alertas a
        where a.evento_id = ${eventoId} and a.tipo = 'consumo_alto'
          and a.disparada_en > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.consumo_alto})
      )`,
  rules.minutosSinEscanear !== null &&
    sql`
      insert into alertas (evento_id, tipo, cantidad, umbral, barra, disparada_en)
      select ${eventoId}, 'barra_inactiva', floor(extract(epoch from ${at(now)} - bars.last) / 60)::int,
             ${rules.minutosSinEscanear}, bars.barra, ${at(now)}
      from (
        select b.barra, max(b.last_scan_at) as last from bar_last_scans b
        where b.evento_id = ${eventoId}
        group by 1
      ) bars
      join eventos e on e.id = ${eventoId} and ${at(now)} between e.fecha_inicio and e.fecha_fin
      where bars.last <= ${at(now)} - make_interval(mins => ${rules.minutosSinEscanear})
        and not exists (
          select 1 from alertas a
          where a.evento_id = ${eventoId} and a.tipo = 'barra_inactiva' and a.barra = bars.barra
            and a.disparada_en >= bars.last
        )`,
  rules.deshechosPorBarra !== null &&
    sql`
      insert into alertas (evento_id, tipo, cantidad, umbral, barra, disparada_en)
      select ${eventoId}, 'deshechos_frecuentes', undos.n, ${rules.deshechosPorBarra}, undos.barra, ${at(now)}
      from (
        select s.barra, count(*)::int as n from scan_log s
        where s.evento_id = ${eventoId} and s.accion = 'deshacer'
          and s.created_at > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.deshechos_frecuentes})
          and s.created_at <= ${at(now)}
        group by 1 having count(*) > ${rules.deshechosPorBarra}
      ) undos
      where not exists (
        select 1 from alertas a
        where a.evento_id = ${eventoId} and a.tipo = 'deshechos_frecuentes'
          and a.barra is not distinct from undos.barra
          and a.disparada_en > ${at(now)} - make_interval(mins => ${ALERT_WINDOWS_MINUTES.deshechos_frecuentes})
      )`,
];

async function readRules(executor: Db | Tx, eventoId: number): Promise<AlertRules | null> {
  const [row] = await executor
    .select()
    .from(alertaReglas)
    .where(eq(alertaReglas.eventoId, eventoId))
    .limit(1);
  if (!row) return null;
  return {
    rechazosPorTicket: row.rechazosPorTicket,
    consumosPorHora: row.consumosPorHora,
    minutosSinEscanear: row.minutosSinEscanear,
    deshechosPorBarra: row.deshechosPorBarra,
  };
}

export function createAlertService(db: Db, events: EventService) {
  async function list(eventoId: number): Promise<EventAlerts> {
    const [reglas, rows] = await Promise.all([
      readRules(db, eventoId),
      db
        .select()
        .from(alertas)
        .where(eq(alertas.eventoId, eventoId))
        .orderBy(desc(alertas.disparadaEn), desc(alertas.id))
        .limit(ALERT_LIST_LIMIT),
    ]);
    return { reglas: reglas ?? noAlertRules, alertas: rows.map(toAlerta) };
  }

  return {
    /** The thresholds and the alerts fired (the event's `estadisticas`, docs/rules/team.md). */
    async forEvent(user: User, eventoId: number): Promise<EventAlerts> {
      await events.findFor(user, eventoId, 'estadisticas');
      return list(eventoId);
    },

    /** The alerts of an event already authorized (the live stream). */
    list,

    /** Replaces the thresholds (the event's organizer); they apply from the next check. */
    async saveRules(user: User, eventoId: number, rules: AlertRules): Promise<EventAlerts> {
      await db.transaction(async (tx) => {
        await events.findWritable(user, eventoId, tx);
        await tx
          .insert(alertaReglas)
          .values({ eventoId, ...rules })
          .onConflictDoUpdate({ target: alertaReglas.eventoId, set: { ...rules, updatedAt: sql`now()` } });
      });
      return list(eventoId);
    },

    /**
     * Checks the event's thresholds at `now` and records the alerts that fire; returns how many.
     * One transaction under the event's advisory lock, so two processes checking at once cannot
     * record the same alert twice; new alerts notify the live streams at commit.
     */
    async evaluate(eventoId: number, now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ALERTS_LOCK}::int, ${eventoId}::int)`);
        const rules = await readRules(tx, eventoId);
        if (!rules) return 0;
        let fired = 0;
        for (const statement of ruleStatements(eventoId, rules, now)) {
          if (!statement) continue;
          const result = await tx.execute(sql`${statement} returning id`);
          fired += rowsOf<{ id: number }>(result).length;
        }
        if (fired > 0) await tx.execute(sql`select pg_notify(${SCANS_CHANNEL}, ${String(eventoId)})`);
        return fired;
      });
    },

    /** Events whose alerts are worth checking now: with thresholds, and running (give or take an hour). */
    async eventsToWatch(now = new Date()): Promise<number[]> {
      const result = await db.execute(sql`
        select r.evento_id as id from alerta_reglas r join eventos e on e.id = r.evento_id
        where e.fecha_inicio <= ${at(now)} + interval '1 hour' and e.fecha_fin >= ${at(now)} - interval '1 hour'
        order by 1`);
      return rowsOf<{ id: number }>(result).map((row) => row.id);
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
