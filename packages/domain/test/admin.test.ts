import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  adminPageQuery,
  adminSummary,
  adminUser,
  adminUserPatchBody,
  adminUsersPage,
  adminUsersQuery,
  demoRequestsPage,
} from '../src/admin';
import { messagesOf } from './support/issue-messages';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('adminUsersQuery', () => {
  it('reads page and limit from the query text, 1 and 20 by default, and trims the search', () => {
    expect(adminUsersQuery.parse({})).toEqual({ page: 1, limit: 20, search: undefined });
    expect(adminUsersQuery.parse({ page: '3', limit: '100', search: '  Olga ' })).toEqual({
      page: 3,
      limit: 100,
      search: 'Olga',
    });
    expect(adminUsersQuery.parse({ search: '   ' }).search).toBeUndefined();
  });

  it('refuses a page below 1, a limit above 100 and a search over 200 characters, in Spanish', () => {
    expect(messages(adminUsersQuery.safeParse({ page: '0', limit: '101', search: 'x'.repeat(201) }))).toEqual(
      [
        { path: 'page', message: 'La página debe ser un número entero desde 1' },
        { path: 'limit', message: 'El límite debe ser un número entero entre 1 y 100' },
        { path: 'search', message: 'La búsqueda es demasiado larga' },
      ],
    );
    expect(adminPageQuery.safeParse({ limit: '2.5' }).success).toBe(false);
  });
});

describe('adminUserPatchBody', () => {
  it('takes a role, a state or both', () => {
    expect(adminUserPatchBody.parse({ rol: 'scanner' })).toEqual({ rol: 'scanner' });
    expect(adminUserPatchBody.parse({ activo: false })).toEqual({ activo: false });
    expect(adminUserPatchBody.parse({ rol: 'admin', activo: true })).toEqual({ rol: 'admin', activo: true });
  });

  it('refuses a body that changes nothing, an unknown role and a state that is not a boolean', () => {
    expect(messages(adminUserPatchBody.safeParse({}))).toEqual([
      { path: '', message: 'Indica el nuevo rol o si la cuenta está activa' },
    ]);
    expect(messages(adminUserPatchBody.safeParse({ rol: 'root' }))).toEqual([
      { path: 'rol', message: 'El rol debe ser administrador, organizador o personal de barra' },
    ]);
    expect(messages(adminUserPatchBody.safeParse({ activo: 'false' }))).toEqual([
      { path: 'activo', message: 'El estado de la cuenta debe ser verdadero o falso' },
    ]);
  });
});

describe('adminSummary', () => {
  it('holds the four figures and the activity items', () => {
    const summary = {
      usuarios: 3,
      eventosActivos: 1,
      organizadores: 2,
      consumos: 0,
      actividad: [{ tipo: 'evento', texto: 'Evento creado', fecha: '2030-01-01T00:00:00.000Z' }],
    };
    expect(adminSummary.parse(summary)).toEqual(summary);
    expect(
      adminSummary.safeParse({ ...summary, actividad: [{ tipo: 'otro', texto: '', fecha: '' }] }).success,
    ).toBe(false);
  });
});

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
