import { describe, expect, it } from 'vitest';
import { guestMatchKeys, guestRow, normaliseHeader } from '../src/guest-import';

describe('the same guest twice', () => {
  const keys = (nombreCompleto: string, email: string | null, telefono: string | null = null) =>
    guestMatchKeys({ nombreCompleto, email, telefono }).map(({ key }) => key);

  it('compares names without case, accents or extra spaces, emails without case, phones by their digits', () => {
    const [byEmail, byPhone] = keys('María José Núñez', 'MJ@Example.com', '+34 611 22 33 44');
    expect(keys('  maria   jose NUÑEZ', ' mj@example.com ')).toEqual([byEmail]);
    for (const phone of ['611223344', '611 22 33 44', '0034 611-22-33-44', '(+34) 611.223.344']) {
      expect(keys('MARÍA JOSÉ NÚÑEZ', null, phone)).toEqual([byPhone]);
    }
  });

  it('gives no key for a missing name, email or phone, nor for a phone too short to be one', () => {
    expect(keys('', 'ana@example.com', '611223344')).toEqual([]);
    expect(keys('Ana', '', null)).toEqual([]);
    expect(keys('Ana', null, 'no tiene')).toEqual([]);
    expect(keys('Ana', null, '12345')).toEqual([]);
    expect(keys('Ana', 'ana@example.com')).not.toEqual(keys('Ana María', 'ana@example.com'));
    expect(keys('Ana', null, '611223344')).not.toEqual(keys('Ana', null, '611223345'));
  });
});

describe('guestMatchKeys: phones and emails', () => {
  const name = normaliseHeader('Ana López');
  const phoneKey = (telefono: string | null) =>
    guestMatchKeys({ nombreCompleto: 'Ana López', email: null, telefono }).map((entry) => entry.key);

  it('keeps the email in lower case', () => {
    expect(guestMatchKeys({ nombreCompleto: 'Ana López', email: ' Ana@X.es ', telefono: null })).toEqual([
      { match: 'email', key: `${name}\u0000ana@x.es` },
    ]);
  });

  it('drops a leading 00 only at the start', () => {
    expect(phoneKey('0034 611 22 33 44')).toEqual([`${name}\u0000tel:611223344`]);
    expect(phoneKey('611 00 22 33')).toEqual([`${name}\u0000tel:611002233`]);
  });

  it("drops Spain's 34 only from 11 digits that start with it", () => {
    expect(phoneKey('+34 611 22 33 44')).toEqual([`${name}\u0000tel:611223344`]);
    expect(phoneKey('12345678901')).toEqual([`${name}\u0000tel:12345678901`]);
    expect(phoneKey('346112')).toEqual([`${name}\u0000tel:346112`]);
  });

  it('a phone of 6 digits is a key, of 5 is not', () => {
    expect(phoneKey('611223')).toEqual([`${name}\u0000tel:611223`]);
    expect(phoneKey('61122')).toEqual([]);
    expect(phoneKey(null)).toEqual([]);
  });
});

describe('guestRow.duplicado', () => {
  const row = {
    linea: 2,
    nombreCompleto: 'Ana',
    email: 'ana@x.es',
    telefono: null,
    tipoTicket: 'General',
    ticketTypeId: 1,
    cantidad: 1,
    cantidadTexto: '1',
    errores: [],
    codigo: null,
    idExterno: null,
    estado: null,
    accion: 'duplicado',
    pedidoId: 7,
    avisos: [],
  };

  it('keeps the duplicate it names and refuses a malformed one', () => {
    const duplicado = { pedidoId: 7, linea: null, message: 'Ya existe' };
    expect(guestRow.parse({ ...row, duplicado }).duplicado).toEqual(duplicado);
    expect(
      guestRow.safeParse({ ...row, duplicado: { pedidoId: 'x', linea: null, message: 'm' } }).success,
    ).toBe(false);
    expect(guestRow.safeParse({ ...row, duplicado: {} }).success).toBe(false);
  });
});
