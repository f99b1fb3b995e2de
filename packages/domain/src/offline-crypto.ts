/**
 * The offline data's crypto (docs/rules/offline-and-field.md), without zod, so the scanner page can use it without
 * the schemas: a ticket's id is the hex SHA-256 of its QR code; its holder's name is sealed with
 * AES-256-GCM under a key derived from the code by HKDF-SHA-256. WebCrypto, the same in Node 20 and
 * in browsers (which offer it only on secure pages: https or localhost).
 */

/** A holder's name sealed with AES-256-GCM: base64url of the 12-byte IV and of ciphertext+tag. */
export interface SealedName {
  iv: string;
  datos: string;
}

const HKDF_SALT = 'drinkflow-offline-v1';
const HKDF_INFO = 'titular';
/** Sealed names are padded to a multiple of this many bytes before encryption. */
const PAD_BYTES = 32;
const PAD_MARK = 0x80;
const IV_BYTES = 12;
const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The plaintext of a sealed name: its UTF-8 bytes, the byte 0x80 and zeros up to the next multiple
 * of 32 bytes (ISO/IEC 7816-4 padding: unambiguous whatever the name's bytes are).
 */
export function padHolderName(name: string): Uint8Array<ArrayBuffer> {
  const bytes = encoder.encode(name);
  const padded = new Uint8Array((Math.floor(bytes.length / PAD_BYTES) + 1) * PAD_BYTES);
  padded.set(bytes);
  padded[bytes.length] = PAD_MARK;
  return padded;
}

/** The name inside a padded plaintext, or null when the padding is not ours. */
export function unpadHolderName(padded: Uint8Array): string | null {
  if (padded.length === 0 || padded.length % PAD_BYTES !== 0) return null;
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== PAD_MARK || padded.length - end > PAD_BYTES) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(padded.subarray(0, end));
  } catch {
    return null;
  }
}

/** The id a ticket has in the offline data: hex SHA-256 of its QR code's UTF-8 bytes. */
export async function offlineTicketId(qrCode: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(qrCode)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The AES-256-GCM key of a ticket's holder name: HKDF-SHA-256 of its QR code. */
async function nameKey(qrCode: string, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(qrCode), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(HKDF_SALT), info: encoder.encode(HKDF_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Seals `name` with the key of `qrCode` and a fresh random IV. */
export async function sealHolderName(qrCode: string, name: string): Promise<SealedName> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await nameKey(qrCode, 'encrypt'),
    padHolderName(name),
  );
  return { iv: toBase64Url(iv), datos: toBase64Url(new Uint8Array(sealed)) };
}

/** The holder's name, or null when `qrCode` is not the code it was sealed with (or it was altered). */
export async function openHolderName(qrCode: string, sealed: SealedName): Promise<string | null> {
  try {
    const iv = fromBase64Url(sealed.iv);
    if (iv.length !== IV_BYTES) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv },
      await nameKey(qrCode, 'decrypt'),
      fromBase64Url(sealed.datos),
    );
    return unpadHolderName(new Uint8Array(plain));
  } catch {
    return null;
  }
}

/**
 * Parameters of the name key and its sealing, for a server that seals with its own crypto library
 * (packages/server/src/modules/scanner/offline-data.ts uses node:crypto): key = HKDF(hash, ikm =
 * the QR code's UTF-8 bytes, salt, info, keyBytes); AES-256-GCM with an `ivBytes` random IV and a
 * `tagBytes` tag appended to the ciphertext; plaintext = padHolderName(name).
 */
export const holderNameKeyParameters = {
  hash: 'sha256',
  salt: HKDF_SALT,
  info: HKDF_INFO,
  keyBytes: 32,
  ivBytes: IV_BYTES,
  tagBytes: 16,
  padBytes: PAD_BYTES,
} as const;
