import { describe, expect, it } from 'vitest';
import { describeLinkBase, isLocalLinkBase } from '../src/link-base';

// docs/rules/guests.md#links-that-cannot-work: links on this computer's loopback cannot reach a guest.

describe('isLocalLinkBase', () => {
  it('is true for localhost, 127.x and ::1 in every spelling the URL parser accepts', () => {
    for (const base of [
      'http://localhost:3000',
      'http://LOCALHOST.',
      'http://app.localhost',
      'http://127.0.0.1:3300',
      'http://127.0.0.2',
      'http://127.255.255.254',
      'http://127.1',
      'http://2130706433',
      'http://0x7f.1',
      'http://[::1]:3000',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]',
      'https://localhost/drinkflow',
    ]) {
      expect(isLocalLinkBase(base), base).toBe(true);
    }
  });

  it('is false for real names, LAN and other addresses, and for what is not a URL', () => {
    for (const base of [
      'https://fiesta.example.org',
      'http://localhost.example.org',
      'http://mylocalhost',
      'http://192.168.1.20:3000',
      'http://10.0.0.127',
      'http://128.0.0.1',
      'http://0.0.0.0:3000',
      'http://[2001:db8::1]',
      'http://[::2]',
      '/t/abc',
      '',
    ]) {
      expect(isLocalLinkBase(base), base).toBe(false);
    }
  });
});

describe('describeLinkBase', () => {
  it('drops trailing slashes and says whether the base is local', () => {
    expect(describeLinkBase('https://fiesta.example.org/')).toEqual({
      base: 'https://fiesta.example.org',
      local: false,
    });
    expect(describeLinkBase('http://127.0.0.1:3300')).toEqual({ base: 'http://127.0.0.1:3300', local: true });
  });
});
