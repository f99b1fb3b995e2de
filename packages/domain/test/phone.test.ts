import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../src/phone';

describe('normalizePhone', () => {
  it.each([
    ['612345678', '34612345678'],
    ['712 345 678', '34712345678'],
    ['612.345.678', '34612345678'],
    ['612-34-56-78', '34612345678'],
    ['(612) 345 678', '34612345678'],
    ['  612 34 56 78  ', '34612345678'],
  ])('gives a Spanish mobile typed without prefix the 34: %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it.each([
    ['912345678', '34912345678'],
    ['93 123 45 67', '34931234567'],
    ['876 54 32 10', '34876543210'],
  ])('accepts Spanish landlines (8xx, 9xx): %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it.each([
    ['+34 612 345 678', '34612345678'],
    ['+34612345678', '34612345678'],
    ['0034 612 345 678', '34612345678'],
    ['0034-912-345-678', '34912345678'],
    ['34 612 345 678', '34612345678'],
    ['34612345678', '34612345678'],
    ['(+34) 612 345 678', '34612345678'],
    ['+34 600 123 456', '34600123456'],
  ])('reads the Spanish prefixes +34, 0034 and 34: %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it.each([
    ['+44 7911 123456', '447911123456'],
    ['0044 7911 123456', '447911123456'],
    ['+1 (415) 555-2671', '14155552671'],
    ['+49 30 1234567', '49301234567'],
    ['+1234 5678', '12345678'], // 8 digits, the fewest kept
    ['+123 456 789 012 345', '123456789012345'], // 15 digits, the most E.164 allows
  ])('keeps a foreign number given with + or 00: %s', (typed, expected) => {
    expect(normalizePhone(typed)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['abc'],
    ['612 345 67'], // 8 digits
    ['6123456789'], // 10 digits
    ['512345678'], // Spanish numbers begin with 6-9
    ['012345678'],
    ['+34 512 345 678'],
    ['+34 612 345 67'],
    ['0034 6123456789'],
    ['+1234567'], // foreign, 7 digits
    ['+1234567890123456'], // foreign, 16 digits
    ['+0 612 345 678'],
    ['612 345 678 ext. 2'],
    ['612345678a'],
    ['+34 612 345 678 / 699 111 222'],
    ['++34612345678'],
    ['4412345678'], // foreign without + or 00
    ['34512345678'], // 34 and no Spanish number after it
    ['34 612 345 67'],
    ['99612345678'], // a Spanish number after another prefix
    ['+34612345678a'],
    ['+447911123456 ext'],
    ['0044 7911 123456x'],
  ])('refuses what cannot be a WhatsApp number: %s', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});
