import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './export-kind';

/**
 * The holder and ticket type of the tickets a batch mentions, looked up once per download:
 * a festival has tens of thousands of tickets for a million drinks, and joining three tables for
 * every drink cost the database three times the rest of the batch.
 */
export function ticketNames(db: Db) {
  const known = new Map<number, { titular: string; tipo: string }>();
  return {
    async load(ids: Iterable<number | null>): Promise<void> {
      const missing = [...new Set(ids)].filter((id): id is number => id !== null && !known.has(id));
      if (missing.length === 0) return;
      const found = await rowsOf<{ id: number; titular: string; tipo: string }>(
        db,
        sql`select t.id, p.nombre_completo as titular, tt.nombre as tipo
            from tickets t
            join pedidos p on p.id = t.pedido_id
            join tipos_ticket tt on tt.id = t.ticket_type_id
            where t.id = any(${`{${missing.join(',')}}`}::int[])`,
      );
      for (const { id, titular, tipo } of found) known.set(id, { titular, tipo });
    },
    get: (id: number | null) => (id === null ? undefined : known.get(id)),
  };
}
