import { describe, expect, it } from 'vitest';
import {
  authResponse,
  loginBody,
  passwordBody,
  profileBody,
  registerBody,
  roles,
  rolLabels,
  user,
} from '../src/auth';
import { messagesOf } from './support/issue-messages';

const issuesOf = (schema: { safeParse: (body: unknown) => unknown }, body: unknown) =>
  (
    schema.safeParse(body) as { error?: { issues: { path: PropertyKey[]; message: string }[] } }
  ).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const account = { email: 'ana@example.com', password: 'secreto', nombre: 'Ana' };
const long = (length: number) => 'x'.repeat(length);

describe('registerBody and profileBody, field by field', () => {
  it('keeps a trimmed apellido and takes a missing one as null', () => {
    expect(registerBody.parse({ ...account, apellido: '  Pérez ' }).apellido).toBe('Pérez');
    expect(registerBody.parse(account).apellido).toBeNull();
    expect(registerBody.parse({ ...account, apellido: null }).apellido).toBeNull();
  });

  it('lets a scanner register itself', () => {
    expect(registerBody.parse({ ...account, rol: 'scanner' }).rol).toBe('scanner');
  });

  it('accepts names of 100 characters and passwords of 6', () => {
    const body = { ...account, nombre: long(100), apellido: long(100), password: '123456' };
    expect(registerBody.safeParse(body).success).toBe(true);
  });

  it.each([
    ['no email', { ...account, email: undefined }, ['email', 'El email es obligatorio']],
    ['a blank email', { ...account, email: '   ' }, ['email', 'El email es obligatorio']],
    ['a long email', { ...account, email: `${long(250)}@b.es` }, ['email', 'El email es demasiado largo']],
    ['no password', { ...account, password: 123456 }, ['password', 'La contraseña es obligatoria']],
    [
      'a long password',
      { ...account, password: long(201) },
      ['password', 'La contraseña no puede exceder 200 caracteres.'],
    ],
    ['no nombre', { ...account, nombre: null }, ['nombre', 'El nombre es obligatorio']],
    [
      'a long nombre',
      { ...account, nombre: long(101) },
      ['nombre', 'El nombre no puede exceder 100 caracteres'],
    ],
    [
      'a long apellido',
      { ...account, apellido: long(101) },
      ['apellido', 'El apellido no puede exceder 100 caracteres'],
    ],
    [
      'an admin rol',
      { ...account, rol: 'admin' },
      ['rol', 'El tipo de cuenta debe ser organizador o personal de barra'],
    ],
  ])('refuses a registration with %s', (_, body, issue) => {
    expect(issuesOf(registerBody, body)).toEqual([issue]);
  });

  it('checks a profile like a registration, without password or role', () => {
    expect(
      profileBody.parse({ nombre: ' Ana ', apellido: ' ', email: ' ana@example.com ', rol: 'admin' }),
    ).toEqual({
      nombre: 'Ana',
      apellido: null,
      email: 'ana@example.com',
    });
    expect(issuesOf(profileBody, { nombre: '', email: 'ana' })).toEqual([
      ['nombre', 'El nombre es obligatorio'],
      ['email', 'Email inválido'],
    ]);
  });
});

describe('loginBody and passwordBody, field by field', () => {
  it('trims the login email but not the password', () => {
    expect(loginBody.parse({ email: ' ana@example.com ', password: ' x ' })).toEqual({
      email: 'ana@example.com',
      password: ' x ',
    });
  });

  it.each([
    [
      {},
      [
        ['email', 'El email es obligatorio'],
        ['password', 'La contraseña es obligatoria'],
      ],
    ],
    [
      { email: '  ', password: '' },
      [
        ['email', 'El email es obligatorio'],
        ['password', 'La contraseña es obligatoria'],
      ],
    ],
  ])('refuses the login %j', (body, issues) => {
    expect(issuesOf(loginBody, body)).toEqual(issues);
  });

  it.each([
    [
      {},
      [
        ['currentPassword', 'La contraseña actual es obligatoria'],
        ['newPassword', 'La nueva contraseña es obligatoria'],
      ],
    ],
    [
      { currentPassword: '', newPassword: 'nueva123' },
      [['currentPassword', 'La contraseña actual es obligatoria']],
    ],
    [
      { currentPassword: 'vieja', newPassword: long(201) },
      [['newPassword', 'La nueva contraseña no puede exceder 200 caracteres.']],
    ],
  ])('refuses the password change %j', (body, issues) => {
    expect(issuesOf(passwordBody, body)).toEqual(issues);
  });

  it('accepts a new password of 200 characters', () => {
    expect(passwordBody.safeParse({ currentPassword: 'vieja', newPassword: long(200) }).success).toBe(true);
  });
});

describe('user and authResponse (responses)', () => {
  const sent = { id: 1, nombre: 'Ana', apellido: null, email: 'ana@example.com', rol: 'organizer' };

  it('sends the user without its password hash', () => {
    expect(user.parse({ ...sent, passwordHash: 'argon2id$...' })).toEqual(sent);
    expect(authResponse.parse({ user: { ...sent, passwordHash: 'x' }, token: 't0k3n', extra: 1 })).toEqual({
      user: sent,
      token: 't0k3n',
    });
  });

  it('labels the roles in Spanish', () => {
    expect(roles.map((rol) => rolLabels[rol])).toEqual(['Administrador', 'Organizador', 'Personal de barra']);
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
