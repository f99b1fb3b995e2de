// What other modules use of the live statistics: telling them an event had scans.
export { SCANS_CHANNEL, scanSourceFor, type ScanSource } from './hub';
export type { ScanNotifier } from './scan-notifier';
