/** What the scanner remembers on this device (a bar's phone or tablet). */
export const storageKeys = {
  barra: 'drinkflow-scanner-barra',
  sound: 'drinkflow-scanner-sonido',
  vibration: 'drinkflow-scanner-vibracion',
  deviceId: 'drinkflow-scanner-dispositivo',
  camera: 'drinkflow-scanner-camara',
} as const;

/** localStorage can throw (storage disabled, private mode): the scanner then simply forgets. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered: the setting still applies until the page closes.
  }
}

/**
 * A random UUID. crypto.randomUUID exists only on secure pages (HTTPS or localhost); a bar's
 * device on plain http to a local server still gets a random id from getRandomValues.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This device's id, made once and kept: the server lets only the device that recorded a drink undo it. */
export function deviceId(): string {
  const stored = readStored(storageKeys.deviceId);
  if (stored) return stored;
  const id = randomId();
  writeStored(storageKeys.deviceId, id);
  return id;
}
