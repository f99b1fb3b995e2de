import type { User } from '@drinkflow/domain/auth';
import { HttpError } from '../../http/errors';

/** What the watch asks the database, once per session and tick. */
export interface AccessChecks {
  /** The session's reader as they are now, or null when they may no longer stream (signed out, disabled, role). */
  reader(token: string): Promise<User | null>;
  /** Resolves when `user` may read the event; throws 404/403 when they may not. */
  readable(user: User, eventoId: number): Promise<unknown>;
}

/** One stream's wish to hear about its reader: the reader now, or null once they lost access. */
type Listener = (current: User | null) => void;

interface Watched {
  token: string;
  streams: Map<Listener, number>;
  timer: NodeJS.Timeout;
  checking: boolean;
}

/**
 * Re-checks the access of open streams every `intervalMs`, once per SESSION rather than once per
 * stream: the session is read once, then each distinct event of its streams once (a session's five
 * tabs on one event cost two queries a tick, not ten). A database that does not answer decides
 * nothing (the next tick will).
 */
export function createAccessWatch(checks: AccessChecks, intervalMs: number) {
  const sessions = new Map<string, Watched>();

  async function check(watched: Watched) {
    if (watched.checking || watched.streams.size === 0) return;
    watched.checking = true;
    try {
      const tell = (eventoId: number | null, current: User | null) => {
        for (const [listener, of] of [...watched.streams])
          if (eventoId === null || of === eventoId) listener(current);
      };
      let current: User | null;
      try {
        current = await checks.reader(watched.token);
      } catch {
        return;
      }
      if (!current) return tell(null, null);
      const reader = current;
      await Promise.all(
        [...new Set(watched.streams.values())].map(async (eventoId) => {
          try {
            await checks.readable(reader, eventoId);
            tell(eventoId, reader);
          } catch (error) {
            const lost = error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403);
            if (lost) tell(eventoId, null);
          }
        }),
      );
    } finally {
      watched.checking = false;
    }
  }

  return {
    /**
     * Checks the stream's access with the other streams of its session (`session`: the token's
     * hash, `token` to read it); the returned function stops.
     */
    watch(session: string, token: string, eventoId: number, listener: Listener): () => void {
      let watched = sessions.get(session);
      if (!watched) {
        const created: Watched = { token, streams: new Map(), checking: false, timer: undefined! };
        created.timer = setInterval(() => void check(created), intervalMs);
        sessions.set(session, (watched = created));
      }
      watched.streams.set(listener, eventoId);
      const mine = watched;
      return () => {
        mine.streams.delete(listener);
        if (mine.streams.size === 0 && sessions.get(session) === mine) {
          clearInterval(mine.timer);
          sessions.delete(session);
        }
      };
    },
    /** Sessions being watched (tests). */
    size: () => sessions.size,
  };
}

export type AccessWatch = ReturnType<typeof createAccessWatch>;
