import { deviceErrors } from '@drinkflow/domain/device-wire';
import { useSyncExternalStore } from 'react';
import { forgetDevice, isDeviceRevoked, markDeviceRevoked, tokenToSend } from './device-pairing-store';

/*
 * Whether the server lets this device scan for an event (docs/rules/devices.md): a scanner call's
 * 401 `device_required` or `device_revoked` stops the scanner of that API key until it pairs. A
 * revocation is remembered on the device (device-pairing-store.ts); "required" lasts until the
 * page reloads or the device pairs.
 */

export type DeviceAccess = 'allowed' | 'required' | 'revoked';

const required = new Set<string>();
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export function deviceAccessOf(apiKey: string): DeviceAccess {
  if (isDeviceRevoked(apiKey)) return 'revoked';
  return required.has(apiKey) ? 'required' : 'allowed';
}

/**
 * A scanner call of `apiKey` that sent `sentToken` got a 401 with `code`; any other code changes
 * nothing. A token the server answers `device_required` names no device of the event (a reset
 * server, another event's): it is forgotten, so the page can pair again or, where the event takes
 * link scanners, scan as one after a reload.
 */
export function reportDeviceRefusal(
  apiKey: string,
  code: string | undefined,
  sentToken?: string | null,
): void {
  if (code === deviceErrors.revoked) {
    if (isDeviceRevoked(apiKey)) return;
    markDeviceRevoked(apiKey);
  } else if (code === deviceErrors.required) {
    if (sentToken && tokenToSend(apiKey) === sentToken) forgetDevice(apiKey);
    if (required.has(apiKey)) return;
    required.add(apiKey);
  } else {
    return;
  }
  notify();
}

/** The device paired for `apiKey` (a new token, which also lifts a revocation): it may scan again. */
export function deviceAllowed(apiKey: string): void {
  required.delete(apiKey);
  notify();
}

export function onDeviceAccessChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The access of `apiKey`, re-rendering when a call changes it. */
export function useDeviceAccess(apiKey: string): DeviceAccess {
  return useSyncExternalStore(onDeviceAccessChange, () => deviceAccessOf(apiKey));
}

/** Forgets the "required" answers of this page (tests). */
export function forgetRequiredAnswers(): void {
  required.clear();
  notify();
}
