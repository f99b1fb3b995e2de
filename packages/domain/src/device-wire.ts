// Plain strings and a plain function, no zod: the public scanner page (scanner.html) reads them too.

/** Authorized devices (docs/rules/devices.md). */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token';
/** What a scanner reports with each call: its queued offline drinks and its offline data's date. */
export const DEVICE_PENDING_HEADER = 'X-Device-Pending';
export const DEVICE_OFFLINE_DATA_HEADER = 'X-Device-Offline-Data';

export const PAIRING_CODE_LENGTH = 8;
/** No 0/O, 1/I/L: a code read aloud or typed from a screen. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const deviceMessages = {
  required: 'Este escáner necesita autorización del organizador.',
  revoked: 'Este dispositivo ha sido revocado.',
  codeInvalid: 'El código no es válido o ha caducado.',
  tooManyCodes: 'Demasiados códigos incorrectos. Vuelve a intentarlo dentro de 10 minutos.',
  nombre: 'El nombre del dispositivo es obligatorio',
  nombreMax: 'El nombre no puede exceder 60 caracteres',
  barraUnknown: 'La barra no es una de las barras del evento',
  notFound: 'Dispositivo no encontrado',
} as const;

/** Error codes of the 401s a scanner call may get. */
export const deviceErrors = { required: 'device_required', revoked: 'device_revoked' } as const;

/**
 * A pairing code as typed (lowercase, spaces, dashes: 'abcd-efgh') in its canonical form, or null
 * when it cannot be one: not 8 characters of the pairing alphabet once cleaned.
 */
export function normalizePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((char) => PAIRING_ALPHABET.includes(char)) ? code : null;
}
