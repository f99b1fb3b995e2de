import { normalizePairingCode, PAIRING_ALPHABET } from '@drinkflow/domain/device-wire';
import { pairingCode } from '@drinkflow/domain/devices';
import { describe, expect, it } from 'vitest';
import { codeProblem } from '@/features/scanner/components/pairing-form';
import { pairingCodeFromPath, pairingPath } from '@/features/scanner/utils/pairing-path';

describe('a typed pairing code', () => {
  it.each([
    ['ABCDEFGH', 'ABCDEFGH'],
    ['abcdefgh', 'ABCDEFGH'],
    ['abcd-efgh', 'ABCDEFGH'],
    ['  ab cd  ef gh ', 'ABCDEFGH'],
    ['AB-CD EF-GH', 'ABCDEFGH'],
    ['2345-6789', '23456789'],
  ])('%j is %j', (typed, code) => {
    expect(normalizePairingCode(typed)).toBe(code);
    // The server's schema reads it the same way.
    expect(pairingCode.parse(typed)).toBe(code);
  });

  it.each([
    '',
    'ABCDEFG',
    'ABCDEFGHJ',
    'ABCDEFG0',
    'ABCDEFGO',
    'ABCDEFG1',
    'ABCDEFGI',
    'ABCDEFGL',
    'ABCD_EFG',
  ])('%j is no code', (typed) => expect(normalizePairingCode(typed)).toBeNull());

  it('takes every character of the alphabet', () => {
    expect(normalizePairingCode(PAIRING_ALPHABET.slice(0, 8).toLowerCase())).toBe(
      PAIRING_ALPHABET.slice(0, 8),
    );
    expect(normalizePairingCode(PAIRING_ALPHABET.slice(-8))).toBe(PAIRING_ALPHABET.slice(-8));
  });

  it('says what is wrong before asking the server', () => {
    expect(codeProblem('abcd-efgh')).toBeUndefined();
    expect(codeProblem('abc')).toBe(
      'El código tiene 8 caracteres: escríbelo tal como lo ves en la pantalla del organizador.',
    );
    expect(codeProblem('ABCDEFG0')).toBe('El código no es válido o ha caducado.');
  });
});

describe('the pairing pages’ paths', () => {
  it.each([
    ['/emparejar', ''],
    ['/emparejar/', ''],
    ['/emparejar/ABCD-EFGH', 'ABCD-EFGH'],
    ['/emparejar/abcd%20efgh/', 'abcd efgh'],
    ['/emparejar/%E0%A4%A', ''],
  ])('%s holds the code %j', (path, code) => expect(pairingCodeFromPath(path)).toBe(code));

  it.each(['/scanner/clave', '/emparejarlo', '/emparejar/ABCD/EFGH', '/'])('%s is no pairing page', (path) =>
    expect(pairingCodeFromPath(path)).toBeNull(),
  );

  it('links to the pairing page with or without a code', () => {
    expect(pairingPath()).toBe('/emparejar');
    expect(pairingPath('ABCD EFGH')).toBe('/emparejar/ABCD%20EFGH');
  });
});
