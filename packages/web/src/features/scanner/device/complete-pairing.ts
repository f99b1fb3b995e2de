import type { PairedDevice } from '@drinkflow/domain/devices';
import { deviceAllowed } from './device-access';
import { saveDevicePairing } from './device-pairing-store';

/** The scanner of an event: /scanner/{apiKey}. */
export const scannerPath = (apiKey: string) => `/scanner/${encodeURIComponent(apiKey)}`;

/** Keeps the new token of the paired event: its scanner may scan again. */
export function keepPairing(paired: PairedDevice): void {
  saveDevicePairing(paired.apiKey, paired);
  deviceAllowed(paired.apiKey);
}

/** Opens the event's scanner as a new page load (scanner.html), which asks for the bar as usual. */
export function openScanner(apiKey: string): void {
  window.location.assign(scannerPath(apiKey));
}
