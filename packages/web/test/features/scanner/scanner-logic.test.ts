import { describe, expect, it } from 'vitest';
import { apiKeyFromPath } from '@/features/scanner/utils/api-key-from-path';
import { createDuplicateGuard } from '@/features/scanner/utils/duplicate-guard';
import { nextTime, remainingText } from '@/features/scanner/utils/ticket-display';

describe('scanner texts', () => {
  it('counts the drinks left', () => {
    expect(remainingText(3)).toBe('Quedan 3 bebidas');
    expect(remainingText(1)).toBe('Queda 1 bebida');
    expect(remainingText(0)).toBe('No quedan bebidas');
  });

  it('gives only the time of a next drink today, and the day too when it is another day', () => {
    const now = new Date('2030-07-04T20:00:00.000Z');
    expect(nextTime('2030-07-04T20:30:00.000Z', now)).toBe('22:30');
    expect(nextTime('2030-07-04T22:30:00.000Z', now)).toBe('05/07 00:30');
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
    expect(guard.accept('a', 3002)).toBe(true);
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

  it('forgets the last code on reset', () => {
    const guard = createDuplicateGuard();
    guard.accept('a', 0);
    guard.reset();
    expect(guard.accept('a', 1)).toBe(true);
  });
});
