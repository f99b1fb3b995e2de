import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe secret with `bytes` bytes (≥ 16, i.e. ≥ 128 bits) of CSPRNG randomness. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
