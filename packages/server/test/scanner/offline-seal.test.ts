import { randomBytes } from 'node:crypto';
import { offlineTicketId, openHolderName, sealHolderName } from '@drinkflow/domain/offline-data';
import { describe, expect, it } from 'vitest';
import {
  createSealCache,
  offlineIdOf,
  sealName,
  type SealedTicket,
} from '../../src/modules/scanner/offline-seal';

// The offline data's ticket ids and sealed holder names (docs/decisions/035), made with node:crypto
// on the server and opened with WebCrypto on the device.

describe('sealName (node:crypto) and the domain’s WebCrypto functions', () => {
  it('seal what the domain’s openHolderName opens, and ids equal to the domain’s offlineTicketId', async () => {
    const names = [
      'Lucía Fernández',
      'Íñigo Núñez 🍻',
      'Ñ',
      'a'.repeat(32),
      'José María de la Santísima Trinidad Ruiz',
    ];
    for (let index = 0; index < 25; index += 1) {
      const qrCode = randomBytes(24).toString('base64url');
      const name = names[index % names.length]!;
      const sealed = sealName(qrCode, name);
      expect(await openHolderName(qrCode, sealed)).toBe(name);
      expect(offlineIdOf(qrCode)).toBe(await offlineTicketId(qrCode));
    }
  });

  it('open what the domain’s sealHolderName sealed (same key, padding and layout)', async () => {
    const qrCode = randomBytes(24).toString('base64url');
    const fromDomain = await sealHolderName(qrCode, 'María José Güell');
    const again = sealName(qrCode, 'María José Güell', Buffer.from(fromDomain.iv, 'base64url'));

    expect(again).toEqual(fromDomain);
  });

  it('give the fixed vector the domain’s tests open', () => {
    const iv = Buffer.from('000102030405060708090a0b', 'hex');
    expect(sealName('qr-de-prueba_0123456789abcdefABCDEF', 'Íñigo Núñez 🍻', iv)).toEqual({
      iv: 'AAECAwQFBgcICQoL',
      datos: '3VVS_T-gUBK2IYuT-aWYOGyKJ10vE2j7iIKjz6DbDsnI3ORYIDagO9Rh8xsG_Fyq',
    });
  });
});

describe('the sealed names kept between downloads', () => {
  const tickets = (count: number) =>
    new Map<number, SealedTicket>(
      Array.from({ length: count }, (_, n) => [
        n,
        { id: `${n}`, holder: 'Ana', titular: { iv: 'AA', datos: 'AA' } },
      ]),
    );

  it('keep at most the given number of tickets, dropping the least recently built events first', () => {
    const cache = createSealCache(5);
    cache.keep(1, tickets(2));
    cache.keep(2, tickets(2));
    cache.keep(1, tickets(2));
    cache.keep(3, tickets(2));

    expect(cache.of(2)).toBeUndefined();
    expect(cache.of(1)?.size).toBe(2);
    expect(cache.of(3)?.size).toBe(2);
  });

  it('keep no event larger than the bound, and forget what it kept of it before', () => {
    const cache = createSealCache(5);
    cache.keep(1, tickets(3));
    cache.keep(1, tickets(6));

    expect(cache.of(1)).toBeUndefined();
    cache.keep(2, tickets(5));
    expect(cache.of(2)?.size).toBe(5);
  });
});
