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
import {
  eventTopUps,
  hasAtMostTwoDecimals,
  recarga,
  recargaDeEvento,
  recargasStats,
  topUpTotals,
  TOP_UP_LIMITS,
  topUpBody,
  topUpMessages,
  topUpMetodoLabels,
  topUpMetodos,
} from '../src/topups';

/** The issues of a failed parse as `path: message`. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('topUpBody (POST /api/tickets/{id}/recargas)', () => {
  it('takes 1–50 drinks with nothing else', () => {
    expect(topUpBody.parse({ bebidas: 1 })).toEqual({
      bebidas: 1,
      importe: undefined,
      metodo: undefined,
      nota: undefined,
    });
    expect(topUpBody.parse({ bebidas: 50 }).bebidas).toBe(50);
  });

  it('takes an amount, a method and a note', () => {
    expect(
      topUpBody.parse({ bebidas: 5, importe: 12.5, metodo: 'tarjeta', nota: '  Pagado en barra  ' }),
    ).toEqual({
      bebidas: 5,
      importe: 12.5,
      metodo: 'tarjeta',
      nota: 'Pagado en barra',
    });
    expect(topUpBody.parse({ bebidas: 2, importe: 0, metodo: 'invitacion' })).toMatchObject({
      importe: 0,
      metodo: 'invitacion',
    });
    expect(topUpBody.parse({ bebidas: 2, importe: null, metodo: null, nota: null })).toEqual({
      bebidas: 2,
      importe: undefined,
      metodo: undefined,
      nota: undefined,
    });
    expect(topUpBody.parse({ bebidas: 2, nota: '   ' }).nota).toBeUndefined();
  });

  const bebidas = 'bebidas: Las bebidas de la recarga deben ser un número entero entre 1 y 50';
  it.each([[0], [51], [-1], [1.5], ['3'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses %j drinks in Spanish',
    (value) => {
      expect(issues(topUpBody, { bebidas: value })).toEqual([bebidas]);
    },
  );

  it.each([[-0.01], [-1], ['10'], [true], [Number.NaN]])('refuses the amount %j', (importe) => {
    expect(issues(topUpBody, { bebidas: 1, importe })).toEqual([
      'importe: El importe debe ser un número mayor o igual que 0',
    ]);
  });

  it.each([[0.001], [12.345], [1.005], [0.999], [0.1 + 0.2]])(
    'refuses the amount %j: more than 2 decimals',
    (importe) => {
      expect(issues(topUpBody, { bebidas: 1, importe })).toEqual([
        'importe: El importe no puede tener más de 2 decimales',
      ]);
    },
  );

  it.each([[0.1], [0.01], [19.99], [0.3], [1234567.89], [7], [0]])('accepts the amount %j', (importe) => {
    expect(topUpBody.safeParse({ bebidas: 1, importe }).success).toBe(true);
  });

  it('refuses another method and a long note', () => {
    expect(issues(topUpBody, { bebidas: 1, metodo: 'bizum' })).toEqual([
      'metodo: El método de pago debe ser efectivo, tarjeta o invitación',
    ]);
    expect(issues(topUpBody, { bebidas: 1, metodo: 'Efectivo' })).toHaveLength(1);
    expect(issues(topUpBody, { bebidas: 1, nota: 'x'.repeat(501) })).toEqual([
      'nota: La nota no puede exceder 500 caracteres',
    ]);
    expect(topUpBody.parse({ bebidas: 1, nota: `${'x'.repeat(500)}  ` }).nota).toHaveLength(500);
    expect(issues(topUpBody, { bebidas: 1, nota: 5 })).toEqual(['nota: La nota debe ser un texto']);
  });

  it('reports every bad field at once', () => {
    expect(issues(topUpBody, { bebidas: 0, importe: -1, metodo: 'x', nota: 1 })).toHaveLength(4);
  });

  it('names its limits, methods and messages', () => {
    expect(TOP_UP_LIMITS).toEqual({ bebidasMin: 1, bebidasMax: 50, notaMax: 500, importeMax: 99_999_999.99 });
    expect(topUpMetodos).toEqual(['efectivo', 'tarjeta', 'invitacion']);
    expect(topUpMetodoLabels).toEqual({ efectivo: 'Efectivo', tarjeta: 'Tarjeta', invitacion: 'Invitación' });
    expect(topUpMessages.notLimited).toBe('Las recargas solo aplican a tickets con límite de bebidas');
  });

  it('counts decimals as euros are written', () => {
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(10.1)).toBe(true);
    expect(hasAtMostTwoDecimals(10.12)).toBe(true);
    expect(hasAtMostTwoDecimals(10.125)).toBe(false);
    expect(hasAtMostTwoDecimals(10.00001)).toBe(false);
    expect(hasAtMostTwoDecimals(10.000001)).toBe(false);
    expect(hasAtMostTwoDecimals(10.0000000001)).toBe(false);
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(hasAtMostTwoDecimals(Number((cents / 100).toFixed(2)))).toBe(true);
    }
  });
});

describe('a stored top-up and the statistics’ top-ups', () => {
  const row = {
    id: 3,
    ticketId: 7,
    bebidas: 5,
    importe: 12.5,
    metodo: 'tarjeta',
    nota: 'Pagado en barra',
    creadoPor: { nombre: 'Olga' },
    createdAt: '2026-07-04T22:00:00.000Z',
  };

  it('answers a top-up with who registered it, or null once that account is gone', () => {
    expect(recarga.parse(row)).toEqual(row);
    const anonymous = { ...row, importe: null, metodo: null, nota: null, creadoPor: null };
    expect(recarga.parse(anonymous)).toEqual(anonymous);
    expect(recarga.safeParse({ ...row, creadoPor: {} }).success).toBe(false);
    expect(recarga.safeParse({ ...row, metodo: 'bizum' }).success).toBe(false);
    expect(recarga.safeParse({ ...row, bebidas: 1.5 }).success).toBe(false);
  });

  it('sums drinks and euros, never below zero', () => {
    expect(recargasStats.parse({ bebidas: 12, importe: 30.5 })).toEqual({ bebidas: 12, importe: 30.5 });
    expect(recargasStats.safeParse({ bebidas: -1, importe: 0 }).success).toBe(false);
    expect(recargasStats.safeParse({ bebidas: 0, importe: -0.5 }).success).toBe(false);
    expect(recargasStats.safeParse({ bebidas: 0 }).success).toBe(false);
  });
});

describe('an event’s top-ups report (GET /api/eventos/{id}/recargas)', () => {
  const row = {
    id: 3,
    ticketId: 7,
    bebidas: 5,
    importe: 12.5,
    metodo: 'efectivo',
    nota: null,
    creadoPor: { nombre: 'Olga' },
    createdAt: '2026-07-04T22:00:00.000Z',
    titular: 'Ana García',
    tipoTicket: 'VIP',
  };
  const totals = { recargas: 1, bebidas: 5, importe: 12.5 };
  const report = {
    total: totals,
    porMetodo: [
      { ...totals, metodo: 'efectivo' },
      { recargas: 0, bebidas: 0, importe: 0, metodo: 'tarjeta' },
      { recargas: 0, bebidas: 0, importe: 0, metodo: 'invitacion' },
      { recargas: 0, bebidas: 0, importe: 0, metodo: null },
    ],
    recargas: [row],
  };

  it('lists each top-up with the ticket’s holder and type', () => {
    expect(recargaDeEvento.parse(row)).toEqual(row);
    expect(recargaDeEvento.safeParse({ ...row, titular: undefined }).success).toBe(false);
    expect(recargaDeEvento.safeParse({ ...row, tipoTicket: 4 }).success).toBe(false);
    expect(recargaDeEvento.safeParse({ ...row, bebidas: undefined }).success).toBe(false);
  });

  it('counts top-ups, drinks and euros, never below zero', () => {
    expect(topUpTotals.parse(totals)).toEqual(totals);
    expect(topUpTotals.safeParse({ ...totals, recargas: -1 }).success).toBe(false);
    expect(topUpTotals.safeParse({ ...totals, recargas: 1.5 }).success).toBe(false);
    expect(topUpTotals.safeParse({ ...totals, bebidas: -1 }).success).toBe(false);
    expect(topUpTotals.safeParse({ ...totals, importe: -0.01 }).success).toBe(false);
  });

  it('answers the total, the totals by method (null: none given) and the top-ups', () => {
    expect(eventTopUps.parse(report)).toEqual(report);
    expect(eventTopUps.safeParse({ ...report, total: undefined }).success).toBe(false);
    expect(eventTopUps.safeParse({ ...report, porMetodo: [{ ...totals, metodo: 'bizum' }] }).success).toBe(
      false,
    );
    expect(eventTopUps.safeParse({ ...report, porMetodo: [totals] }).success).toBe(false);
    expect(eventTopUps.safeParse({ ...report, recargas: [{ ...row, titular: null }] }).success).toBe(false);
  });
});

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
