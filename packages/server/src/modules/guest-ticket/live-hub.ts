import type { FastifyBaseLogger } from 'fastify';
import type { ScanSource } from '../stats-stream';

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

interface EventState {
  tickets: Map<number, TicketState>;
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  lastRun: number;
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
  const coalesceMs = options.coalesceMs ?? GUEST_COALESCE_MS;
  const events = new Map<number, EventState>();
  let started: Promise<void> | null = null;
  let closed = false;

  async function check(eventoId: number, state: EventState) {
    state.timer = undefined;
    if (closed || state.tickets.size === 0) return;
    state.running = true;
    state.again = false;
    state.lastRun = Date.now();
    try {
      const now = await options.versions([...state.tickets.keys()]);
      if (closed) return;
      for (const [ticketId, ticket] of state.tickets) {
        // A ticket gone (its order deleted) has no version: its pages hear it and get a 404.
        const version = now.get(ticketId) ?? 'gone';
        if (ticket.version === version) continue;
        ticket.version = version;
        for (const subscriber of ticket.subscribers) subscriber.changed();
      }
    } catch (error) {
      options.log.error({ err: error }, 'guest-stream: no se pudieron comprobar los tickets');
    } finally {
      state.running = false;
      if (state.tickets.size === 0) events.delete(eventoId);
      else if (state.again) schedule(eventoId);
    }
  }

  function schedule(eventoId: number) {
    const state = events.get(eventoId);
    if (!state || closed) return;
    if (state.running) {
      state.again = true;
      return;
    }
    if (state.timer) return;
    const wait = Math.max(0, state.lastRun + coalesceMs - Date.now());
    state.timer = setTimeout(() => void check(eventoId, state), wait);
  }

  function checkAll() {
    // Notifications sent while nobody listened are lost: look at every open page's ticket.
    for (const eventoId of events.keys()) schedule(eventoId);
  }

  function ensureStarted(): Promise<void> {
    started ??= options.source.start(schedule, checkAll).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
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
      if (closed) throw new Error('guest hub closed');
      await ensureStarted();
      let state = events.get(eventoId);
      if (!state) {
        state = { tickets: new Map(), running: false, again: false, lastRun: 0 };
        events.set(eventoId, state);
      }
      let ticket = state.tickets.get(ticketId);
      if (!ticket) {
        ticket = { version: null, subscribers: new Set() };
        state.tickets.set(ticketId, ticket);
      }
      ticket.subscribers.add(subscriber);
      const unsubscribe = () => {
        const current = events.get(eventoId);
        const entry = current?.tickets.get(ticketId);
        if (!current || !entry) return;
        entry.subscribers.delete(subscriber);
        if (entry.subscribers.size === 0) current.tickets.delete(ticketId);
        if (current.tickets.size === 0 && !current.running) {
          clearTimeout(current.timer);
          events.delete(eventoId);
        }
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
      [...events.values()].reduce(
        (sum, state) => sum + [...state.tickets.values()].reduce((n, t) => n + t.subscribers.size, 0),
        0,
      ),
    endAll() {
      for (const state of events.values())
        for (const ticket of state.tickets.values())
          for (const subscriber of [...ticket.subscribers]) subscriber.end();
    },
    async close() {
      closed = true;
      for (const state of events.values()) clearTimeout(state.timer);
      this.endAll();
      events.clear();
      await started?.catch(() => undefined);
      await options.source.stop();
    },
  };
}

export type GuestLiveHub = ReturnType<typeof createGuestLiveHub>;
