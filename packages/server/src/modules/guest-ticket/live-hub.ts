import type { FastifyBaseLogger } from 'fastify';
import { createCoalescedRuns, type ScanSource } from '../stats-stream';

/** At most one look at an event's open guest pages in this window, however many scans arrive. */
export const GUEST_COALESCE_MS = 300;

/** One open guest page: told when its ticket changed, or ended when the server closes. */
export interface GuestSubscriber {
  changed(): void;
  end(): void;
}

interface TicketState {
  /** What the page was last told about (versions query); null until first read. */
  version: string | null;
  subscribers: Set<GuestSubscriber>;
}

export interface GuestLiveHubOptions {
  source: ScanSource;
  /**
   * Each ticket's version (a string that changes whenever its guest page would): one query for all
   * the given tickets, so a scan costs the same whether 1 or 1,000 pages of its event are open.
   */
  versions(ticketIds: number[]): Promise<Map<number, string>>;
  log: FastifyBaseLogger;
  coalesceMs?: number;
}

/**
 * Fans a process's scan notifications (an event's id) out to the guest pages open on it
 * (docs/decisions/066): per event, at most one versions query every `coalesceMs`, and only the pages
 * whose ticket's version moved are told. A page then asks for its ticket as it always does. The
 * source starts with the first page, so a process with no page open holds no extra connection.
 */
export function createGuestLiveHub(options: GuestLiveHubOptions) {
  // Per event, its tickets with open pages.
  const runs = createCoalescedRuns({
    source: options.source,
    coalesceMs: options.coalesceMs ?? GUEST_COALESCE_MS,
    empty: () => new Map<number, TicketState>(),
    run: check,
    endAll: (tickets) => {
      for (const ticket of tickets.values())
        for (const subscriber of [...ticket.subscribers]) subscriber.end();
    },
  });

  async function check(tickets: Map<number, TicketState>) {
    try {
      const now = await options.versions([...tickets.keys()]);
      if (runs.closed) return;
      for (const [ticketId, ticket] of tickets) {
        // A ticket gone (its order deleted) has no version: its pages hear it and get a 404.
        const version = now.get(ticketId) ?? 'gone';
        if (ticket.version === version) continue;
        ticket.version = version;
        for (const subscriber of ticket.subscribers) subscriber.changed();
      }
    } catch (error) {
      options.log.error({ err: error }, 'guest-stream: no se pudieron comprobar los tickets');
    }
  }

  return {
    /**
     * Adds a page of `ticketId` whose answer had `version` (read after this subscribes, so a scan
     * committed meanwhile is either in it or announced). Returns the function that removes it.
     */
    async subscribe(
      eventoId: number,
      ticketId: number,
      subscriber: GuestSubscriber,
      version: () => Promise<string | null>,
    ): Promise<() => void> {
      if (runs.closed) throw new Error('guest hub closed');
      const tickets = await runs.join(eventoId);
      let ticket = tickets.get(ticketId);
      if (!ticket) {
        ticket = { version: null, subscribers: new Set() };
        tickets.set(ticketId, ticket);
      }
      ticket.subscribers.add(subscriber);
      const unsubscribe = () => {
        const current = runs.subscribersOf(eventoId);
        const entry = current?.get(ticketId);
        if (!current || !entry) return;
        entry.subscribers.delete(subscriber);
        if (entry.subscribers.size === 0) current.delete(ticketId);
        runs.release(eventoId);
      };
      try {
        const read = await version();
        // A check that ran meanwhile already holds a version at least as new.
        if (ticket.version === null) ticket.version = read ?? 'gone';
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    /** Open pages on this process (tests, the benchmark's figure). */
    size: () =>
      runs
        .all()
        .reduce((sum, tickets) => sum + [...tickets.values()].reduce((n, t) => n + t.subscribers.size, 0), 0),
    endAll: runs.endAll,
    close: runs.close,
  };
}

export type GuestLiveHub = ReturnType<typeof createGuestLiveHub>;
