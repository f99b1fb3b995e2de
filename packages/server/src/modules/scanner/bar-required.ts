import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tiposTicket } from '../../db/schema';

/**
 * Whether any ticket type of the event names bars (docs/rules/festivals.md): then a scan without a
 * bar refuses those tickets, so the scanner asks for its bar before the first scan, with no way to
 * skip it (docs/decisions/065). Read when a scanner opens, not on the scan path.
 */
export async function barRequired(db: Db, eventoId: number): Promise<boolean> {
  const [named] = await db
    .select({ id: tiposTicket.id })
    .from(tiposTicket)
    .where(and(eq(tiposTicket.eventoId, eventoId), isNotNull(tiposTicket.barrasPermitidas)))
    .limit(1);
  return named !== undefined;
}
