import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';

let triggerCounter = 0;

/**
 * Makes the database refuse the `atTicket`-th ticket inserted for an order named `pedidoNombre`
 * (a BEFORE INSERT trigger in PL/pgSQL): a fault half-way through a transaction. Returns the undo.
 */
export async function failTicketInsert(db: Db, pedidoNombre: string, atTicket: number) {
  const name = `test_fail_ticket_${process.pid}_${++triggerCounter}`;
  const literal = `'${pedidoNombre.replace(/'/g, "''")}'`;
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT nombre_completo FROM pedidos WHERE id = NEW.pedido_id) = ${literal}
           AND (SELECT count(*) FROM tickets WHERE pedido_id = NEW.pedido_id) >= ${atTicket - 1} THEN
          RAISE EXCEPTION 'fallo provocado por la prueba';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON tickets`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}

/** A 500 with the generic JSON body: a real fault, no details leaked. */
export function expectInternalError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(500);
  expect(res.json()).toEqual({ message: expect.any(String), error: 'internal_error' });
  expect(res.body).not.toMatch(/fallo provocado|trigger|stack/i);
}
