import { noteDeviceState } from '../device/device-report';
import { isOnline, onReachabilityChange } from './connectivity';
import type { FailedScan } from './offline-db';
import { refreshOfflineData, storedOfflineData } from './offline-data-store';
import { onOfflineChange } from './offline-events';
import { failedScans, queuedScans } from './scan-queue';
import { syncQueue } from './sync-queue';

/**
 * Background work (reading the device's store, refreshing, sending) never surfaces as an unhandled
 * rejection: a failed round leaves the status as it was, and the next round tries again.
 */
const quietly = (work: Promise<unknown>) => {
  work.catch(() => undefined);
};

/**
 * What keeps a scanner ready for the network to fall (docs/rules/offline-and-field.md), per API key, while its page
 * is open: the offline data downloaded at once and refreshed every minute, when the network comes
 * back and when the page is shown again; the queue sent at once, when the network or the server
 * comes back, and retried with a growing pause (or the server's Retry-After) while it cannot be.
 * Nothing here blocks a scan: every request runs beside the bartender's.
 */

export interface OfflineStatusSnapshot {
  /** The device has a link and the server's last answer came. */
  online: boolean;
  /** When the stored offline data was asked for, in this device's clock (ms); null without data. */
  dataAt: number | null;
  /** Drinks served offline that wait to be sent. */
  pending: number;
  /** Queued drinks the server refused for good. */
  failed: FailedScan[];
}

export const REFRESH_MS = 60_000;
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 60_000;

interface Runner {
  start(): () => void;
  subscribe(listener: () => void): () => void;
  snapshot(): OfflineStatusSnapshot;
  /** A sending round now (unless one runs). */
  sync(): Promise<void>;
}

function createRunner(apiKey: string): Runner {
  let snapshot: OfflineStatusSnapshot = { online: isOnline(), dataAt: null, pending: 0, failed: [] };
  const listeners = new Set<() => void>();
  let users = 0;
  let stopAll: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = FIRST_RETRY_MS;
  let syncing = false;
  let refreshing = false;

  const update = (patch: Partial<OfflineStatusSnapshot>) => {
    snapshot = { ...snapshot, ...patch, online: isOnline() };
    listeners.forEach((listener) => listener());
  };

  const scheduleSync = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => quietly(sync()), ms);
  };

  async function readStore() {
    const [stored, queue, failed] = await Promise.all([
      storedOfflineData(apiKey),
      queuedScans(),
      failedScans(),
    ]);
    update({ dataAt: stored?.pedidoEn ?? null, pending: queue.length, failed });
    noteDeviceState(apiKey, {
      pending: queue.filter((entry) => entry.apiKey === apiKey).length,
      offlineDataOf: stored?.data.generadoEn ?? null,
    });
    // Something waits and nothing is planned: try again later (another tab may have stopped).
    if (users > 0 && queue.length > 0 && retryTimer === undefined && !syncing) scheduleSync(retryMs);
  }

  async function refresh() {
    if (refreshing) return;
    refreshing = true;
    try {
      await refreshOfflineData(apiKey);
    } finally {
      refreshing = false;
      update({});
    }
  }

  async function sync() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (syncing) return;
    syncing = true;
    let outcome;
    try {
      outcome = await syncQueue();
    } finally {
      syncing = false;
    }
    if (users === 0) return;
    if (outcome.kind === 'stopped') {
      scheduleSync(outcome.retryAfterMs ?? retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      return;
    }
    retryMs = FIRST_RETRY_MS;
    // The server has this device's drinks now: data asked for after them holds them.
    if (outcome.kind === 'done' && outcome.sent > 0) quietly(refresh());
    quietly(readStore());
  }

  const wake = () => {
    quietly(refresh());
    quietly(sync());
  };

  function listen(): () => void {
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const onOffline = () => update({});
    window.addEventListener('online', wake);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    const stopStore = onOfflineChange(() => quietly(readStore()));
    const stopReach = onReachabilityChange((reachable) => {
      update({});
      if (reachable && snapshot.pending > 0) quietly(sync());
    });
    const ticker = setInterval(() => {
      if (navigator.onLine !== false) quietly(refresh());
    }, REFRESH_MS);
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      stopStore();
      stopReach();
      clearInterval(ticker);
      clearTimeout(retryTimer);
      retryTimer = undefined;
    };
  }

  return {
    start() {
      users += 1;
      if (users === 1) {
        stopAll = listen();
        quietly(readStore());
        wake();
      }
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        users -= 1;
        if (users === 0) {
          stopAll?.();
          stopAll = null;
        }
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,
    sync,
  };
}

const runners = new Map<string, Runner>();

/** The runner of `apiKey` (one per page and key). */
export function offlineRunner(apiKey: string): Runner {
  let runner = runners.get(apiKey);
  if (!runner) {
    runner = createRunner(apiKey);
    runners.set(apiKey, runner);
  }
  return runner;
}
