import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  barraNombre,
  barras,
  barrasPermitidas,
  corteDiario,
  CORTE_DIARIO_PATTERN,
  DEFAULT_CORTE_DIARIO,
  duplicateBars,
  EVENT_BAR_LIMITS,
  eventBarMessages,
  eventBarsFields,
  maxDrinksPerDay,
  renameBarBody,
  unknownBars,
} from '../src/event-bars';

/** The issues of a failed parse as `path: message`. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('an event’s bars', () => {
  it('takes trimmed names of 1–40 characters, at most 50, in order', () => {
    expect(barras.parse([' Barra Norte ', 'VIP'])).toEqual(['Barra Norte', 'VIP']);
    expect(barras.parse([])).toEqual([]);
    expect(barraNombre.parse('x'.repeat(40))).toHaveLength(40);
    const fifty = Array.from({ length: 50 }, (_, i) => `Barra ${i}`);
    expect(barras.parse(fifty)).toHaveLength(50);
  });

  it('refuses an empty name, a long one, and more than 50 bars', () => {
    expect(issues(barras, ['Norte', '  '])).toEqual(['1: El nombre de la barra es obligatorio']);
    expect(issues(barras, ['x'.repeat(41)])).toEqual([
      '0: El nombre de la barra no puede exceder 40 caracteres',
    ]);
    expect(issues(barras, [3])).toEqual(['0: El nombre de la barra es obligatorio']);
    const many = Array.from({ length: 51 }, (_, i) => `Barra ${i}`);
    expect(issues(barras, many)).toEqual([': Un evento no puede tener más de 50 barras']);
    expect(issues(barras, 'Norte')).toEqual([': Las barras deben ser una lista de nombres']);
  });

  it('refuses two bars with one name, in any case and spacing', () => {
    expect(issues(barras, ['Norte', 'Sur', ' NORTE'])).toEqual([': Hay barras con el mismo nombre']);
    expect(issues(barras, ['Barra Ñ', 'barra ñ'])).toEqual([': Hay barras con el mismo nombre']);
    expect(barras.safeParse(['Norte', 'Norte 2']).success).toBe(true);
    expect(duplicateBars(['a', 'B', 'A ', 'b', 'c'])).toEqual(['A ', 'b']);
    expect(duplicateBars([])).toEqual([]);
  });

  it('reads the cut-off as HH:mm, 00:00–23:59', () => {
    expect(DEFAULT_CORTE_DIARIO).toBe('06:00');
    for (const value of ['00:00', '06:00', '23:59', ' 05:30 ']) {
      expect(corteDiario.safeParse(value).success, value).toBe(true);
    }
    expect(corteDiario.parse(' 05:30 ')).toBe('05:30');
    for (const value of ['24:00', '6:00', '06:60', '0600', '', '06:00:00', 6]) {
      expect(issues(corteDiario, value), String(value)).toEqual([
        ': La hora de corte debe tener el formato HH:mm (00:00–23:59)',
      ]);
    }
    expect(CORTE_DIARIO_PATTERN.test('19:45')).toBe(true);
  });

  it('takes both as optional fields of an event body', () => {
    expect(eventBarsFields.parse({})).toEqual({});
    expect(eventBarsFields.parse({ barras: ['Norte'], corteDiario: '04:00' })).toEqual({
      barras: ['Norte'],
      corteDiario: '04:00',
    });
    expect(issues(eventBarsFields, { barras: ['a', 'A'], corteDiario: '4' })).toEqual([
      'barras: Hay barras con el mismo nombre',
      'corteDiario: La hora de corte debe tener el formato HH:mm (00:00–23:59)',
    ]);
  });

  it('renames a bar {de, a}', () => {
    expect(renameBarBody.parse({ de: ' Norte ', a: 'Norte 1' })).toEqual({ de: 'Norte', a: 'Norte 1' });
    expect(issues(renameBarBody, { de: '', a: 'x'.repeat(41) })).toEqual([
      'de: El nombre de la barra es obligatorio',
      'a: El nombre de la barra no puede exceder 40 caracteres',
    ]);
  });
});

describe('a ticket type’s per-day limit and bars', () => {
  it('takes a per-day limit of 1–50, or none', () => {
    expect(maxDrinksPerDay.parse(1)).toBe(1);
    expect(maxDrinksPerDay.parse(50)).toBe(50);
    expect(maxDrinksPerDay.parse(null)).toBeNull();
    expect(maxDrinksPerDay.parse(undefined)).toBeNull();
    for (const value of [0, 51, 2.5, '3']) {
      expect(issues(maxDrinksPerDay, value), String(value)).toEqual([
        ': El límite diario debe ser un número entero entre 1 y 50',
      ]);
    }
    expect(EVENT_BAR_LIMITS).toEqual({
      nombreMax: 40,
      barrasMax: 50,
      maxDrinksPerDayMin: 1,
      maxDrinksPerDayMax: 50,
    });
  });

  it('takes a non-empty list of bars without repeats, or none (every bar)', () => {
    expect(barrasPermitidas.parse(['VIP', ' Norte'])).toEqual(['VIP', 'Norte']);
    expect(barrasPermitidas.parse(null)).toBeNull();
    expect(barrasPermitidas.parse(undefined)).toBeNull();
    expect(issues(barrasPermitidas, [])).toEqual([': Elige al menos una barra o ninguna restricción']);
    expect(issues(barrasPermitidas, 'VIP')).toEqual([': Las barras deben ser una lista de nombres']);
    expect(issues(barrasPermitidas, ['VIP', 'vip'])).toEqual([': Hay barras con el mismo nombre']);
    expect(issues(barrasPermitidas, ['x'.repeat(41)])).toEqual([`0: ${eventBarMessages.nombreMax}`]);
    const many = Array.from({ length: 51 }, (_, i) => `Barra ${i}`);
    expect(issues(barrasPermitidas, many)).toEqual([': Un evento no puede tener más de 50 barras']);
  });

  it('names the allowed bars the event does not have', () => {
    expect(unknownBars(['VIP', ' norte '], ['Norte', 'Sur', 'vip'])).toEqual([]);
    expect(unknownBars(['VIP', 'Terraza', 'Sur'], ['Norte', 'Sur'])).toEqual(['VIP', 'Terraza']);
    expect(unknownBars([], [])).toEqual([]);
    expect(eventBarMessages.barraDesconocida).toBe(
      'Alguna de las barras permitidas no es una barra del evento',
    );
  });
});
