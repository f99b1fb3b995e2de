// What other modules use of the live statistics: telling them an event had scans.
export { SCANS_CHANNEL } from './hub';
export { createScanNotifier, type ScanNotifier } from './scan-notifier';
