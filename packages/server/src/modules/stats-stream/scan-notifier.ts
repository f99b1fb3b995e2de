import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SCANS_CHANNEL } from './hub';

/**
 * How long scans of an event gather before one notice tells every server process (the live pages
 * recompute at most every COALESCE_MS anyway, hub.ts).
 */
export const NOTIFY_DELAY_MS = 200;

/**
 * Tells the live statistics that events had scans, after the scans committed and outside their
 * transactions: a NOTIFY inside a scan's transaction takes PostgreSQL's global notify lock at commit,
 * which queued every bar's commits behind one another (docs/decisions/043). One notice per event
 * per NOTIFY_DELAY_MS, whatever the number of scans. A notice lost with a dying process or a
 * database down at that moment only delays the figures until the next scan of the event.
 */
export function createScanNotifier(db: Db, log: FastifyBaseLogger, delayMs = NOTIFY_DELAY_MS) {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();

  async function send(eventoIds: number[]) {
    try {
      await db.execute(
        sql`select pg_notify(${SCANS_CHANNEL}, id::text) from unnest(${`{${eventoIds.join(',')}}`}::int[]) as id`,
      );
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'stats-stream: aviso de escaneos no enviado');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return sending;
    const eventoIds = [...pending];
    pending.clear();
    sending = sending.then(() => send(eventoIds));
    return sending;
  }

  return {
    /** An event had a scan, an undo or a top-up (committed): its live statistics are due. */
    scanned(eventoId: number): void {
      pending.add(eventoId);
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    /** Sends what is pending now (the server is closing). */
    flush,
  };
}

export type ScanNotifier = ReturnType<typeof createScanNotifier>;
