import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { spanishErrorMap } from '../src/validation-messages';

/** The messages a schema reports when the Spanish map fills in for zod's English ones. */
const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value, { error: spanishErrorMap });
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues.map((issue) => issue.message);
};

/** The map's answer for an issue zod's schemas do not build on their own (e.g. expected 'int'). */
const direct = (issue: Record<string, unknown>): unknown =>
  spanishErrorMap({ input: 'x', path: [], ...issue } as unknown as Parameters<typeof spanishErrorMap>[0]);

describe('spanishErrorMap: invalid_type', () => {
  it.each([
    ['string', z.string(), 1, 'Debe ser un texto'],
    ['number', z.number(), 'x', 'Debe ser un número'],
    ['bigint', z.bigint(), 'x', 'Debe ser un número entero'],
    ['boolean', z.boolean(), 'x', 'Debe ser verdadero o falso'],
    ['array', z.array(z.string()), 'x', 'Debe ser una lista'],
    ['tuple', z.tuple([z.string()]), 'x', 'Debe ser una lista'],
    ['object', z.object({}), 'x', 'Debe ser un objeto'],
    ['record', z.record(z.string(), z.string()), 'x', 'Debe ser un objeto'],
    ['date', z.date(), 'x', 'Debe ser una fecha'],
    ['null', z.null(), 'x', 'Debe ser nulo'],
  ])('names the expected %s in Spanish', (_name, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });

  it('names an expected int', () => {
    expect(direct({ code: 'invalid_type', expected: 'int' })).toBe('Debe ser un número entero');
  });

  it('answers a generic message for a type it has no name for', () => {
    expect(messages(z.symbol(), 'x')).toEqual(['El tipo no es válido']);
  });

  it('says the field is required when nothing was sent', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['Este campo es obligatorio']);
  });
});

describe('spanishErrorMap: too_big', () => {
  it.each([
    ['a text', z.string().max(3), 'abcd', 'No puede tener más de 3 caracteres'],
    ['a list', z.array(z.number()).max(1), [1, 2], 'No puede tener más de 1 elementos'],
    ['a set', z.set(z.number()).max(1), new Set([1, 2]), 'No puede tener más de 1 elementos'],
    ['a date', z.date().max(new Date(0)), new Date(1), 'La fecha es demasiado tardía'],
    ['an inclusive number', z.number().max(3), 4, 'Debe ser como máximo 3'],
    ['an exclusive number', z.number().lt(3), 3, 'Debe ser menor que 3'],
  ])('%s', (_name, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });
});

describe('spanishErrorMap: too_small', () => {
  it.each([
    ['an empty text', z.string().min(1), '', 'No puede estar vacío'],
    ['a text shorter than 2', z.string().min(2), 'a', 'Debe tener al menos 2 caracteres'],
    ['an empty list', z.array(z.number()).min(1), [], 'Debe tener al menos 1 elementos'],
    ['a small list', z.array(z.number()).min(2), [1], 'Debe tener al menos 2 elementos'],
    ['a small set', z.set(z.number()).min(2), new Set([1]), 'Debe tener al menos 2 elementos'],
    ['a date', z.date().min(new Date(10)), new Date(1), 'La fecha es demasiado temprana'],
    ['a number below 1', z.number().min(1), 0, 'Debe ser como mínimo 1'],
    ['an inclusive number', z.number().min(3), 2, 'Debe ser como mínimo 3'],
    ['an exclusive number', z.number().gt(3), 3, 'Debe ser mayor que 3'],
  ])('%s', (_name, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });
});

describe('spanishErrorMap: the other issue kinds', () => {
  it('an email', () => {
    expect(messages(z.email(), 'no-es-email')).toEqual(['Email inválido']);
  });

  it('another format', () => {
    expect(messages(z.string().regex(/^a$/), 'b')).toEqual(['El formato no es válido']);
    expect(messages(z.uuid(), 'b')).toEqual(['El formato no es válido']);
  });

  it('a multiple', () => {
    expect(messages(z.number().multipleOf(5), 3)).toEqual(['Debe ser múltiplo de 5']);
  });

  it('lists the allowed values when there are several', () => {
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Debe ser uno de estos valores: a, b']);
  });

  it('does not list a single allowed value', () => {
    expect(messages(z.literal('a'), 'c')).toEqual(['Valor no permitido']);
  });

  it('unrecognized keys', () => {
    expect(messages(z.strictObject({}), { a: 1 })).toEqual(['Contiene campos no permitidos']);
  });

  it('an invalid key', () => {
    expect(direct({ code: 'invalid_key', origin: 'record', issues: [] })).toBe(
      'Contiene una clave no válida',
    );
  });

  it('an invalid element', () => {
    expect(direct({ code: 'invalid_element', origin: 'map', key: 'a', issues: [] })).toBe(
      'Contiene un elemento no válido',
    );
  });

  it('anything else', () => {
    expect(
      messages(
        z.string().refine(() => false),
        'a',
      ),
    ).toEqual(['Valor no válido']);
    expect(direct({ code: 'invalid_union', errors: [] })).toBe('Valor no válido');
  });
});
