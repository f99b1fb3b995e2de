import { describe, expect, it } from 'vitest';
import { apiKeyFromPath } from '@/features/scanner/utils/api-key-from-path';
import {
  createDuplicateGuard,
  repeatText,
  replaceFinishedCode,
} from '@/features/scanner/utils/duplicate-guard';
import { remainingText, startingAtText } from '@/features/scanner/utils/ticket-display';

describe('scanner texts', () => {
  it('counts the drinks left', () => {
    expect(remainingText(3)).toBe('Quedan 3 bebidas');
    expect(remainingText(1)).toBe('Queda 1 bebida');
    expect(remainingText(0)).toBe('No quedan bebidas');
  });

  it("says when the next drink may be served: the time today, 'del 05/07 a las 00:30' another day", () => {
    const now = new Date('2030-07-04T20:00:00.000Z');
    expect(startingAtText('2030-07-04T20:30:00.000Z', now)).toBe('a partir de las 22:30');
    expect(startingAtText('2030-07-04T22:30:00.000Z', now)).toBe('a partir del 05/07 a las 00:30');
  });
});

describe('apiKeyFromPath', () => {
  it('reads the key of /scanner/{apiKey}, decoded', () => {
    expect(apiKeyFromPath('/scanner/abc123')).toBe('abc123');
    expect(apiKeyFromPath('/scanner/abc123/')).toBe('abc123');
    expect(apiKeyFromPath('/scanner/clave%20rara')).toBe('clave rara');
  });

  it('gives nothing for a URL without a key', () => {
    expect(apiKeyFromPath('/scanner')).toBe('');
    expect(apiKeyFromPath('/scanner/')).toBe('');
    expect(apiKeyFromPath('/scanner/a/b')).toBe('');
    expect(apiKeyFromPath('/scanner/%E0%A4%A')).toBe('');
    expect(apiKeyFromPath('/scanner/%20')).toBe('');
  });
});

describe('createDuplicateGuard', () => {
  it('ignores the same code within 3 s, not another code, not after 3 s', () => {
    const guard = createDuplicateGuard();
    expect(guard.accept('a', 0)).toBe(true);
    expect(guard.accept('a', 2999)).toBe(false);
    expect(guard.accept('a', 3000)).toBe(true);
    expect(guard.accept('b', 3001)).toBe(true);
    expect(guard.accept('b', 6001)).toBe(true);
    expect(guard.accept('a', 6002)).toBe(true);
  });

  it('says how long ago a repeated code was sent, counting from that scan', () => {
    const guard = createDuplicateGuard();
    expect(guard.repeatOf('a', 1000)).toBeNull();
    expect(guard.repeatOf('a', 1150)).toBe(150);
    expect(guard.repeatOf('a', 3400)).toBe(2400);
    expect(guard.repeatOf('a', 4000)).toBeNull();
  });

  it('remembers every code of the last 3 s, not only the last one (A, B, then A again)', () => {
    const guard = createDuplicateGuard();
    expect(guard.accept('a', 0)).toBe(true);
    expect(guard.accept('b', 500)).toBe(true);
    expect(guard.repeatOf('a', 1000)).toBe(1000);
  });

  it('keeps ignoring a code the camera keeps seeing, until it is out of sight for 3 s', () => {
    const guard = createDuplicateGuard();
    expect(guard.accept('a', 0, true)).toBe(true);
    expect(guard.accept('a', 2000, true)).toBe(false);
    expect(guard.accept('a', 4000, true)).toBe(false);
    guard.touch('a', 6000);
    expect(guard.accept('a', 8500, true)).toBe(false);
    expect(guard.accept('a', 11_600, true)).toBe(true);
  });

  it('forgets one code (its scan got no answer), or all of them on reset', () => {
    const guard = createDuplicateGuard();
    guard.accept('a', 0);
    guard.accept('b', 0);
    guard.forget('a');
    expect(guard.accept('a', 1)).toBe(true);
    expect(guard.accept('b', 1)).toBe(false);
    guard.reset();
    expect(guard.accept('a', 2)).toBe(true);
    expect(guard.accept('b', 2)).toBe(true);
  });
});

describe('repeatText', () => {
  it('counts whole seconds since the scan that was sent, 1 s at the least', () => {
    expect(repeatText(0)).toBe('Ya escaneado hace 1 s');
    expect(repeatText(150)).toBe('Ya escaneado hace 1 s');
    expect(repeatText(1999)).toBe('Ya escaneado hace 1 s');
    expect(repeatText(2400)).toBe('Ya escaneado hace 2 s');
  });
});

describe('replaceFinishedCode: one read is one code', () => {
  it('starts a new code when text comes after a code already sent (the cursor was at its end)', () => {
    expect(replaceFinishedCode('ABC123', 'ABC123X')).toBe('X');
    // Pasted, or a scanner that delivers the whole code in one input event.
    expect(replaceFinishedCode('ABC123', 'ABC123XYZ789')).toBe('XYZ789');
  });

  it('keeps what the field shows when the selected code was typed over', () => {
    expect(replaceFinishedCode('ABC123', 'X')).toBe('X');
  });

  it('keeps a correction by hand: a deletion, or typing inside the code', () => {
    expect(replaceFinishedCode('ABC123', 'ABC12')).toBe('ABC12');
    expect(replaceFinishedCode('ABC123', 'ABxC123')).toBe('ABxC123');
    expect(replaceFinishedCode('ABC123', 'xABC123')).toBe('xABC123');
  });

  it('leaves typing alone when nothing sent is in the field', () => {
    expect(replaceFinishedCode(null, 'ABC')).toBe('ABC');
    expect(replaceFinishedCode('', 'ABC')).toBe('ABC');
  });
});
