import { randomInt } from 'node:crypto';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from '@drinkflow/domain/devices';

/**
 * A new pairing code: PAIRING_CODE_LENGTH characters drawn uniformly (randomInt, CSPRNG) from
 * PAIRING_ALPHABET, about 40 bits. Short enough to type from another screen; guessing is bounded
 * by the 10-minute life, single use and the wrong-code limit per address (docs/rules/devices.md).
 */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}
