import type { PairedDevice } from '@drinkflow/domain/devices';
import { readStored, writeStored } from '../utils/storage';

/*
 * This device's pairings (docs/rules/devices.md): the token the server gave it for an event, kept
 * per API key in localStorage. Read synchronously on each scanner call (X-Device-Token), so it
 * lives beside the scanner's settings rather than in the offline data's IndexedDB.
 */

/** What the device keeps of a pairing: the token and whom it names, never the pairing code. */
export interface StoredPairing {
  token: string;
  dispositivo: PairedDevice['dispositivo'];
  evento: { id: number; nombre: string };
  emparejadoEn: string;
}

const PAIRINGS_KEY = 'drinkflow-scanner-emparejamientos';

function readPairings(): Record<string, StoredPairing> {
  const raw = readStored(PAIRINGS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, StoredPairing>) : {};
  } catch {
    return {};
  }
}

function writePairings(pairings: Record<string, StoredPairing>): void {
  writeStored(PAIRINGS_KEY, JSON.stringify(pairings));
}

/** Keeps the token of `paired` for the event of `apiKey` (a new pairing replaces the old one). */
export function saveDevicePairing(apiKey: string, paired: PairedDevice): void {
  const pairings = readPairings();
  pairings[apiKey] = {
    token: paired.token,
    dispositivo: paired.dispositivo,
    evento: { id: paired.evento.id, nombre: paired.evento.nombre },
    emparejadoEn: new Date().toISOString(),
  };
  writePairings(pairings);
}

/** The pairing this device holds for `apiKey`, or null. */
export function devicePairingFor(apiKey: string): StoredPairing | null {
  const pairing = readPairings()[apiKey];
  return pairing && typeof pairing.token === 'string' && pairing.token ? pairing : null;
}

/** The token to send as X-Device-Token on `apiKey`'s scanner calls, or null when unpaired. */
export function deviceTokenFor(apiKey: string): string | null {
  return devicePairingFor(apiKey)?.token ?? null;
}

/** Forgets the pairing of `apiKey` (revoked, or the person leaves the event). */
export function forgetDevice(apiKey: string): void {
  const pairings = readPairings();
  if (!(apiKey in pairings)) return;
  delete pairings[apiKey];
  writePairings(pairings);
}
