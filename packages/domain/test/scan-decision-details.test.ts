import { describe, expect, it } from 'vitest';
import { decideScan, effectiveTicketState, type ScanTicketType } from '../src/scan-rules';
import {
  activo,
  at,
  end,
  intervalos,
  invalidado,
  porCantidad,
  servable,
  start,
  temporal,
} from './support/scan-fixtures';

const served = (count: number) => Array.from({ length: count }, (_, i) => at(i));
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

describe('decideScan, drinks left after a por_cantidad scan', () => {
  it.each([
    [0, { allowed: true, remainingDrinks: 2, canConsumeAgain: true }],
    [1, { allowed: true, remainingDrinks: 1, canConsumeAgain: true }],
    [2, { allowed: true, remainingDrinks: 0, canConsumeAgain: false }],
    [3, { allowed: false, reason: 'agotado', remainingDrinks: 0, canConsumeAgain: false }],
    [7, { allowed: false, reason: 'agotado', remainingDrinks: 0, canConsumeAgain: false }],
  ])('with 3 drinks and %i served: %o', (used, expected) => {
    const decision = decideScan(servable(porCantidad(3), { consumos: served(used), now: at(30) }));
    expect(decision).toMatchObject(expected);
    expect(decision.nextAllowedTime).toBeUndefined();
  });

  it('says so in Spanish when it serves', () => {
    expect(decideScan(servable(porCantidad(3)))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 2,
      canConsumeAgain: true,
    });
  });
});

describe('decideScan, intervalos_controlados', () => {
  const tipo = intervalos(30, 4);

  it('serves and counts down, with the next drink one interval from now', () => {
    const decision = decideScan(servable(tipo, { consumos: [at(0), at(30)], now: at(75) }));
    expect(decision).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 1,
      nextAllowedTime: at(105),
      canConsumeAgain: false,
    });
  });

  it('serves the last drink with none left', () => {
    const decision = decideScan(servable(tipo, { consumos: [at(0), at(30), at(60)], now: at(90) }));
    expect(decision).toMatchObject({ allowed: true, remainingDrinks: 0, canConsumeAgain: false });
  });

  it('refuses inside the interval and still counts the drinks left, this one not served', () => {
    const decision = decideScan(servable(tipo, { consumos: [at(0), at(30)], now: at(59) }));
    expect(decision).toEqual({
      allowed: false,
      reason: 'intervalo',
      message: 'Debe esperar hasta las 21:00 para la siguiente bebida',
      remainingDrinks: 2,
      nextAllowedTime: at(60),
      canConsumeAgain: false,
    });
  });

  it('waits from the latest drink even when the drinks come unordered', () => {
    const decision = decideScan(servable(tipo, { consumos: [at(40), at(10), at(25)], now: at(60) }));
    expect(decision).toMatchObject({ reason: 'intervalo', nextAllowedTime: at(70), remainingDrinks: 1 });
  });

  it('refuses one millisecond before the interval ends and serves at its end', () => {
    const early = decideScan(servable(tipo, { consumos: [at(0)], now: ms(at(30), -1) }));
    expect(early).toMatchObject({ allowed: false, reason: 'intervalo', nextAllowedTime: at(30) });
    expect(decideScan(servable(tipo, { consumos: [at(0)], now: at(30) })).allowed).toBe(true);
  });

  it('gives no count when the type has no maximum', () => {
    const uncounted = intervalos(30, null);
    expect(decideScan(servable(uncounted, { consumos: served(40), now: at(100) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      nextAllowedTime: at(130),
      canConsumeAgain: false,
    });
    const early = decideScan(servable(uncounted, { consumos: [at(90)], now: at(100) }));
    expect(early).toMatchObject({ reason: 'intervalo', nextAllowedTime: at(120) });
    expect(early.remainingDrinks).toBeUndefined();
  });

  it('writes the times in the time zone it is given', () => {
    const options = { consumos: [at(0)], now: at(10), timeZone: 'UTC' };
    expect(decideScan(servable(tipo, options)).message).toBe(
      'Debe esperar hasta las 18:30 para la siguiente bebida',
    );
    const early = decideScan(servable(tipo, { ...options, now: at(-10) }));
    expect(early.message).toBe('El ticket aún no es válido (a partir de las 18:00)');
  });
});

describe('decideScan, the mode decides which limits apply', () => {
  const stray = { maxDrinks: 2, drinkIntervalMinutes: 30 };

  it('lets a temporal ticket drink without limit even if it carries a count and an interval', () => {
    const tipo: ScanTicketType = { ...temporal(), ...stray };
    expect(decideScan(servable(tipo, { consumos: served(5), now: at(5) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
  });

  it('ignores an interval on a por_cantidad ticket', () => {
    const tipo: ScanTicketType = { ...porCantidad(3), drinkIntervalMinutes: 30 };
    expect(decideScan(servable(tipo, { consumos: [at(59)], now: at(60) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 1,
      canConsumeAgain: true,
    });
  });

  it('counts an intervalos ticket that has no interval like a por_cantidad one', () => {
    const tipo: ScanTicketType = { ...intervalos(30, 3), drinkIntervalMinutes: null };
    expect(decideScan(servable(tipo, { consumos: [at(59)], now: at(60) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 1,
      canConsumeAgain: true,
    });
  });

  it('serves a por_cantidad ticket without a maximum without counting', () => {
    const tipo: ScanTicketType = { ...porCantidad(3), maxDrinks: null };
    expect(decideScan(servable(tipo, { consumos: served(10) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
  });
});

describe('decideScan, the validity window is inclusive to the millisecond', () => {
  it.each([
    [ms(start, -1), 'no_valido_aun'],
    [start, 'ok'],
    [end, 'ok'],
    [ms(end, 1), 'caducado'],
  ])('at %s: %s', (now, reason) => {
    expect(decideScan(servable(porCantidad(3), { now })).reason).toBe(reason);
  });
});

describe('effectiveTicketState (invalidado > caducado > agotado > activo)', () => {
  const late = ms(end, 1);
  const tipo = porCantidad(2);

  it.each([
    ['invalidado and caducado', 'invalidado', invalidado, 0, late],
    ['invalidado and agotado', 'invalidado', invalidado, 2, at(1)],
    ['invalidado, caducado and agotado', 'invalidado', invalidado, 2, late],
    ['caducado and agotado', 'caducado', activo, 2, late],
    ['only caducado', 'caducado', activo, 0, late],
    ['only agotado', 'agotado', activo, 2, at(1)],
    ['over its maximum', 'agotado', activo, 5, at(1)],
    ['one drink left', 'activo', activo, 1, at(1)],
    ['at the last instant of its window', 'activo', activo, 1, end],
    ['used up at the last instant of its window', 'agotado', activo, 2, end],
    ['not valid yet', 'activo', activo, 0, ms(start, -1)],
  ] as const)('a ticket %s is %s', (_, expected, ticket, used, now) => {
    expect(effectiveTicketState(ticket, tipo, used, now)).toBe(expected);
  });

  it('counts intervalos tickets and never temporal ones', () => {
    expect(effectiveTicketState(activo, intervalos(30, 2), 2, at(1))).toBe('agotado');
    expect(effectiveTicketState(activo, { ...temporal(), maxDrinks: 2 }, 2, at(1))).toBe('activo');
    expect(effectiveTicketState(activo, { ...tipo, maxDrinks: null }, 9, at(1))).toBe('activo');
  });

  it('agrees with decideScan on which tickets are used up', () => {
    for (const used of [0, 1, 2, 3]) {
      const decision = decideScan(servable(tipo, { consumos: served(used), now: at(60) }));
      expect(effectiveTicketState(activo, tipo, used, at(60)) === 'agotado').toBe(
        decision.reason === 'agotado',
      );
    }
  });
});
