import type { PairedDevice } from '@drinkflow/domain/devices';
import { api } from '@/lib/api';
import { deviceAllowed } from './device-access';
import { deviceTokenFor, isDeviceRevoked, saveDevicePairing } from './device-pairing-store';

/** The longest device name the server takes. */
const NAME_MAX = 60;

/** 'Escáner de Ana': how the signed-in person's own scanner shows on the device board. */
export const ownDeviceName = (nombre: string) =>
  `Escáner de ${nombre.trim() || 'organizador'}`.slice(0, NAME_MAX);

/** One request per event and page, even when React runs an effect twice. */
const inFlight = new Map<string, Promise<boolean>>();

/**
 * POST /api/eventos/{id}/dispositivos/propio (docs/rules/devices.md): the signed-in team member's
 * scanner pairs by itself, so its drinks are recorded with their device and their name. Keeps the
 * token and resolves true; a failure resolves false and leaves the scanner unpaired (the server
 * then decides, as for a link).
 */
export function pairOwnDevice(eventoId: number, apiKey: string, nombre: string): Promise<boolean> {
  const running = inFlight.get(apiKey);
  if (running) return running;
  const pairing = api
    .post<PairedDevice>(`/eventos/${eventoId}/dispositivos/propio`, { nombre: ownDeviceName(nombre) })
    .then((paired) => {
      saveDevicePairing(apiKey, paired);
      deviceAllowed(apiKey);
      return true;
    })
    .catch(() => false)
    .finally(() => inFlight.delete(apiKey));
  inFlight.set(apiKey, pairing);
  return pairing;
}

/**
 * Whether the own scanner of `apiKey` must pair before scanning: it holds no token, and the
 * organizer did not revoke it (a revoked one pairs again only when the person asks).
 */
export const ownDeviceNeedsPairing = (apiKey: string) => !deviceTokenFor(apiKey) && !isDeviceRevoked(apiKey);
