import { useEffect, useSyncExternalStore } from 'react';
import { offlineRunner, type OfflineStatusSnapshot } from './offline-runner';
import { clearFailedScans } from './scan-queue';

export type { OfflineStatusSnapshot };

/**
 * Keeps the scanner of `apiKey` ready to work without network while the calling component is
 * mounted (docs/rules/offline-and-field.md): downloads and refreshes the event's offline data, sends the drinks served
 * offline when it can. Returns what the bartender should see: online or not, the data's age, how
 * many drinks wait to be sent and those the server refused for good.
 */
export function useOfflineScanner(apiKey: string) {
  const runner = offlineRunner(apiKey);
  useEffect(() => runner.start(), [runner]);
  const status = useSyncExternalStore(runner.subscribe, runner.snapshot);
  return {
    status,
    /** The bartender has seen the refused drinks. */
    clearFailed: () => void clearFailedScans(),
    /** Try sending now. */
    syncNow: () => void runner.sync(),
  };
}
