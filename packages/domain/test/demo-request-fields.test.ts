import { describe, expect, it } from 'vitest';
import { demoRequestBody, eventTypeLabels, eventTypes } from '../src/demo-request';

const valid = { name: 'Lucía', email: 'lucia@example.com', acceptTerms: 'true' };
const parse = (extra: Record<string, unknown>) => demoRequestBody.parse({ ...valid, ...extra });
const issuesOf = (body: unknown) =>
  demoRequestBody.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('demoRequestBody, what a client may send', () => {
  it('takes absent and null optional fields as null', () => {
    const empty = { phone: null, eventType: null, guestCount: null, eventDate: null, message: null };
    expect(parse({})).toEqual({ name: 'Lucía', email: 'lucia@example.com', ...empty, acceptTerms: true });
    expect(parse(empty)).toEqual({ name: 'Lucía', email: 'lucia@example.com', ...empty, acceptTerms: true });
  });

  it('trims text fields, and takes blank ones as not given', () => {
    expect(
      parse({ name: '  Lucía ', email: ' lucia@example.com ', phone: ' +34 600 ', message: ' Hola ' }),
    ).toMatchObject({ name: 'Lucía', email: 'lucia@example.com', phone: '+34 600', message: 'Hola' });
    expect(parse({ phone: '   ', guestCount: '   ', eventDate: '   ' })).toMatchObject({
      phone: null,
      guestCount: null,
      eventDate: null,
    });
  });

  it('accepts the terms as a boolean or as the text the form sends', () => {
    expect(parse({ acceptTerms: true }).acceptTerms).toBe(true);
    expect(parse({ acceptTerms: 'true' }).acceptTerms).toBe(true);
  });

  it('takes the guest count as a number or as text, from 1 to a million', () => {
    expect(parse({ guestCount: 1 }).guestCount).toBe(1);
    expect(parse({ guestCount: ' 250 ' }).guestCount).toBe(250);
    expect(parse({ guestCount: 1_000_000 }).guestCount).toBe(1_000_000);
  });

  it('keeps only the day of the event date', () => {
    expect(parse({ eventDate: '2027-06-12T10:00:00Z' }).eventDate).toBe('2027-06-12');
    expect(parse({ eventDate: ' 2027-06-12 ' }).eventDate).toBe('2027-06-12');
  });

  it('accepts every event type, and long texts up to their limits', () => {
    for (const eventType of eventTypes) expect(parse({ eventType }).eventType).toBe(eventType);
    const long = { name: 'n'.repeat(200), phone: '6'.repeat(40), message: 'm'.repeat(5000) };
    expect(demoRequestBody.safeParse({ ...valid, ...long }).success).toBe(true);
  });

  it('labels the event types in Spanish', () => {
    expect(eventTypes.map((type) => eventTypeLabels[type])).toEqual([
      'Boda',
      'Cumpleaños',
      'Evento corporativo',
      'Festival',
      'Otro',
    ]);
  });
});

describe('demoRequestBody, what it refuses, in Spanish', () => {
  const terms = 'Debes aceptar los términos y condiciones';
  const guests = 'El número de invitados debe ser un entero positivo';
  const date = 'La fecha del evento no es válida';

  it.each([
    ['no name', { ...valid, name: undefined }, ['name', 'El nombre es obligatorio']],
    ['a blank name', { ...valid, name: '  ' }, ['name', 'El nombre es obligatorio']],
    ['a long name', { ...valid, name: 'n'.repeat(201) }, ['name', 'El nombre es demasiado largo']],
    ['no email', { ...valid, email: null }, ['email', 'El email es obligatorio']],
    ['a blank email', { ...valid, email: ' ' }, ['email', 'El email es obligatorio']],
    [
      'a long email',
      { ...valid, email: `${'a'.repeat(250)}@b.es` },
      ['email', 'El email es demasiado largo'],
    ],
    ['a bad email', { ...valid, email: 'lucia@' }, ['email', 'Email inválido']],
    ['a long phone', { ...valid, phone: '6'.repeat(41) }, ['phone', 'El teléfono es demasiado largo']],
    ['an unknown event type', { ...valid, eventType: 'funeral' }, ['eventType', 'Tipo de evento no válido']],
    ['a guest count of 0', { ...valid, guestCount: '0' }, ['guestCount', guests]],
    ['a negative guest count', { ...valid, guestCount: -3 }, ['guestCount', guests]],
    ['a fractional guest count', { ...valid, guestCount: '2.5' }, ['guestCount', guests]],
    ['too many guests', { ...valid, guestCount: 1_000_001 }, ['guestCount', guests]],
    ['a text guest count', { ...valid, guestCount: 'muchos' }, ['guestCount', guests]],
    ['a yes/no guest count', { ...valid, guestCount: true }, ['guestCount', guests]],
    ['a date in words', { ...valid, eventDate: 'June 12, 2027' }, ['eventDate', date]],
    ['a one-digit day', { ...valid, eventDate: '2027-06-1' }, ['eventDate', date]],
    ['an extended year', { ...valid, eventDate: '+002027-06-12' }, ['eventDate', date]],
    ['an impossible month', { ...valid, eventDate: '2027-13-12' }, ['eventDate', date]],
    [
      'a long message',
      { ...valid, message: 'm'.repeat(5001) },
      ['message', 'El mensaje no puede exceder 5000 caracteres'],
    ],
    ['terms refused as text', { ...valid, acceptTerms: 'false' }, ['acceptTerms', terms]],
    ['terms refused', { ...valid, acceptTerms: false }, ['acceptTerms', terms]],
    ['terms not sent', { name: 'A', email: 'a@b.es' }, ['acceptTerms', terms]],
    ['terms as other text', { ...valid, acceptTerms: 'sí' }, ['acceptTerms', terms]],
  ])('refuses %s', (_, body, issue) => {
    expect(issuesOf(body)).toEqual([issue]);
  });
});
