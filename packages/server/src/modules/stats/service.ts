import type { User } from '@drinkflow/domain/auth';
import {
  CONFLICTOS_LIST_LIMIT,
  type BarraStats,
  type ConflictoOffline,
  type EstadoTickets,
  type EventStats,
} from '@drinkflow/domain/stats';
import { averageConsumption, SIN_BARRA } from '@drinkflow/domain/stats-summary';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EventService } from '../events';
import { ticketEffectiveStateSql } from './effective-state';
import { toWhoServed, whoServedQuery, type WhoServedRow } from './who-served';

/** One row of the statistics query: a breakdown (`kind`), its key and a count. */
interface StatsRow extends Record<string, unknown> {
  kind: 'hora' | 'horaLocal' | 'bebida' | 'barra' | 'estado' | 'rechazo' | 'barraRechazo' | 'barraDeshecho';
  label: string | null;
  at: Date | string | null;
  n: number;
}

const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/**
 * Every breakdown of one event in one statement (one snapshot), from what the database keeps counted:
 * - `counts`: drinks per UTC quarter hour, drink and bar, from `consumo_counters` (kept by a trigger
 *   in the consuming transaction; a few thousand rows however many drinks). Quarter hours, because
 *   every time zone's offset and every daylight-saving change falls on a quarter hour: each quarter
 *   lies in exactly one UTC hour and one local hour. The timeline, hours of day, drinks, bars and
 *   totalConsumos are all sums over these rows.
 * - `tks`: each ticket's effective state now, `effectiveStateSql` (the domain's
 *   `effectiveTicketState` in SQL); "agotado" compares `tickets.consumos_usados` (the same trigger)
 *   with the type's `max_drinks`.
 * - `refused`: refused scan attempts (the lookup failures `no_encontrado`/`otro_evento` included)
 *   by reason and bar, from the partial index `scan_log_refused_idx`; undo rows do not count.
 * - `undone`: undos by bar (scan-log rows `accion = 'deshacer'`, docs/rules/offline-and-field.md), from the partial
 *   index `scan_log_undo_idx`. An undone drink is gone from `consumos`, and so from the counters.
 */
const statsQuery = (eventoId: number, timeZone: string, now: Date) => sql`
  with counts as (
    select bloque, tipo_bebida, barra, sum(consumos)::int as n
    from consumo_counters where evento_id = ${eventoId}
    group by 1, 2, 3 having sum(consumos) > 0
  ), timeline as (
    select bloque as q, sum(n)::int as n from counts group by 1
  ), tks as (
    select ${ticketEffectiveStateSql(now)} as estado
    from tickets t
    join pedidos p on p.id = t.pedido_id
    join tipos_ticket tt on tt.id = t.ticket_type_id
    where p.evento_id = ${eventoId}
  ), refused as (
    select s.reason, s.barra, count(*)::int as n
    from scan_log s
    where s.evento_id = ${eventoId} and s.accion = 'consumo' and not s.allowed
    group by 1, 2
  ), undone as (
    select s.barra, count(*)::int as n
    from scan_log s
    where s.evento_id = ${eventoId} and s.accion = 'deshacer'
    group by 1
  )
  select 'hora' as kind, null as label, date_bin('1 hour', q, ${ORIGIN}) as at, sum(n)::int as n
    from timeline group by 3
  union all
  select 'horaLocal', extract(hour from q at time zone ${timeZone})::int::text, null, sum(n)::int
    from timeline group by 2
  union all
  select 'bebida', tipo_bebida, null, sum(n)::int from counts group by 2
  union all
  select 'barra', nullif(barra, ''), null, sum(n)::int from counts group by 2
  union all
  select 'estado', estado, null, count(*)::int from tks group by 2
  union all
  select 'rechazo', reason, null, sum(n)::int from refused group by 2
  union all
  select 'barraRechazo', barra, null, sum(n)::int from refused group by 2
  union all
  select 'barraDeshecho', barra, null, n from undone
`;

/** The offline conflicts' row: how many there are and the newest of them (json, time in ms). */
interface ConflictsRow extends Record<string, unknown> {
  total: number;
  lista: (Omit<ConflictoOffline, 'escaneadoEn'> & { ms: number })[] | null;
}

/**
 * Drinks served offline and stored as conflicts (docs/rules/offline-and-field.md, docs/decisions/036): their count
 * and the newest {@link CONFLICTOS_LIST_LIMIT}, newest first, with holder and ticket type, from
 * the partial index `consumos_conflicto_idx`. An undone drink is gone, and so is its conflict.
 */
const conflictsQuery = (eventoId: number) => sql`
  select
    (select count(*)::int from consumos where evento_id = ${eventoId} and conflicto is not null) as total,
    (select json_agg(json_build_object(
              'id', c.id, 'ms', (extract(epoch from c."timestamp") * 1000)::float8, 'ticketId', c.ticket_id,
              'titular', p.nombre_completo, 'tipoTicket', tt.nombre, 'barra', c.barra, 'reason', c.conflicto)
            order by c."timestamp" desc, c.id desc)
       from (select * from consumos
              where evento_id = ${eventoId} and conflicto is not null
              order by "timestamp" desc, id desc
              limit ${CONFLICTOS_LIST_LIMIT}) c
       join tickets t on t.id = c.ticket_id
       join pedidos p on p.id = t.pedido_id
       join tipos_ticket tt on tt.id = t.ticket_type_id) as lista
`;

/** The statistics' offline conflicts from their query's row. */
export function toConflicts(
  row: ConflictsRow | undefined,
): Pick<EventStats, 'conflictosOffline' | 'conflictos'> {
  return {
    conflictosOffline: row?.total ?? 0,
    conflictos: (row?.lista ?? []).map(({ ms, ...conflict }) => ({
      ...conflict,
      id: Number(conflict.id),
      ticketId: Number(conflict.ticketId),
      escaneadoEn: new Date(Number(ms)).toISOString(),
    })),
  };
}

/** The top-ups' row: drinks added and euros taken (numeric, as text). */
interface TopUpsRow extends Record<string, unknown> {
  bebidas: number;
  importe: string;
}

/** The event's top-ups (docs/rules/festivals.md), from the index `recargas_evento_time_idx`. */
const topUpsQuery = (eventoId: number) => sql`
  select coalesce(sum(bebidas), 0)::int as bebidas, coalesce(sum(importe), 0)::text as importe
  from recargas where evento_id = ${eventoId}
`;

/** The statistics' top-ups from their query's row; `importe` a JSON number (euros). */
export const toTopUps = (row: TopUpsRow | undefined): NonNullable<EventStats['recargas']> => ({
  bebidas: row?.bebidas ?? 0,
  importe: Number(row?.importe ?? 0),
});

/** Larger counts first, then by name. */
const byCount = (a: { n: number; name: string }, b: { n: number; name: string }) =>
  b.n - a.n || a.name.localeCompare(b.name, 'es');

/** The answer of GET /api/stats/{eventoId} from the query's rows. */
export function toEventStats(
  rows: readonly StatsRow[],
): Omit<EventStats, 'conflictosOffline' | 'conflictos'> {
  const of = (kind: StatsRow['kind']) => rows.filter((row) => row.kind === kind);

  const consumosPorHora = of('hora')
    .map((row) => ({ hora: new Date(row.at!).toISOString(), cantidad: row.n }))
    .sort((a, b) => a.hora.localeCompare(b.hora));
  const totalConsumos = consumosPorHora.reduce((sum, hour) => sum + hour.cantidad, 0);

  const horasPico = of('horaLocal')
    .map((row) => ({ n: row.n, name: `${row.label!.padStart(2, '0')}:00` }))
    .sort(byCount)
    .map(({ n, name }) => ({ hora: name, cantidad: n }));

  const bebidasPopulares = of('bebida')
    .map((row) => ({ n: row.n, name: row.label ?? '' }))
    .sort(byCount)
    .map(({ n, name }) => ({ tipoBebida: name, cantidad: n }));

  const estadoTickets: EstadoTickets = { activo: 0, agotado: 0, invalidado: 0, caducado: 0 };
  for (const row of of('estado')) estadoTickets[row.label as keyof EstadoTickets] += row.n;
  const totalAsistentes = Object.values(estadoTickets).reduce((sum, n) => sum + n, 0);

  const rechazos: Record<string, number> = {};
  for (const { n, name } of of('rechazo')
    .map((row) => ({ n: row.n, name: row.label ?? '' }))
    .sort(byCount)) {
    rechazos[name] = n;
  }

  const bars = new Map<string, BarraStats>();
  const bar = (label: string | null) => {
    const barra = label ?? SIN_BARRA;
    let entry = bars.get(barra);
    if (!entry) bars.set(barra, (entry = { barra, consumos: 0, rechazos: 0, deshechos: 0 }));
    return entry;
  };
  for (const row of of('barra')) bar(row.label).consumos += row.n;
  for (const row of of('barraRechazo')) bar(row.label).rechazos += row.n;
  let deshechos = 0;
  for (const row of of('barraDeshecho')) {
    bar(row.label).deshechos += row.n;
    deshechos += row.n;
  }
  const porBarra = [...bars.values()].sort(
    (a, b) => b.consumos - a.consumos || b.rechazos - a.rechazos || a.barra.localeCompare(b.barra, 'es'),
  );

  return {
    totalConsumos,
    totalAsistentes,
    promedioConsumos: averageConsumption(totalConsumos, totalAsistentes),
    horasPico,
    consumosPorHora,
    bebidasPopulares,
    estadoTickets,
    rechazos,
    deshechos,
    porBarra,
  };
}

export function createStatsService(db: Db, events: EventService, timeZone: string) {
  return {
    /** The event's statistics (capability `estadisticas`, docs/rules/team.md: off the team 404, else 403). */
    async forEvent(user: User, eventoId: number, now = new Date()): Promise<EventStats> {
      await events.findFor(user, eventoId, 'estadisticas');
      const [rows, conflicts, topUps, whoServed] = await db.transaction(
        async (tx) => {
          // At festival size the plan's cost nears PostgreSQL's JIT threshold, and compiling (≈50 ms)
          // costs more than it saves on a query this short. PGlite has no JIT: a no-op.
          await tx.execute(sql`set local jit = off`);
          const result = await tx.execute<StatsRow>(statsQuery(eventoId, timeZone, now));
          const conflictRows = await tx.execute<ConflictsRow>(conflictsQuery(eventoId));
          const topUpRows = await tx.execute<TopUpsRow>(topUpsQuery(eventoId));
          const whoServedRows = await tx.execute<WhoServedRow>(whoServedQuery(eventoId));
          return [
            (result as unknown as { rows: StatsRow[] }).rows,
            (conflictRows as unknown as { rows: ConflictsRow[] }).rows[0],
            (topUpRows as unknown as { rows: TopUpsRow[] }).rows[0],
            (whoServedRows as unknown as { rows: WhoServedRow[] }).rows,
          ] as const;
        },
        // Repeatable read: the statements see one snapshot, so the figures agree with each other.
        { accessMode: 'read only', isolationLevel: 'repeatable read' },
      );
      return {
        ...toEventStats(rows),
        ...toConflicts(conflicts),
        recargas: toTopUps(topUps),
        ...toWhoServed(whoServed),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
