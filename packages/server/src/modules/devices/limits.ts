import { deviceMessages, WRONG_PAIRING_CODES } from '@drinkflow/domain/devices';
import type { ThrottlePolicy } from '../../http/rate-limits';

/** Wrong pairing codes per client address (docs/rules/devices.md); right codes do not count. */
export const wrongCodeLimits = {
  bucket: 'pairing:address',
  perAddress: WRONG_PAIRING_CODES.perAddress,
  policy: { windowMinutes: WRONG_PAIRING_CODES.windowMinutes, message: deviceMessages.tooManyCodes },
} as const satisfies { policy: ThrottlePolicy } & Record<string, unknown>;
