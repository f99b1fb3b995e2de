/**
 * Phone numbers as WhatsApp wants them (docs/rules/guests.md): E.164 digits without '+'. A phone is stored
 * as typed (docs/rules/api-conventions.md); this reads it when a link is built.
 */

/** Spanish numbers: 9 digits, mobiles 6xx/7xx, landlines and service numbers 8xx/9xx. */
const SPANISH_NATIONAL = /^[6-9]\d{8}$/;
const SPAIN = '34';
/** E.164 allows at most 15 digits; fewer than 8 is no real international number. */
const FOREIGN_DIGITS = { min: 8, max: 15 } as const;

/** What people type between digits: spaces, dots, dashes, slashes and parentheses. */
const SEPARATORS = /[\s.\-/()]/g;

/**
 * The number in E.164 digits ('34612345678'), or null when it cannot be one. Spanish numbers may
 * come with +34, 0034, 34 or no prefix at all; a foreign number needs '+' or '00' and is kept as
 * given when its length is plausible.
 */
export function normalizePhone(typed: string | null | undefined): string | null {
  if (!typed) return null;
  const compact = typed.replace(SEPARATORS, '');
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (international) {
    const digits = international[1]!;
    if (digits.startsWith(SPAIN)) {
      const national = digits.slice(SPAIN.length);
      return SPANISH_NATIONAL.test(national) ? digits : null;
    }
    const plausible = digits.length >= FOREIGN_DIGITS.min && digits.length <= FOREIGN_DIGITS.max;
    return plausible && !digits.startsWith('0') ? digits : null;
  }
  // Both patterns are anchored: anything but digits is refused here too.
  if (SPANISH_NATIONAL.test(compact)) return SPAIN + compact;
  if (compact.startsWith(SPAIN) && SPANISH_NATIONAL.test(compact.slice(SPAIN.length))) return compact;
  return null;
}
