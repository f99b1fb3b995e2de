import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
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
      paraHoy: false,
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
      paraHoy: false,
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
      paraHoy: false,
    });
    expect(topUpBody.parse({ bebidas: 2, nota: '   ' }).nota).toBeUndefined();
  });

  it('takes paraHoy, usable today too (docs/decisions/063), as a boolean only', () => {
    expect(topUpBody.parse({ bebidas: 2, paraHoy: true }).paraHoy).toBe(true);
    expect(topUpBody.parse({ bebidas: 2, paraHoy: null }).paraHoy).toBe(false);
    for (const value of ['true', 1, 'sí', {}]) {
      expect(issues(topUpBody, { bebidas: 2, paraHoy: value })).toEqual([
        'paraHoy: Usables también hoy debe ser verdadero o falso',
      ]);
    }
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
    paraHoy: false,
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
    paraHoy: false,
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
