import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ScannerEventRow } from './admission/event-of-key';

/**
 * The version of an event's offline data, for its `ETag` (docs/decisions/051): a digest of the row
 * version (`xmin`) of every row the data is built from — the event (read with its key), its ticket
 * types, its tickets and their orders (the holder). Any change to one writes a new row version: a
 * drink or an undo updates its ticket (trigger 0006), so do a top-up, a new code or a cancelled
 * ticket; a new or deleted ticket or type changes the list. Reading it touches the tickets'
 * and orders' rows only (no drinks, no sealing, no JSON), so an unchanged refresh answers 304
 * without building the data. A change that leaves the data as it was (an order's email sent) only
 * costs one full download.
 */

/** SQL: the digest of the rows of event `eventoId` the offline data is built from. */
export const rowsVersion = (eventoId: number): SQL => sql`md5(
    coalesce((select string_agg(tt.id::text || '.' || tt.xmin::text, ',' order by tt.id)
                from tipos_ticket tt where tt.evento_id = ${eventoId}), '') || '|' ||
    coalesce((select string_agg(t.id::text || '.' || t.xmin::text || '.' || p.xmin::text, ',' order by t.id)
                from tickets t join pedidos p on p.id = t.pedido_id where p.evento_id = ${eventoId}), ''))`;

/**
 * The weak `ETag` of the offline data of `evento` whose rows are at `version`: weak, since two
 * builds of the same data differ in their bytes (another IV, `generadoEn`), not in what they say.
 */
export function offlineEtag(evento: ScannerEventRow, timeZone: string, version: string): string {
  const digest = createHash('sha256')
    .update(`${timeZone}\u0000${evento.version ?? ''}\u0000${version}`)
    .digest('base64url');
  return `W/"${digest}"`;
}

/** Whether an `If-None-Match` header names `etag` (a list of tags, or `*`), weakly compared. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The current `ETag` of the offline data of `evento`, without building it. */
export async function currentOfflineEtag(db: Db, evento: ScannerEventRow, timeZone: string): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(sql`select ${rowsVersion(evento.id)} as version`),
  );
  return offlineEtag(evento, timeZone, row!.version);
}
