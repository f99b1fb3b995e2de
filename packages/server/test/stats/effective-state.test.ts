import { effectiveTicketState, type TicketEstadoEfectivo } from '@drinkflow/domain/scan-rules';
import type { Modo } from '@drinkflow/domain/ticket-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { effectiveStateSql } from '../../src/modules/stats/effective-state';
import { openTestDatabase } from '../support/database';

// Issue 18 part 7: the effective ticket state has one source, the domain's `effectiveTicketState`
// (docs/rules/scan-rules.md); the statistics count it in SQL, so that SQL must answer as the domain function
// does for every combination of what it reads.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const now = new Date('2030-07-04T22:00:00.000Z');
const estados = ['activo', 'invalidado'] as const;
const modos: Modo[] = ['por_cantidad', 'temporal', 'intervalos_controlados'];
const limits = [null, 0, 1, 3];
const used = [0, 1, 2, 3, 4];
// Drinks added by top-ups (docs/rules/festivals.md).
const recargas = [0, 2];
// Long expired, a millisecond before now, exactly now (still valid: "after validoHasta" is strict),
// a millisecond after, and far ahead.
const ends = [-3_600_000, -1, 0, 1, 86_400_000].map((offset) => new Date(now.getTime() + offset));

interface Case {
  id: number;
  estado: (typeof estados)[number];
  modo: Modo;
  max_drinks: number | null;
  used: number;
  recargas: number;
  valido_hasta: string;
}

const cases: Case[] = [];
for (const estado of estados)
  for (const modo of modos)
    for (const max of limits)
      for (const n of used)
        for (const added of recargas)
          for (const end of ends) {
            cases.push({
              id: cases.length,
              estado,
              modo,
              max_drinks: max,
              used: n,
              recargas: added,
              valido_hasta: end.toISOString(),
            });
          }

const expected = (c: Case): TicketEstadoEfectivo =>
  effectiveTicketState(
    { estado: c.estado },
    { modo: c.modo, maxDrinks: c.max_drinks, validoHasta: new Date(c.valido_hasta) },
    c.used,
    now,
    c.recargas,
  );

describe('effectiveStateSql (the statistics’ estadoTickets)', () => {
  it(`answers as the domain's effectiveTicketState in all ${2 * 3 * 4 * 5 * 2 * 5} combinations of state, mode, limit, drinks, top-ups and validity`, async () => {
    const result = await database.db.execute(sql`
      select v.id, ${effectiveStateSql(
        {
          estado: sql`v.estado`,
          validoHasta: sql`v.valido_hasta`,
          modo: sql`v.modo`,
          maxDrinks: sql`v.max_drinks`,
          used: sql`v.used`,
          recargas: sql`v.recargas`,
        },
        now,
      )} as estado
      from json_to_recordset(${JSON.stringify(cases)}::json)
        as v(id int, estado text, modo text, max_drinks int, used int, recargas int, valido_hasta timestamptz)
      order by v.id`);
    const rows = (result as unknown as { rows: { id: number; estado: string }[] }).rows;

    expect(rows).toHaveLength(cases.length);
    const mismatches = rows
      .filter((row) => row.estado !== expected(cases[row.id]!))
      .map((row) => ({ ...cases[row.id], sql: row.estado, domain: expected(cases[row.id]!) }));
    expect(mismatches).toEqual([]);
    // Every state occurs, so no branch of either side goes untested.
    expect(new Set(rows.map((row) => row.estado))).toEqual(
      new Set(['activo', 'agotado', 'caducado', 'invalidado']),
    );
  });
});
