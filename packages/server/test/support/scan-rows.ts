import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { consumos, scanLog } from '../../src/db/schema';

export const consumoRows = (db: Db, ticketId: number) =>
  db.select().from(consumos).where(eq(consumos.ticketId, ticketId)).orderBy(asc(consumos.id));

export const consumoRowsOfEvent = (db: Db, eventoId: number) =>
  db.select().from(consumos).where(eq(consumos.eventoId, eventoId)).orderBy(asc(consumos.id));

export const scanLogRows = (db: Db, eventoId: number) =>
  db.select().from(scanLog).where(eq(scanLog.eventoId, eventoId)).orderBy(asc(scanLog.id));
