import { describe, expect, it } from 'vitest';
import { homePathFor, loginBody, passwordBody, registerBody } from '../src/auth';

describe('registerBody', () => {
  it('trims text, defaults the role to organizer and turns an empty apellido into null', () => {
    const parsed = registerBody.parse({
      email: '  ana@example.com ',
      password: 'secreto',
      nombre: ' Ana ',
      apellido: '',
    });
    expect(parsed).toEqual({
      email: 'ana@example.com',
      password: 'secreto',
      nombre: 'Ana',
      apellido: null,
      rol: 'organizer',
    });
  });

  it('refuses an admin self-registration', () => {
    const result = registerBody.safeParse({
      email: 'a@b.es',
      password: 'secreto',
      nombre: 'A',
      rol: 'admin',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['rol']);
  });

  it.each([
    ['email', { email: 'no-es-un-email', password: 'secreto', nombre: 'A' }, 'Email inválido'],
    [
      'password',
      { email: 'a@b.es', password: '12345', nombre: 'A' },
      'La contraseña debe tener al menos 6 caracteres.',
    ],
    ['nombre', { email: 'a@b.es', password: 'secreto', nombre: '   ' }, 'El nombre es obligatorio'],
  ])('explains an invalid %s in Spanish', (field, body, message) => {
    const result = registerBody.safeParse(body);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('accepts a 200-character password and refuses 201', () => {
    const base = { email: 'a@b.es', nombre: 'A' };
    expect(registerBody.safeParse({ ...base, password: 'x'.repeat(200) }).success).toBe(true);
    expect(registerBody.safeParse({ ...base, password: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('loginBody and passwordBody', () => {
  it('requires both login fields', () => {
    expect(
      loginBody.safeParse({ email: '', password: '' }).error?.issues.map((issue) => issue.path[0]),
    ).toEqual(['email', 'password']);
  });

  it('requires a new password of at least 6 characters', () => {
    const result = passwordBody.safeParse({ currentPassword: 'viejo', newPassword: 'corta' });
    expect(result.error?.issues[0]?.message).toBe('La nueva contraseña debe tener al menos 6 caracteres.');
  });
});

describe('homePathFor', () => {
  it('sends each role to its home', () => {
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('organizer')).toBe('/organizer');
    expect(homePathFor('scanner')).toBe('/barra');
  });
});
