import { describe, expect, it } from 'vitest';
import { nextPathFor, withNext } from '@/app/next-path';

describe('nextPathFor', () => {
  it.each([
    ['/organizer/evento/1', 'organizer', '/organizer/evento/1'],
    ['/organizer/tipos-ticket?evento=3', 'organizer', '/organizer/tipos-ticket?evento=3'],
    ['/organizer/evento/1', 'admin', '/organizer/evento/1'],
    ['/admin', 'admin', '/admin'],
    ['/scanner/clave-123', 'scanner', '/scanner/clave-123'],
  ] as const)('honours %s for an %s', (next, rol, expected) => {
    expect(nextPathFor(next, rol)).toBe(expected);
  });

  it.each([
    ['//evil.com', 'another host, scheme-relative'],
    ['/\\evil.com', 'a backslash a browser reads as a slash'],
    ['/\t/evil.com', 'a tab a browser drops, leaving //'],
    ['https://evil.com', 'an absolute URL'],
    ['javascript:alert(1)', 'a script URL'],
    ['organizer/eventos', 'a relative path'],
    ['', 'nothing'],
  ])('refuses %j (%s) and sends the organizer home', (next) => {
    expect(nextPathFor(next, 'organizer')).toBe('/organizer');
  });

  it('sends a role to its home when it may not open the page', () => {
    expect(nextPathFor('/admin', 'organizer')).toBe('/organizer');
    expect(nextPathFor('/admin/usuarios', 'organizer')).toBe('/organizer');
    expect(nextPathFor('/organizer/evento/1', 'scanner')).toBe('/barra');
    expect(nextPathFor('/organizer/../admin', 'organizer')).toBe('/organizer');
  });

  it('falls back to the home of the role without a next page, or with the login page as one', () => {
    expect(nextPathFor(null, 'admin')).toBe('/admin');
    expect(nextPathFor(undefined, 'organizer')).toBe('/organizer');
    expect(nextPathFor('/login?next=/admin', 'admin')).toBe('/admin');
    expect(nextPathFor('/register', 'organizer')).toBe('/organizer');
  });
});

describe('withNext', () => {
  it('adds the page to come back to, encoded, only when there is one', () => {
    expect(withNext('/login', '/organizer/tipos-ticket?evento=3&x=1')).toBe(
      '/login?next=%2Forganizer%2Ftipos-ticket%3Fevento%3D3%26x%3D1',
    );
    expect(withNext('/register', null)).toBe('/register');
  });
});
