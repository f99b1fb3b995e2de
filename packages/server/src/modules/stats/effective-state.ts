import { sql, type SQL } from 'drizzle-orm';

/** The SQL expressions of what `effectiveTicketState` reads (columns, or values in a test). */
export interface EffectiveStateColumns {
  /** Stored state: 'activo' or 'invalidado'. */
  estado: SQL;
  validoHasta: SQL;
  modo: SQL;
  maxDrinks: SQL;
  /** Drinks recorded (`tickets.consumos_usados`). */
  used: SQL;
  /** Drinks its top-ups added (`tickets.recargas_bebidas`, docs/rules/festivals.md); absent: none. */
  recargas?: SQL;
}

/**
 * The effective ticket state in SQL, for counting every ticket of an event in the database:
 * invalidado > caducado > agotado > activo. The domain's `effectiveTicketState` (scan-rules.ts) is the rule;
 * this is its translation, checked against it for every combination of its inputs
 * (test/stats/effective-state.test.ts). Change both together.
 */
export const effectiveStateSql = (c: EffectiveStateColumns, now: Date): SQL => sql`case
    when ${c.estado} = 'invalidado' then 'invalidado'
    when ${now.toISOString()}::timestamptz > ${c.validoHasta} then 'caducado'
    when ${c.modo} <> 'temporal' and ${c.maxDrinks} is not null and ${c.used} >= ${c.maxDrinks} + ${c.recargas ?? sql`0`} then 'agotado'
    else 'activo'
  end`;

/** `effectiveStateSql` of a ticket `t` joined to its type `tt`, as the statistics and exports read it. */
export const ticketEffectiveStateSql = (now: Date): SQL =>
  effectiveStateSql(
    {
      estado: sql`t.estado`,
      validoHasta: sql`tt.valido_hasta`,
      modo: sql`tt.modo`,
      maxDrinks: sql`tt.max_drinks`,
      used: sql`t.consumos_usados`,
      recargas: sql`t.recargas_bebidas`,
    },
    now,
  );
