import { describe, expect, it } from 'vitest';
import { health } from '../src/health';
import { idNumber, idParam, MAX_ID } from '../src/ids';

describe('health', () => {
  it.each([
    [{ status: 'ok', db: 'ok' }],
    [{ status: 'error', db: 'error' }],
    [{ status: 'ok', db: 'error' }],
  ])('accepts %j', (body) => {
    expect(health.parse(body)).toEqual(body);
  });

  it.each([
    [{ status: 'ok' }],
    [{ db: 'ok' }],
    [{ status: '', db: 'ok' }],
    [{ status: 'ok', db: '' }],
    [{ status: 'up', db: 'ok' }],
    [{ status: 'ok', db: 'down' }],
    [{}],
  ])('refuses %j', (body) => {
    expect(health.safeParse(body).success).toBe(false);
  });
});

describe('ids', () => {
  it('the largest id is 2^31 - 1', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
  });

  it('idNumber accepts 1 and 2^31 - 1, refuses 0, 2^31 and 1.5 with its message', () => {
    const id = idNumber('Id inválido');
    expect(id.parse(1)).toBe(1);
    expect(id.parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    for (const value of [0, -1, 2 ** 31, 1.5, '1']) {
      const result = id.safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Id inválido']);
    }
  });

  it('idParam reads the text of an id, up to 2^31 - 1', () => {
    const id = idParam('eventId');
    expect(id.parse('1')).toBe(1);
    expect(id.parse(String(2 ** 31 - 1))).toBe(2 ** 31 - 1);
  });

  it.each([
    ['abc', 'eventId debe ser un número'],
    ['1.5', 'eventId debe ser un entero'],
    ['0', 'eventId debe ser positivo'],
    ['-3', 'eventId debe ser positivo'],
    [String(2 ** 31), 'eventId no es válido'],
  ])('idParam refuses %s with its own message', (value, message) => {
    expect(
      idParam('eventId')
        .safeParse(value)
        .error?.issues.map((issue) => issue.message),
    ).toEqual([message]);
  });
});
