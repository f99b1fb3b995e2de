import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  holderNameKeyParameters,
  offlineData,
  offlineTicket,
  offlineTicketId,
  openHolderName,
  padHolderName,
  sealHolderName,
  toBase64Url,
  unpadHolderName,
  type SealedName,
} from '../src/offline-data';

// docs/rules/offline-and-field.md, docs/decisions/035: the offline data names a ticket by the SHA-256 of its QR code
// and seals its holder's name with AES-256-GCM under HKDF-SHA-256(QR code).

const QR = 'qr-de-prueba_0123456789abcdefABCDEF';
const OTHER_QR = 'qr-de-prueba_0123456789abcdefABCDEG';

/** Changes one character of base64url text (keeping it base64url). */
const flip = (text: string, at = 0) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('offlineTicketId', () => {
  it.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    // UTF-8 bytes 50 65 c3b1 61 20 f09f8dba (sha256sum of the same bytes).
    ['Peña 🍺', '0febcee3454f60de062caa8f7270a8b0eefa776c51818c292fabe4691e1b620c'],
    // The same value as the server's node:crypto offlineIdOf (packages/server/test/scanner/offline-data.test.ts).
    [QR, '439e82ab40f6fe428e8c5b34439d7ff715b1ed798b4fd6c12a0818da1b10a0f2'],
  ])('is the lower-case hex SHA-256 of the UTF-8 bytes of %j', async (qrCode, expected) => {
    expect(await offlineTicketId(qrCode)).toBe(expected);
  });

  it('tells codes apart that differ in one character and matches the schema’s id', async () => {
    const [one, two] = await Promise.all([offlineTicketId(QR), offlineTicketId(OTHER_QR)]);
    expect(one).not.toBe(two);
    expect(offlineTicket.shape.id.safeParse(one).success).toBe(true);
  });
});

describe('sealHolderName and openHolderName', () => {
  it.each([
    'Lucía Fernández',
    'Íñigo Núñez-Ábalos de la Peña',
    'José María 🍻 Güell',
    'Ñ',
    'María de los Ángeles Fernández-Villaverde y García de la Torre 🎉🎉',
  ])('open with the ticket’s code what they sealed: %j', async (name) => {
    const sealed = await sealHolderName(QR, name);
    expect(await openHolderName(QR, sealed)).toBe(name);
  });

  it('open names of every length across the padding’s boundaries', async () => {
    for (const length of [1, 30, 31, 32, 33, 63, 64, 65]) {
      const name = 'a'.repeat(length);
      expect(await openHolderName(QR, await sealHolderName(QR, name))).toBe(name);
    }
  });

  it('answer null with another ticket’s code', async () => {
    const sealed = await sealHolderName(QR, 'Lucía Fernández');
    expect(await openHolderName(OTHER_QR, sealed)).toBeNull();
    expect(await openHolderName('', sealed)).toBeNull();
  });

  it('answer null when the IV or the ciphertext was altered, truncated or is not base64url', async () => {
    const sealed = await sealHolderName(QR, 'Lucía Fernández');
    const altered: SealedName[] = [
      { ...sealed, iv: flip(sealed.iv) },
      { ...sealed, iv: flip(sealed.iv, sealed.iv.length - 1) },
      { ...sealed, datos: flip(sealed.datos) },
      { ...sealed, datos: flip(sealed.datos, sealed.datos.length - 2) },
      { ...sealed, datos: sealed.datos.slice(0, -4) },
      { ...sealed, iv: sealed.iv.slice(0, -2) },
      { ...sealed, iv: `${sealed.iv}AAAA` },
      { ...sealed, datos: '' },
      { ...sealed, datos: '***' },
      { iv: sealed.datos, datos: sealed.iv },
    ];
    for (const sealedName of altered) expect(await openHolderName(QR, sealedName)).toBeNull();
  });

  it('seal one name twice into two different values (a fresh IV each time)', async () => {
    const [one, two] = await Promise.all([
      sealHolderName(QR, 'Lucía Fernández'),
      sealHolderName(QR, 'Lucía Fernández'),
    ]);
    expect(one.iv).not.toBe(two.iv);
    expect(one.datos).not.toBe(two.datos);
    expect(fromBase64Url(one.iv)).toHaveLength(holderNameKeyParameters.ivBytes);
  });

  it('give names of 1 and 31 bytes sealed values of one length, so the length does not tell them apart', async () => {
    const longName = 'Íñigo Núñez Fernández';
    expect(new TextEncoder().encode(longName).length).toBeLessThan(32);
    const short = await sealHolderName(QR, 'A');
    const long = await sealHolderName(QR, longName);
    expect(short.datos).toHaveLength(long.datos.length);
    // 32 bytes of padded name + the 16-byte tag.
    expect(fromBase64Url(short.datos)).toHaveLength(32 + holderNameKeyParameters.tagBytes);
  });

  it('open a value sealed by the server’s node:crypto implementation (a fixed vector)', async () => {
    // packages/server/src/modules/scanner/offline-data.ts sealName(QR, name, iv 00…0b).
    const fromServer = {
      iv: 'AAECAwQFBgcICQoL',
      datos: '3VVS_T-gUBK2IYuT-aWYOGyKJ10vE2j7iIKjz6DbDsnI3ORYIDagO9Rh8xsG_Fyq',
    };
    expect(await openHolderName(QR, fromServer)).toBe('Íñigo Núñez 🍻');
    expect(await openHolderName(OTHER_QR, fromServer)).toBeNull();
  });
});

describe('padHolderName and unpadHolderName', () => {
  it('pad to the next multiple of 32 bytes with 0x80 and zeros, and take it off again', () => {
    expect(padHolderName('')).toEqual(new Uint8Array([0x80, ...new Array(31).fill(0)]));
    expect(padHolderName('a'.repeat(31))).toHaveLength(32);
    expect(padHolderName('a'.repeat(32))).toHaveLength(64);
    expect(padHolderName('ñ'.repeat(16))).toHaveLength(64);
    for (const name of ['', 'Ñ', 'a'.repeat(32), 'José 🍻'])
      expect(unpadHolderName(padHolderName(name))).toBe(name);
  });

  it('refuse what is not a padded name', () => {
    const bad = [
      new Uint8Array(0),
      new Uint8Array(32),
      new Uint8Array(31).fill(0x61),
      new Uint8Array(32).fill(0x61),
      new Uint8Array([0x61, 0x80, ...new Array(62).fill(0)]),
      new Uint8Array([0xff, 0x80, ...new Array(30).fill(0)]),
    ];
    for (const bytes of bad) expect(unpadHolderName(bytes)).toBeNull();
  });
});

describe('base64url', () => {
  it('round-trips every byte value without padding characters', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });
});

describe('offlineData schema', () => {
  const valid = {
    evento: {
      nombre: 'Boda de Ana y Luis',
      ubicacion: 'Finca La Alameda, Sevilla',
      fechaInicio: '2026-07-04T18:00:00.000Z',
      fechaFin: '2026-07-05T04:00:00.000Z',
      zonaHoraria: 'Europe/Madrid',
    },
    tiposTicket: [
      {
        id: 1,
        nombre: 'Invitado',
        modo: 'intervalos_controlados',
        maxDrinks: 12,
        drinkIntervalMinutes: 20,
        durationMinutes: 240,
        drinkType: 'todo',
        validoDesde: '2026-07-04T18:00:00.000Z',
        validoHasta: '2026-07-04T22:00:00.000Z',
      },
    ],
    tickets: [
      {
        id: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        ticketId: 7,
        ticketTypeId: 1,
        estado: 'activo',
        createdAt: '2026-06-01T10:00:00.000Z',
        consumos: ['2026-07-04T19:00:00.000Z'],
        titular: { iv: 'AAECAwQFBgcICQoL', datos: 'abc_-' },
      },
    ],
    generadoEn: '2026-07-04T19:30:00.000Z',
  };

  it('accepts the documented shape', () => {
    expect(offlineData.parse(valid)).toEqual(valid);
  });

  it.each([
    ['an id in upper case', { id: 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD' }],
    ['an id that is not 64 hex digits', { id: 'abc' }],
    ['an effective state instead of the stored one', { estado: 'agotado' }],
    ['a sealed name with a non-base64url character', { titular: { iv: 'AAEC+wQF', datos: 'abc' } }],
  ])('refuses a ticket with %s', (_case, change) => {
    const ticket = { ...valid.tickets[0], ...change };
    expect(offlineTicket.safeParse(ticket).success).toBe(false);
  });
});

describe('offlineTicket', () => {
  it('an offline ticket id is exactly 64 hex characters', () => {
    const id = (value: string) => offlineTicket.shape.id.safeParse(value).success;
    expect(id('a'.repeat(64))).toBe(true);
    expect(id('a'.repeat(65))).toBe(false);
    expect(id(`g${'a'.repeat(64)}`)).toBe(false);
    expect(id(`${'a'.repeat(64)}g`)).toBe(false);
  });
});
