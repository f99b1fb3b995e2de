import { forgetOfflineData } from '../offline/offline-data-store';
import { queuedScans } from '../offline/scan-queue';
import { syncQueue } from '../offline/sync-queue';
import { forgetDevice, isDeviceRevoked, tokenToSend } from './device-pairing-store';

/**
 * A revoked device's last duties for an event (docs/rules/devices.md): its offline data goes at
 * once (a lost phone must not keep the tickets' hashes), then the drinks it served offline are
 * sent with its old token (the server takes those served before the revocation and refuses the
 * rest for good) and only then is the token forgotten. Returns true when that is done; false
 * while drinks still wait (no network, another tab sending): call it again later. A new pairing
 * meanwhile (the person authorized the device again) is left alone.
 */
export async function retireRevokedDevice(apiKey: string): Promise<boolean> {
  const revokedToken = tokenToSend(apiKey);
  const stillRevoked = () => isDeviceRevoked(apiKey) && tokenToSend(apiKey) === revokedToken;
  await forgetOfflineData(apiKey);
  await syncQueue();
  if (!stillRevoked()) return true;
  // A drink the server took is kept as recent (with its ticket's hash): that goes too.
  await forgetOfflineData(apiKey);
  const waiting = (await queuedScans()).some((entry) => entry.apiKey === apiKey);
  if (waiting) return false;
  if (stillRevoked()) forgetDevice(apiKey);
  return true;
}
