import { describe, expect, it } from 'vitest';
import { adminPageQuery, adminUser, adminMessages, adminUsersPage, demoRequestsPage } from '../src/admin';
import { loginBody, passwordBody, registerBody } from '../src/auth';
import { guestMatchKeys, guestRow, normaliseHeader } from '../src/guest-import';
import { isoDateTime } from '../src/iso-date-time';
import { offlineTicket } from '../src/offline-data';
import { SCANNER_DEVICE_HEADER } from '../src/scanner-limits';
import { conflictoOffline, horaPico } from '../src/stats';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('admin schemas', () => {
  it('answers its own message for a page or limit that is not a number', () => {
    expect(messagesOf(adminPageQuery.safeParse({ page: 'abc' }))).toEqual([adminMessages.page]);
    expect(messagesOf(adminPageQuery.safeParse({ limit: 'abc' }))).toEqual([adminMessages.limit]);
  });

  const baseUser = { id: 1, nombre: 'Ana', apellido: null, email: 'ana@x.es', rol: 'admin' };
  const fullUser = { ...baseUser, activo: true, createdAt: '2026-01-01T00:00:00Z' };

  it('an admin user carries activo and createdAt', () => {
    expect(adminUser.parse(fullUser)).toEqual(fullUser);
    expect(adminUser.safeParse(baseUser).success).toBe(false);
    expect(adminUser.safeParse({ ...fullUser, activo: 'sí' }).success).toBe(false);
  });

  it('a users page needs its users, total, page and limit', () => {
    const pageBody = { users: [fullUser], total: 1, page: 1, limit: 20 };
    expect(adminUsersPage.parse(pageBody)).toEqual(pageBody);
    expect(adminUsersPage.safeParse({}).success).toBe(false);
    expect(adminUsersPage.safeParse({ ...pageBody, total: -1 }).success).toBe(false);
    expect(adminUsersPage.safeParse({ ...pageBody, users: [baseUser] }).success).toBe(false);
  });

  it('a demo requests page needs its requests, total, page and limit', () => {
    const pageBody = { demoRequests: [], total: 0, page: 1, limit: 20 };
    expect(demoRequestsPage.parse(pageBody)).toEqual(pageBody);
    expect(demoRequestsPage.safeParse({}).success).toBe(false);
    expect(demoRequestsPage.safeParse({ ...pageBody, page: 0 }).success).toBe(false);
  });
});

describe('auth messages', () => {
  it('registerBody: empty email and blank name', () => {
    const result = registerBody.safeParse({ email: '', password: 'secreto', nombre: '   ' });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'email: El email es obligatorio',
      'nombre: El nombre es obligatorio',
    ]);
  });

  it('loginBody: empty, too long', () => {
    expect(messagesOf(loginBody.safeParse({ email: ' ', password: '' }))).toEqual([
      'El email es obligatorio',
      'La contraseña es obligatoria',
    ]);
    expect(
      messagesOf(loginBody.safeParse({ email: `${'a'.repeat(250)}@x.es`, password: 'p'.repeat(201) })),
    ).toEqual(['El email es demasiado largo', 'La contraseña no puede exceder 200 caracteres.']);
  });

  it('passwordBody: empty current password', () => {
    expect(messagesOf(passwordBody.safeParse({ currentPassword: '', newPassword: 'nueva-clave' }))).toEqual([
      'La contraseña actual es obligatoria',
    ]);
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

describe('isoDateTime bounds', () => {
  const date = isoDateTime('Fecha inválida');

  it('accepts the first and last years, minute 59 and second 59', () => {
    for (const value of [
      '2000-01-01T00:00:00Z',
      '2100-12-31T23:59:59Z',
      '2026-05-01T10:59Z',
      '2026-05-01T10:00:59Z',
    ]) {
      expect(date.safeParse(value).success).toBe(true);
    }
  });

  it('refuses the years just outside', () => {
    expect(date.safeParse('1999-12-31T23:59:59Z').success).toBe(false);
    expect(date.safeParse('2101-01-01T00:00:00Z').success).toBe(false);
  });
});

describe('other wire shapes', () => {
  it('horaPico needs exactly HH:00', () => {
    expect(horaPico.safeParse({ hora: '23:00', cantidad: 1 }).success).toBe(true);
    expect(horaPico.safeParse({ hora: 'x23:00', cantidad: 1 }).success).toBe(false);
    expect(horaPico.safeParse({ hora: '23:00x', cantidad: 1 }).success).toBe(false);
  });

  it('conflictoOffline needs its fields', () => {
    const conflicto = {
      id: 1,
      escaneadoEn: '2026-05-01T10:00:00Z',
      ticketId: 2,
      titular: 'Ana',
      tipoTicket: 'General',
      barra: null,
      reason: 'agotado',
    };
    expect(conflictoOffline.parse(conflicto)).toEqual(conflicto);
    expect(conflictoOffline.safeParse({}).success).toBe(false);
  });

  it('an offline ticket id is exactly 64 hex characters', () => {
    const id = (value: string) => offlineTicket.shape.id.safeParse(value).success;
    expect(id('a'.repeat(64))).toBe(true);
    expect(id('a'.repeat(65))).toBe(false);
    expect(id(`g${'a'.repeat(64)}`)).toBe(false);
    expect(id(`${'a'.repeat(64)}g`)).toBe(false);
  });

  it('the device header is X-Device-Id', () => {
    expect(SCANNER_DEVICE_HEADER).toBe('X-Device-Id');
  });
});
