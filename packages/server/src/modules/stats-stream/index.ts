// What other modules use of the live statistics: telling them an event had scans, and listening
// to scans the way the statistics streams do (the guest pages' hub).
export { SCANS_CHANNEL, scanSourceFor } from './hub';
export { createCoalescedRuns, type ScanSource } from './coalesced-runs';
export type { ScanNotifier } from './scan-notifier';
