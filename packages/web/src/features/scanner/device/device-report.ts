import {
  DEVICE_OFFLINE_DATA_HEADER,
  DEVICE_PENDING_HEADER,
  DEVICE_TOKEN_HEADER,
} from '@drinkflow/domain/device-wire';
import { tokenToSend } from './device-pairing-store';

/*
 * What a scanner tells the server about itself on each call (docs/rules/devices.md): its token,
 * how many offline drinks it has queued for the event and the date of the offline data it holds,
 * so the organizer's device board sees a phone that has not synced. The offline runner keeps the
 * figures here as it reads the device's store; a figure not known yet is not sent.
 */

interface DeviceState {
  pending?: number;
  /** The held offline data's `generadoEn`, ISO. */
  offlineDataOf?: string | null;
}

const states = new Map<string, DeviceState>();

export function noteDeviceState(apiKey: string, state: DeviceState): void {
  states.set(apiKey, { ...states.get(apiKey), ...state });
}

/** The device headers of a scanner call for `apiKey`. */
export function deviceHeaders(apiKey: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = tokenToSend(apiKey);
  if (token) headers[DEVICE_TOKEN_HEADER] = token;
  const state = states.get(apiKey);
  if (state?.pending !== undefined) headers[DEVICE_PENDING_HEADER] = String(state.pending);
  if (state?.offlineDataOf) headers[DEVICE_OFFLINE_DATA_HEADER] = state.offlineDataOf;
  return headers;
}

/** Forgets the figures (tests). */
export function forgetDeviceStates(): void {
  states.clear();
}
