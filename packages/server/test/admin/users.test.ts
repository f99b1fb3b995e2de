import type { AdminUser, AdminUsersPage } from '@drinkflow/domain/admin';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { call, expectApiError, expectFieldError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { type Account, signIn } from '../support/accounts';
import { MINUTE } from '../support/time';
import { insertUser } from './fixtures';

let t: TestApp;
let admin: Account;
const base = Date.now() - 60 * MINUTE;
const at = (minutes: number) => new Date(base + minutes * MINUTE);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, 'admin', 'Ana');
  await t.db.update(users).set({ createdAt: at(0) });
});
afterAll(() => t.close());

async function listUsers(query: string): Promise<AdminUsersPage> {
  const res = await call(t, admin, 'GET', `/api/admin/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminUsersPage>();
}

const patch = (who: Account, id: number, body: unknown) =>
  call(t, who, 'PATCH', `/api/admin/users/${id}`, body);

const sessionsOf = async (userId: number) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

describe('GET /api/admin/users', () => {
  let found: { id: number }[];
  beforeAll(async () => {
    found = [
      await insertUser(t.db, {
        nombre: 'Lucía',
        apellido: 'Buscable',
        email: 'lucia.buscable@example.com',
        createdAt: at(1),
      }),
      await insertUser(t.db, {
        nombre: 'Marcos',
        apellido: 'BUSCABLE',
        rol: 'scanner',
        activo: false,
        email: 'marcos@example.com',
        createdAt: at(2),
      }),
      await insertUser(t.db, { nombre: 'Sin', email: 'Buscable_Tres@Example.com', createdAt: at(3) }),
    ];
    await insertUser(t.db, { nombre: 'Otro', email: 'otro@example.com', createdAt: at(4) });
  });

  it('finds users by name, surname or email, whatever the letter case, newest first', async () => {
    const page = await listUsers('?search=bUsCaBlE');

    expect(page.total).toBe(3);
    expect(page.users.map((user) => user.id)).toEqual(found.map((user) => user.id).reverse());
    expect(page.users[1]).toEqual({
      id: found[1]!.id,
      nombre: 'Marcos',
      apellido: 'BUSCABLE',
      email: 'marcos@example.com',
      rol: 'scanner',
      activo: false,
      createdAt: at(2).toISOString(),
    } satisfies AdminUser);
    expect(JSON.stringify(page)).not.toMatch(/password|hash/i);
  });

  it('treats % and _ as letters and ignores surrounding spaces', async () => {
    expect((await listUsers('?search=%25')).total).toBe(0);
    const underscore = await listUsers(`?search=${encodeURIComponent(' buscable_tres ')}`);
    expect(underscore.users.map((user) => user.nombre)).toEqual(['Sin']);
    expect((await listUsers('?search=')).total).toBe(5);
  });

  it('pages the list with page and limit, and says how many there are', async () => {
    const first = await listUsers('?page=1&limit=2');
    const second = await listUsers('?page=2&limit=2');
    const third = await listUsers('?page=3&limit=2');
    const beyond = await listUsers('?page=9&limit=2');

    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.users.map((user) => user.nombre)).toEqual(['Otro', 'Sin']);
    expect(second.users.map((user) => user.nombre)).toEqual(['Marcos', 'Lucía']);
    expect(third.users.map((user) => user.nombre)).toEqual(['Ana']);
    expect(beyond).toMatchObject({ users: [], total: 5, page: 9 });
  });

  it('pages by 20 by default', async () => {
    expect(await listUsers('')).toMatchObject({ page: 1, limit: 20, total: 5 });
  });

  it('refuses a page or limit out of range with 400 naming the field', async () => {
    expectFieldError(
      await call(t, admin, 'GET', '/api/admin/users?limit=101'),
      'limit',
      'El límite debe ser un número entero entre 1 y 100',
    );
    expectValidationError(await call(t, admin, 'GET', '/api/admin/users?limit=0'), 'limit');
    expectFieldError(
      await call(t, admin, 'GET', '/api/admin/users?page=0'),
      'page',
      'La página debe ser un número entero desde 1',
    );
    expectValidationError(await call(t, admin, 'GET', '/api/admin/users?page=dos'), 'page');
    expectValidationError(
      await call(t, admin, 'GET', `/api/admin/users?search=${'x'.repeat(201)}`),
      'search',
    );
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes the role and answers the user as the admin list shows it', async () => {
    const target = await signIn(t.db, 'organizer', 'Olga');

    const res = await patch(admin, target.user.id, { rol: 'scanner' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: target.user.id, nombre: 'Olga', rol: 'scanner', activo: true });
    // The session stays; the new role applies to the next call.
    const me = await call(t, target, 'GET', '/api/auth/me');
    expect(me.json().user.rol).toBe('scanner');
    expectApiError(await call(t, target, 'GET', '/api/eventos/1'), 403, 'forbidden');
  });

  it('may make another user an admin', async () => {
    const target = await signIn(t.db, 'organizer');

    expect((await patch(admin, target.user.id, { rol: 'admin' })).json().rol).toBe('admin');
    expect((await call(t, target, 'GET', '/api/admin/summary')).statusCode).toBe(200);
  });

  it('disables an account, ending every session of it at once, and enables it again', async () => {
    const target = await signIn(t.db, 'organizer');
    await signIn(t.db, 'organizer'); // someone else's session stays
    expect(await sessionsOf(target.user.id)).toBe(1);

    const res = await patch(admin, target.user.id, { activo: false });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: target.user.id, activo: false, rol: 'organizer' });
    expect(await sessionsOf(target.user.id)).toBe(0);
    expectApiError(await call(t, target, 'GET', '/api/auth/me'), 401, 'unauthorized');

    const enabled = await patch(admin, target.user.id, { activo: true });
    expect(enabled.json()).toMatchObject({ activo: true });
  });

  it('changes role and state together', async () => {
    const target = await signIn(t.db, 'scanner');

    const res = await patch(admin, target.user.id, { rol: 'organizer', activo: false });

    expect(res.json()).toMatchObject({ rol: 'organizer', activo: false });
  });

  it('refuses an admin disabling or demoting themself with 409, and changes nothing', async () => {
    const disable = expectApiError(await patch(admin, admin.user.id, { activo: false }), 409, 'conflict');
    expect(disable.message).toBe('No puedes desactivar tu propia cuenta.');
    for (const rol of ['organizer', 'scanner']) {
      const demote = expectApiError(await patch(admin, admin.user.id, { rol }), 409, 'conflict');
      expect(demote.message).toBe('No puedes quitarte el rol de administrador.');
    }
    expectApiError(await patch(admin, admin.user.id, { rol: 'admin', activo: false }), 409);

    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row).toMatchObject({ rol: 'admin', activo: true });
    expect((await call(t, admin, 'GET', '/api/admin/summary')).statusCode).toBe(200);
  });

  it('lets an admin confirm their own role and state (nothing changes)', async () => {
    const res = await patch(admin, admin.user.id, { rol: 'admin', activo: true });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.user.id, rol: 'admin', activo: true });
  });

  it('lets an admin demote or disable the only other admin', async () => {
    const other = await signIn(t.db, 'admin');

    expect((await patch(admin, other.user.id, { rol: 'organizer' })).statusCode).toBe(200);
    await patch(admin, other.user.id, { rol: 'admin' });
    expect((await patch(admin, other.user.id, { activo: false })).statusCode).toBe(200);
    expectApiError(await call(t, other, 'GET', '/api/admin/summary'), 401);
  });

  it('answers 404 for a user that does not exist', async () => {
    const body = expectApiError(await patch(admin, 2_000_000_000, { activo: false }), 404, 'not_found');
    expect(body.message).toBe('Usuario no encontrado');
  });

  it('refuses a body without changes, an unknown role, a non-boolean state or a bad id with 400', async () => {
    const target = await insertUser(t.db);
    const body = expectValidationError(await patch(admin, target.id, {}), 'body');
    expect(body.details).toContainEqual({
      field: 'body',
      message: 'Indica el nuevo rol o si la cuenta está activa',
    });
    expectFieldError(
      await patch(admin, target.id, { rol: 'superusuario' }),
      'rol',
      'El rol debe ser administrador, organizador o personal de barra',
    );
    expectFieldError(
      await patch(admin, target.id, { activo: 'no' }),
      'activo',
      'El estado de la cuenta debe ser verdadero o falso',
    );
    expectValidationError(await patch(admin, 0, { activo: false }), 'id');
    expectValidationError(await call(t, admin, 'PATCH', '/api/admin/users/abc', { rol: 'admin' }), 'id');

    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ rol: 'organizer', activo: true });
  });

  it('keeps an admin when two admins disable each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await signIn(t.db, 'admin');
      const second = await signIn(t.db, 'admin');

      const answers = await Promise.all([
        patch(first, second.user.id, { activo: false }),
        patch(second, first.user.id, { activo: false }),
      ]);

      // One of them wins; the loser was disabled first and is refused, whichever got there first.
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
      const rows = await t.db
        .select({ activo: users.activo })
        .from(users)
        .where(inArray(users.id, [first.user.id, second.user.id]));
      expect(rows.filter((row) => row.activo)).toHaveLength(1);
    }
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await signIn(t.db, 'admin');
      const second = await signIn(t.db, 'admin');

      const answers = await Promise.all([
        patch(first, second.user.id, { rol: 'organizer' }),
        patch(second, first.user.id, { rol: 'organizer' }),
      ]);

      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
      const rows = await t.db
        .select({ rol: users.rol })
        .from(users)
        .where(inArray(users.id, [first.user.id, second.user.id]));
      expect(rows.filter((row) => row.rol === 'admin')).toHaveLength(1);
    }
  });
});
