import type { DispositivoStats, EventStats, PersonaStats } from '@drinkflow/domain/stats';
import { sql } from 'drizzle-orm';

/** One row of the who-served-it query: a device or a person with its counts. */
export interface WhoServedRow extends Record<string, unknown> {
  kind: 'dispositivo' | 'persona';
  id: number;
  nombre: string;
  barra: string | null;
  consumos: number;
  rechazos: number;
  max_por_minuto: number;
}

/**
 * Drinks and refusals per device and per person (docs/decisions/061), in the statistics' snapshot:
 * - `served`: the event's drinks by device, person (0 = none) and calendar minute, from the counters
 *   the `consumos_count` trigger keeps in `consumo_dispositivo_counters` (an undone drink is taken
 *   away there). Drinks without a device are older than devices and are not counted.
 * - `refused`: refused scan attempts (`accion = 'consumo'`, not allowed) by device and person, from
 *   the partial index `scan_log_refused_device_idx` alone; undo rows are not refusals.
 * - both keep only rows whose device is one of the event's (`here`), so another event's device
 *   never names a row, for the devices and for the people alike.
 * - a device's `max_por_minuto` is its busiest minute: minutes are summed over the device's people
 *   first, so a device handed over within a minute still counts that minute once.
 * People are joined with `users` (name and surname).
 */
export const whoServedQuery = (eventoId: number) => sql`
  with here as (
    select id, nombre, barra from dispositivos where evento_id = ${eventoId}
  ), served as (
    select c.dispositivo_id, nullif(c.usuario_id, 0) as usuario_id, c.minuto, c.consumos as n
    from consumo_dispositivo_counters c
    where c.evento_id = ${eventoId} and c.consumos <> 0
  ), refused as (
    select s.dispositivo_id, s.usuario_id, count(*)::int as n
    from scan_log s
    where s.evento_id = ${eventoId} and s.accion = 'consumo' and not s.allowed and s.dispositivo_id is not null
    group by 1, 2
  ), served_here as (
    select served.* from served join here on here.id = served.dispositivo_id
  ), refused_here as (
    select refused.* from refused join here on here.id = refused.dispositivo_id
  ), device_minutes as (
    select dispositivo_id, sum(n)::int as n from served_here group by dispositivo_id, minuto
  ), device_served as (
    select dispositivo_id, sum(n)::int as consumos, max(n)::int as max_por_minuto
    from device_minutes group by 1
  ), device_refused as (
    select dispositivo_id, sum(n)::int as n from refused_here group by 1
  ), person_counts as (
    select usuario_id, sum(n)::int as consumos, 0 as rechazos from served_here
      where usuario_id is not null group by 1
    union all
    select usuario_id, 0, sum(n)::int from refused_here where usuario_id is not null group by 1
  )
  select 'dispositivo' as kind, d.id, d.nombre, d.barra,
         coalesce(s.consumos, 0) as consumos, coalesce(r.n, 0) as rechazos,
         coalesce(s.max_por_minuto, 0) as max_por_minuto
    from here d
    left join device_served s on s.dispositivo_id = d.id
    left join device_refused r on r.dispositivo_id = d.id
    where s.dispositivo_id is not null or r.dispositivo_id is not null
  union all
  select 'persona', u.id, concat_ws(' ', u.nombre, nullif(u.apellido, '')), null,
         sum(p.consumos)::int, sum(p.rechazos)::int, 0
    from person_counts p
    join users u on u.id = p.usuario_id
    group by u.id, u.nombre, u.apellido
`;

/** Larger counts first (drinks, then refusals), then by name, then by id (names may repeat). */
const busiestFirst = <T extends { consumos: number; rechazos: number; nombre: string }>(
  a: T & { id: number },
  b: T & { id: number },
) =>
  b.consumos - a.consumos || b.rechazos - a.rechazos || a.nombre.localeCompare(b.nombre, 'es') || a.id - b.id;

/** The statistics' `porDispositivo` and `porPersona` from the query's rows. */
export function toWhoServed(
  rows: readonly WhoServedRow[],
): Pick<EventStats, 'porDispositivo' | 'porPersona'> {
  const of = (kind: WhoServedRow['kind']) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ ...row, id: Number(row.id) }))
      .sort(busiestFirst);
  const porDispositivo: DispositivoStats[] = of('dispositivo').map((row) => ({
    dispositivoId: row.id,
    nombre: row.nombre,
    barra: row.barra,
    consumos: row.consumos,
    rechazos: row.rechazos,
    maxPorMinuto: row.max_por_minuto,
  }));
  const porPersona: PersonaStats[] = of('persona').map((row) => ({
    usuarioId: row.id,
    nombre: row.nombre,
    consumos: row.consumos,
    rechazos: row.rechazos,
  }));
  return { porDispositivo, porPersona };
}
