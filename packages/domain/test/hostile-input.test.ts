import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoRequestBody } from '../src/demo-request';
import { eventoBody } from '../src/events';
import { idNumber, idParam, MAX_ID } from '../src/ids';
import { dateYearsMessage, isCalendarDay, isoDateTime } from '../src/iso-date-time';
import { createOrderBody, ordersQuery } from '../src/orders';
import { consumeBody } from '../src/scanner';
import { findUnstorableText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../src/text';
import { ticketTypeBody } from '../src/ticket-types';
import { setSpanishValidationMessages, spanishErrorMap } from '../src/validation-messages';

// docs/rules/operations.md: hostile input is invalid input (400), never a fault of the database (500).

describe('isStorableText and findUnstorableText', () => {
  it('refuse NUL and lone surrogates, and accept any other text, emoji included', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'a\uDBFFb', '\uDFFF\uD800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'Cañas y copas', '🍺 doble', 'ǅ€Œ’“”…—', '\uD83C\uDF7A']) {
      expect(isStorableText(good), good).toBe(true);
    }
  });

  it('accept every well-formed string and refuse it with a NUL anywhere', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), (text, at) => {
        const clean = text.replaceAll('\u0000', '');
        const position = at % (clean.length + 1);
        expect(isStorableText(clean)).toBe(true);
        expect(isStorableText(`${clean.slice(0, position)}\u0000${clean.slice(position)}`)).toBe(false);
      }),
    );
  });

  it('finds the path of the first bad text in a body, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findUnstorableText({ nombre: 'Ana', 'cla\u0000ve': 1 })).toEqual([]);
    expect(findUnstorableText({ d: { 'x\uD800': 1 } })).toEqual(['d']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ a: 'ok', n: 5, b: null, t: true, buf: Buffer.from([0]) })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(findUnstorableText(deep)).toHaveLength(depth);
  });

  it('answer such a text in Spanish', () => {
    expect(UNSTORABLE_TEXT_MESSAGE).toBe('El texto contiene caracteres no permitidos');
  });
});

describe('ids', () => {
  it('stop at the largest integer the database holds, in bodies, paths and queries', () => {
    expect(idNumber('mal').safeParse(MAX_ID).success).toBe(true);
    expect(idNumber('mal').safeParse(MAX_ID + 1).success).toBe(false);
    expect(idParam('El id').safeParse(String(MAX_ID)).success).toBe(true);
    expect(idParam('El id').safeParse(String(2 ** 31)).error?.issues[0]?.message).toBe('El id no es válido');
    expect(idParam('El id').safeParse('1e300').success).toBe(false);
    const order = { eventoId: 2 ** 31, nombreCompleto: 'Ana', email: 'ana@example.com' };
    expect(createOrderBody.safeParse(order).error?.issues[0]?.path).toEqual(['eventoId']);
    expect(ordersQuery.safeParse({ ticketTypeId: '9999999999' }).success).toBe(false);
  });
});

const validTicketType = {
  eventoId: 1,
  nombre: 'General',
  modo: 'por_cantidad',
  maxDrinks: 3,
  drinkType: 'todo',
  validoDesde: '2026-07-04T20:00:00.000Z',
  validoHasta: '2026-07-05T02:00:00.000Z',
};
const validEvent = {
  nombre: 'Fiesta',
  ubicacion: 'Madrid',
  fechaInicio: '2026-07-04T20:00:00.000Z',
  fechaFin: '2026-07-05T02:00:00.000Z',
};

describe('dates', () => {
  const schema = isoDateTime('La fecha no es válida');

  it.each([
    ['February 30th', '2026-02-30T10:00:00.000Z'],
    ['November 31st', '2026-11-31T10:00:00.000Z'],
    ['February 29th of a common year', '2027-02-29T10:00:00Z'],
    ['day 00', '2026-07-00T10:00:00Z'],
    ['hour 24', '2026-07-04T24:00:00Z'],
    ['minute 60', '2026-07-04T20:60:00Z'],
    ['second 60', '2026-07-04T20:00:60Z'],
  ])('refuses %s instead of moving it to another day', (_, value) => {
    expect(schema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
      'La fecha no es válida',
    ]);
  });

  it('accepts February 29th of a leap year', () => {
    expect(schema.safeParse('2028-02-29T10:00:00Z').success).toBe(true);
  });

  it.each(['0000-01-01T00:00:00Z', '1999-12-31T23:00:00Z', '2101-01-01T00:00:00Z', '9999-12-31T10:00:00Z'])(
    'refuses the year of %s with a message that names the years allowed',
    (value) => {
      expect(schema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([dateYearsMessage]);
      expect(dateYearsMessage).toBe('La fecha debe estar entre los años 2000 y 2100');
    },
  );

  it('refuses impossible dates on events and ticket types', () => {
    for (const [field, value] of [
      ['fechaInicio', '2026-02-30T20:00:00.000Z'],
      ['fechaFin', '2026-11-31T02:00:00.000Z'],
      ['fechaInicio', '0000-07-04T20:00:00.000Z'],
    ] as const) {
      const result = eventoBody.safeParse({ ...validEvent, [field]: value });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        value,
      ).toContain(field);
    }
    for (const [field, value] of [
      ['validoDesde', '2026-02-30T20:00:00.000Z'],
      ['validoHasta', '2026-11-31T02:00:00.000Z'],
      ['validoHasta', '0000-07-05T02:00:00.000Z'],
    ] as const) {
      const result = ticketTypeBody.safeParse({ ...validTicketType, [field]: value });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        value,
      ).toContain(field);
    }
  });

  it('checks calendar days of filters and demo requests the same way', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(ordersQuery.safeParse({ desde: '0000-01-01' }).success).toBe(false);
    const demo = { name: 'Ana', email: 'ana@example.com', acceptTerms: true };
    expect(demoRequestBody.safeParse({ ...demo, eventDate: '2026-09-12' }).success).toBe(true);
    for (const eventDate of ['2026-02-30', '0000-01-01', '2026-11-31T10:00:00Z']) {
      expect(demoRequestBody.safeParse({ ...demo, eventDate }).success, eventDate).toBe(false);
    }
  });
});

describe('Spanish validation messages', () => {
  setSpanishValidationMessages();
  const english = /invalid input|expected|received|too (big|small)|unrecognized|must|required/i;

  it('replace every English message zod would give where a schema names none', () => {
    const schema = z.object({
      texto: z.string(),
      numero: z.number().int().min(1).max(5),
      corto: z.string().max(3),
      lista: z.array(z.string()).min(1),
      opcion: z.enum(['a', 'b']),
      fecha: z.iso.datetime(),
      email: z.email(),
      anidado: z.strictObject({ a: z.boolean() }),
      union: z.union([z.string(), z.number()]),
    });
    const result = schema.safeParse({
      numero: 1.5,
      corto: 'demasiado',
      lista: [],
      opcion: 'c',
      fecha: 'ayer',
      email: 'no',
      anidado: { a: 'x', b: 1 },
      union: {},
    });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.length).toBeGreaterThanOrEqual(9);
    for (const message of messages) expect(message).not.toMatch(english);
    expect(z.object({}).safeParse('texto').error?.issues[0]?.message).toBe('Debe ser un objeto');
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'Este campo es obligatorio',
    );
  });

  it('has a Spanish message for every issue code, without the value sent', () => {
    const secret = 'clave-secreta-123';
    const issues = [
      { code: 'invalid_type', expected: 'string', input: 5 },
      { code: 'too_big', origin: 'number', maximum: 5, inclusive: true, input: 9 },
      { code: 'too_small', origin: 'array', minimum: 2, inclusive: true, input: [] },
      { code: 'invalid_format', format: 'regex', input: secret },
      { code: 'not_multiple_of', divisor: 2, input: 3 },
      { code: 'unrecognized_keys', keys: [secret], input: {} },
      { code: 'invalid_key', origin: 'record', issues: [], input: secret },
      { code: 'invalid_element', origin: 'map', key: secret, issues: [], input: secret },
      { code: 'invalid_union', errors: [], input: secret },
      { code: 'invalid_value', values: ['a'], input: secret },
      { code: 'custom', input: secret },
    ] as unknown as Parameters<typeof spanishErrorMap>[0][];
    for (const issue of issues) {
      const message = spanishErrorMap(issue);
      expect(typeof message === 'string' && message.length > 0, issue.code).toBe(true);
      expect(message).not.toMatch(english);
      expect(message).not.toContain(secret);
    }
  });

  it('tell a non-text drink from a long one in the consume body', () => {
    const messageFor = (tipoBebida: unknown) =>
      consumeBody.safeParse({ qrCode: 'abc', tipoBebida }).error?.issues[0]?.message;
    expect(messageFor(5)).toBe('El tipo de bebida debe ser un texto');
    expect(messageFor('x'.repeat(51))).toBe('El tipo de bebida no puede exceder 50 caracteres');
    expect(consumeBody.safeParse({ qrCode: 'abc', barra: 7 }).error?.issues[0]?.message).toBe(
      'El nombre de la barra debe ser un texto',
    );
  });
});
