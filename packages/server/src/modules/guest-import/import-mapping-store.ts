import {
  importMessages,
  normaliseHeader,
  type ImportMapping,
  type ImportMappingBody,
} from '@drinkflow/domain/guest-import';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importacionMapeos, tiposTicket } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** Entries with their keys as the import compares them (no case, accents or extra spaces); the last of equal keys wins. */
const normalisedKeys = <T>(entries: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(entries).map(([key, value]) => [normaliseHeader(key), value]));

/** How one event reads its guest lists: remembered columns and ticket types (docs/decisions/068). */
export async function storedMapping(executor: Db | Tx, eventoId: number): Promise<ImportMapping> {
  const [row] = await executor
    .select({ columnas: importacionMapeos.columnas, tipos: importacionMapeos.tipos })
    .from(importacionMapeos)
    .where(eq(importacionMapeos.eventoId, eventoId));
  return { columnas: row?.columnas ?? {}, tipos: row?.tipos ?? {} };
}

/** 400 naming each `tipos.<texto>` whose ticket type is not one of the event's. */
async function requireTypesOfEvent(tx: Tx, eventoId: number, tipos: Record<string, number | null>) {
  const ids = [...new Set(Object.values(tipos).filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: tiposTicket.id })
    .from(tiposTicket)
    .where(and(eq(tiposTicket.eventoId, eventoId), inArray(tiposTicket.id, ids)));
  const ofEvent = new Set(found.map(({ id }) => id));
  const wrong = Object.entries(tipos).filter(([, id]) => id !== null && !ofEvent.has(id));
  if (wrong.length > 0) {
    throw badRequest(
      importMessages.typeNotOfEvent,
      wrong.map(([texto]) => ({ field: `tipos.${texto}`, message: importMessages.typeNotOfEvent })),
    );
  }
}

/**
 * Stores the given entries over the event's remembered ones (same normalised key: replaced; the
 * rest stay) and answers the merged mapping. Rows of other events never change.
 */
export async function saveMapping(tx: Tx, eventoId: number, body: ImportMappingBody): Promise<ImportMapping> {
  const columnas = normalisedKeys(body.columnas ?? {});
  const tipos = normalisedKeys(body.tipos ?? {});
  await requireTypesOfEvent(tx, eventoId, body.tipos ?? {});
  const [row] = await tx
    .insert(importacionMapeos)
    .values({ eventoId, columnas, tipos })
    .onConflictDoUpdate({
      target: importacionMapeos.eventoId,
      set: {
        columnas: sql`${importacionMapeos.columnas} || excluded.columnas`,
        tipos: sql`${importacionMapeos.tipos} || excluded.tipos`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ columnas: importacionMapeos.columnas, tipos: importacionMapeos.tipos });
  return row!;
}
