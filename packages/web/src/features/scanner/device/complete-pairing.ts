import type { PairedDevice } from '@drinkflow/domain/devices';
import { deviceAllowed } from './device-access';
import { saveDevicePairing } from './device-pairing-store';

/** The scanner of an event: /scanner/{apiKey}. */
export const scannerPath = (apiKey: string) => `/scanner/${encodeURIComponent(apiKey)}`;

/** Keeps the new token and opens the event's scanner, which asks for the bar as usual. */
export function completePairing(paired: PairedDevice): void {
  saveDevicePairing(paired.apiKey, paired);
  deviceAllowed(paired.apiKey);
  window.location.assign(scannerPath(paired.apiKey));
}
