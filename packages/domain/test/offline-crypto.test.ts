import { describe, expect, it } from 'vitest';
import { offlineTicketId, openHolderName } from '../src/offline-crypto';
import { holderNameKeyParameters, sealHolderName, toBase64Url, type SealedName } from '../src/offline-data';

describe('the offline crypto, as the scanner page loads it (offline-crypto.ts)', () => {
  it('names a ticket by the hex SHA-256 of its code', async () => {
    expect(await offlineTicketId('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('opens every name it seals, whatever its length', async () => {
    for (const name of [
      '',
      'Ana',
      'x'.repeat(31),
      'y'.repeat(32),
      'z'.repeat(33),
      'Íñigo Ñúñez 😀'.repeat(5),
    ]) {
      expect(await openHolderName('qr-uno', await sealHolderName('qr-uno', name))).toBe(name);
    }
  });

  it('opens nothing with another code, altered data or an IV of the wrong size', async () => {
    const sealed = await sealHolderName('qr-uno', 'Ana García');
    expect(await openHolderName('qr-dos', sealed)).toBeNull();
    const flipped = sealed.datos.startsWith('A') ? `B${sealed.datos.slice(1)}` : `A${sealed.datos.slice(1)}`;
    expect(await openHolderName('qr-uno', { ...sealed, datos: flipped })).toBeNull();
    expect(await openHolderName('qr-uno', { ...sealed, iv: toBase64Url(new Uint8Array(16)) })).toBeNull();
    expect(await openHolderName('qr-uno', { ...sealed, iv: '***' })).toBeNull();
  });

  /** Seals `plain` as it is (no padding added), to see how a bad padding is read. */
  async function sealRaw(
    qrCode: string,
    plain: Uint8Array<ArrayBuffer>,
    iv: Uint8Array<ArrayBuffer> = new Uint8Array(12),
  ): Promise<SealedName> {
    const encoder = new TextEncoder();
    const material = await crypto.subtle.importKey('raw', encoder.encode(qrCode), 'HKDF', false, [
      'deriveKey',
    ]);
    const key = await crypto.subtle.deriveKey(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: encoder.encode(holderNameKeyParameters.salt),
        info: encoder.encode(holderNameKeyParameters.info),
      },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt'],
    );
    const datos = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    return { iv: toBase64Url(iv), datos: toBase64Url(datos) };
  }

  const padded = (length: number, bytes: Record<number, number>) => {
    const plain = new Uint8Array(length);
    for (const [index, value] of Object.entries(bytes)) plain[Number(index)] = value;
    return plain;
  };

  it.each([
    ['nothing at all', padded(0, {})],
    ['a length that is not a multiple of 32', padded(31, { 0: 0x41, 1: 0x80 })],
    ['only zeros', padded(32, {})],
    ['no 0x80 mark before the zeros', padded(32, { 0: 0x41, 1: 0x7f })],
    ['more than 32 bytes of padding', padded(64, { 0: 0x41, 1: 0x80 })],
    ['a name that is not UTF-8', padded(32, { 0: 0xff, 1: 0x80 })],
  ])('read %s as no name', async (_case, plain) => {
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain))).toBeNull();
  });

  it('read no name sealed with an IV that is not 12 bytes, even one that opens', async () => {
    const plain = padded(32, { 0: 0x41, 1: 0x80 });
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain))).toBe('A');
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain, new Uint8Array(16)))).toBeNull();
  });

  it('read a correct padding, the mark at the last byte or right after 32 bytes of name', async () => {
    const name = (length: number) => padded(length, { ...Array.from({ length: length - 1 }, () => 0x41) });
    const last = name(32);
    last[31] = 0x80;
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', last))).toBe('A'.repeat(31));
    const full = padded(64, { ...Array.from({ length: 32 }, () => 0x42), 32: 0x80 });
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', full))).toBe('B'.repeat(32));
  });
});
