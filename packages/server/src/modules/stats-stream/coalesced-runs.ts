/** Where notifications come from: `start` calls `onScan(eventoId)` per notification. */
export interface ScanSource {
  /**
   * Starts listening, once however often it is called. Resolves when the first attempt is over,
   * listening or not: a source that cannot listen yet keeps trying by itself and calls
   * `onReconnect` once it listens, since the streams opened meanwhile missed every notification.
   */
  start(onScan: (eventoId: number) => void, onReconnect: () => void): Promise<void>;
  stop(): Promise<void>;
}

interface EventRuns<S> {
  subscribers: S;
  timer?: NodeJS.Timeout;
  running: boolean;
  /** A scan arrived during a run: run again afterwards. */
  again: boolean;
  lastRun: number;
}

export interface CoalescedRunsOptions<S extends { readonly size: number }> {
  source: ScanSource;
  coalesceMs: number;
  /** A new event's empty subscribers: a set of streams, or a map that groups them. */
  empty(): S;
  /** The work a scan of the event calls for; it handles its own errors. */
  run(subscribers: S, eventoId: number): Promise<void>;
  /** Ends every subscriber of an event (a subscriber's end usually unsubscribes it). */
  endAll(subscribers: S): void;
}

/**
 * What the live hubs (statistics streams, guest pages) share: the source starts with the first
 * subscriber, so a process nobody watches holds no extra connection; per event, at most one run
 * every `coalesceMs` however many scans arrive, and a scan during a run causes one more run after
 * it; after a lost connection every event runs, since its notifications are gone.
 */
export function createCoalescedRuns<S extends { readonly size: number }>(options: CoalescedRunsOptions<S>) {
  const events = new Map<number, EventRuns<S>>();
  let started: Promise<void> | null = null;
  let closed = false;

  async function runOnce(eventoId: number, state: EventRuns<S>) {
    state.timer = undefined;
    if (closed || state.subscribers.size === 0) return;
    state.running = true;
    state.again = false;
    state.lastRun = Date.now();
    try {
      await options.run(state.subscribers, eventoId);
    } finally {
      state.running = false;
      if (state.subscribers.size === 0) events.delete(eventoId);
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
    if (state.timer) return; // already due: this scan joins it
    const wait = Math.max(0, state.lastRun + options.coalesceMs - Date.now());
    state.timer = setTimeout(() => void runOnce(eventoId, state), wait);
  }

  function scheduleAll() {
    for (const eventoId of events.keys()) schedule(eventoId);
  }

  function ensureStarted(): Promise<void> {
    started ??= options.source.start(schedule, scheduleAll).catch((error: unknown) => {
      started = null; // the next subscriber tries again
      throw error;
    });
    return started;
  }

  function endAll() {
    for (const state of events.values()) options.endAll(state.subscribers);
  }

  return {
    get closed() {
      return closed;
    },
    /** Starts the source (once) and gives the event's subscribers, for the caller to add to. */
    async join(eventoId: number): Promise<S> {
      await ensureStarted();
      let state = events.get(eventoId);
      if (!state) {
        state = { subscribers: options.empty(), running: false, again: false, lastRun: 0 };
        events.set(eventoId, state);
      }
      return state.subscribers;
    },
    /** The event's subscribers, if it has any. */
    subscribersOf: (eventoId: number): S | undefined => events.get(eventoId)?.subscribers,
    /** After a subscriber was removed: an event left with none is forgotten (once its run ends). */
    release(eventoId: number) {
      const state = events.get(eventoId);
      if (state && state.subscribers.size === 0 && !state.running) {
        clearTimeout(state.timer);
        events.delete(eventoId);
      }
    },
    /** Runs the event soon (coalesced), as if a scan had happened. */
    schedule,
    /** Every event's subscribers. */
    all: () => [...events.values()].map((state) => state.subscribers),
    endAll,
    async close() {
      closed = true;
      for (const state of events.values()) clearTimeout(state.timer);
      endAll();
      events.clear();
      await started?.catch(() => undefined);
      await options.source.stop();
    },
  };
}
