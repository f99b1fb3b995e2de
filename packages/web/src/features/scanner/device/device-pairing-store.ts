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

/**
 * Keeps the token of `paired` for the event of `apiKey`: a new pairing replaces the old one and
 * lifts an earlier revocation.
 */
export function saveDevicePairing(apiKey: string, paired: PairedDevice): void {
  const pairings = readPairings();
  pairings[apiKey] = {
    token: paired.token,
    dispositivo: paired.dispositivo,
    evento: { id: paired.evento.id, nombre: paired.evento.nombre },
    emparejadoEn: new Date().toISOString(),
  };
  writePairings(pairings);
  liftRevocation(apiKey);
}

function storedPairing(apiKey: string): StoredPairing | null {
  const pairing = readPairings()[apiKey];
  return pairing && typeof pairing.token === 'string' && pairing.token ? pairing : null;
}

/** The pairing this device holds for `apiKey`, or null (also once the organizer revoked it). */
export function devicePairingFor(apiKey: string): StoredPairing | null {
  return isDeviceRevoked(apiKey) ? null : storedPairing(apiKey);
}

/** The token of `apiKey`'s pairing, or null when unpaired or revoked. */
export function deviceTokenFor(apiKey: string): string | null {
  return devicePairingFor(apiKey)?.token ?? null;
}

/**
 * The token sent as X-Device-Token on `apiKey`'s scanner calls: a revoked device still sends it
 * until its queued offline drinks are uploaded (the server takes those served before the revocation).
 */
export function tokenToSend(apiKey: string): string | null {
  return storedPairing(apiKey)?.token ?? null;
}

/** Forgets the pairing of `apiKey` (its queue uploaded after a revocation, or the person leaves). */
export function forgetDevice(apiKey: string): void {
  const pairings = readPairings();
  if (!(apiKey in pairings)) return;
  delete pairings[apiKey];
  writePairings(pairings);
}

/*
 * A revoked device remembers it, token or not: without the token the server would take it for a
 * plain link scanner on an event that allows those, and the scanner must stop (docs/rules/devices.md).
 * A new pairing for that event lifts it.
 */
const REVOKED_KEY = 'drinkflow-scanner-revocados';

function readRevoked(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readStored(REVOKED_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The server answered device_revoked for `apiKey`: this device scans no more for that event. */
export function markDeviceRevoked(apiKey: string): void {
  const revoked = readRevoked();
  if (revoked[apiKey]) return;
  revoked[apiKey] = new Date().toISOString();
  writeStored(REVOKED_KEY, JSON.stringify(revoked));
}

export function isDeviceRevoked(apiKey: string): boolean {
  return !!readRevoked()[apiKey];
}

function liftRevocation(apiKey: string): void {
  const revoked = readRevoked();
  if (!revoked[apiKey]) return;
  delete revoked[apiKey];
  writeStored(REVOKED_KEY, JSON.stringify(revoked));
}
