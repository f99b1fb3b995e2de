import { describe, expect, it } from 'vitest';
import { decideScan, type ScanTicketType } from '../src/scan-rules';
import { hasta, intervalos, porCantidad, scan, temporal, times, utc } from './support/festival-scans';

describe('rule 7, limite_diario', () => {
  // Saturday's festival day runs from Sat 06:00 (04:00Z) to Sun 06:00 (Sun 04:00Z).
  const friday = '2026-07-04T01:00:00Z'; // Sat 03:00, still Friday's day
  const saturday = ['2026-07-04T18:00:00Z', '2026-07-04T19:00:00Z'];

  it('counts the drinks since the last cut-off, and refuses at the limit until the next one', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 2 });
    expect(decideScan(scan(tipo, { consumos: times(friday, saturday[0]!) })).allowed).toBe(true);
    expect(decideScan(scan(tipo, { consumos: times(friday, ...saturday) }))).toEqual({
      allowed: false,
      reason: 'limite_diario',
      message: 'Límite diario alcanzado',
      remainingDrinks: 7,
      nextAllowedTime: utc('2026-07-05T04:00:00Z'),
      canConsumeAgain: false,
    });
    // At the cut-off a new day starts: served again.
    expect(
      decideScan(scan(tipo, { consumos: times(...saturday), now: utc('2026-07-05T04:00:00Z') })).allowed,
    ).toBe(true);
    expect(
      decideScan(scan(tipo, { consumos: times(...saturday), now: utc('2026-07-05T03:59:59.999Z') })).reason,
    ).toBe('limite_diario');
  });

  it('counts a drink at the cut-off as the new day’s', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 1 });
    const now = utc('2026-07-04T10:00:00Z');
    expect(decideScan(scan(tipo, { now, consumos: times('2026-07-04T04:00:00Z') })).reason).toBe(
      'limite_diario',
    );
    expect(decideScan(scan(tipo, { now, consumos: times('2026-07-04T03:59:59.999Z') })).reason).toBe('ok');
  });

  it('follows the event’s cut-off and time zone', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 1 });
    const input = scan(tipo, { consumos: times('2026-07-04T17:00:00Z'), now: utc('2026-07-04T20:00:00Z') });
    expect(decideScan({ ...input, corteDiario: '20:00' }).allowed).toBe(true); // the day began at 18:00Z
    expect(decideScan({ ...input, corteDiario: '18:00' })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-07-05T16:00:00Z'),
    });
    // In UTC, 18:00 is 18:00Z: the drink at 17:00Z was yesterday's.
    expect(decideScan({ ...input, corteDiario: '18:00', timeZone: 'UTC' }).allowed).toBe(true);
  });

  it('says when the next drink may be served: the next cut-off, null after the ticket’s end', () => {
    const consumos = times('2026-07-05T20:00:00Z');
    const now = utc('2026-07-05T21:00:00Z'); // Sun 23:00; the next cut-off is Mon 06:00 = the end
    const atEnd = decideScan(scan(porCantidad(10, { maxDrinksPerDay: 1 }), { consumos, now }));
    expect(atEnd.nextAllowedTime).toEqual(hasta);
    const earlier = porCantidad(10, { maxDrinksPerDay: 1, validoHasta: utc('2026-07-06T03:59:59.999Z') });
    expect(decideScan(scan(earlier, { consumos, now }))).toEqual({
      allowed: false,
      reason: 'limite_diario',
      message: 'Límite diario alcanzado',
      remainingDrinks: 9,
      nextAllowedTime: null,
      canConsumeAgain: false,
    });
  });

  it('comes after caducado (3 before 7): an expired ticket is caducado, with no next time', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 1 });
    const decision = decideScan(
      scan(tipo, { consumos: times('2026-07-06T03:00:00Z'), now: utc('2026-07-06T04:00:00.001Z') }),
    );
    expect(decision).toEqual({
      allowed: false,
      reason: 'caducado',
      message: 'El ticket ha caducado',
      canConsumeAgain: false,
    });
  });

  it('comes after the drink (5 before 7) and after agotado (6 before 7)', () => {
    const consumos = times(...saturday);
    const cerveza = porCantidad(10, { maxDrinksPerDay: 2, drinkType: 'cerveza' });
    expect(decideScan(scan(cerveza, { consumos, tipoBebida: 'copa' })).reason).toBe('tipo_bebida');
    expect(decideScan(scan(cerveza, { consumos, tipoBebida: 'cerveza' })).reason).toBe('limite_diario');
    const spent = porCantidad(2, { maxDrinksPerDay: 2 });
    expect(decideScan(scan(spent, { consumos }))).toMatchObject({ reason: 'agotado', remainingDrinks: 0 });
    expect(decideScan(scan(spent, { consumos, recargas: 1 }))).toMatchObject({
      reason: 'limite_diario',
      remainingDrinks: 1,
    });
  });

  it('comes before the interval (7 before 8)', () => {
    const tipo = intervalos(120, 10, { maxDrinksPerDay: 2 });
    const inside = { consumos: times(...saturday), now: utc('2026-07-04T19:30:00Z') };
    expect(decideScan(scan(tipo, inside))).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-07-05T04:00:00Z'),
    });
    expect(decideScan(scan({ ...tipo, maxDrinksPerDay: 3 }, inside))).toMatchObject({
      reason: 'intervalo',
      nextAllowedTime: utc('2026-07-04T21:00:00Z'),
      remainingDrinks: 8,
    });
  });

  it('limits a temporal ticket per day too, with no count of drinks left', () => {
    const tipo = temporal({ maxDrinksPerDay: 2 });
    expect(decideScan(scan(tipo, { consumos: times(...saturday) }))).toEqual({
      allowed: false,
      reason: 'limite_diario',
      message: 'Límite diario alcanzado',
      nextAllowedTime: utc('2026-07-05T04:00:00Z'),
      canConsumeAgain: false,
    });
    expect(decideScan(scan(tipo, { consumos: times(saturday[0]!) }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: false,
    });
    expect(decideScan(scan(tipo)).canConsumeAgain).toBe(true);
  });

  it('says whether another drink fits in the day once this one is served', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 3 });
    expect(decideScan(scan(tipo, { consumos: times(saturday[0]!) }))).toMatchObject({
      remainingDrinks: 8,
      canConsumeAgain: true,
    });
    expect(decideScan(scan(tipo, { consumos: times(...saturday) }))).toMatchObject({
      remainingDrinks: 7,
      canConsumeAgain: false,
    });
  });

  it('reads the cut-off only for a type with a per-day limit (a bad one throws there alone)', () => {
    expect(decideScan(scan(porCantidad(10), { corteDiario: 'nunca' })).allowed).toBe(true);
    expect(() => decideScan(scan(porCantidad(10, { maxDrinksPerDay: 1 }), { corteDiario: 'nunca' }))).toThrow(
      RangeError,
    );
  });

  it('does not count tomorrow’s drinks today (an offline upload judged at an earlier time)', () => {
    const tipo = porCantidad(10, { maxDrinksPerDay: 1 });
    expect(decideScan(scan(tipo, { consumos: times('2026-07-05T05:00:00Z') })).allowed).toBe(true);
  });
});

describe('rule 7 across the daylight-saving nights of 2026 in Madrid', () => {
  const span = (from: string, to: string, extra: Partial<ScanTicketType> = {}) =>
    porCantidad(20, { validoDesde: utc(from), validoHasta: utc(to), maxDrinksPerDay: 1, ...extra });
  const march = span('2026-03-27T12:00:00Z', '2026-04-02T12:00:00Z');
  const october = span('2026-10-23T12:00:00Z', '2026-10-28T12:00:00Z');

  it('29 March, 06:00: the day after the change begins at 04:00Z (summer time)', () => {
    const consumos = times('2026-03-29T03:00:00Z'); // 05:00 summer time, Saturday's day
    expect(decideScan(scan(march, { consumos, now: utc('2026-03-29T03:59:59Z') }))).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-03-29T04:00:00Z'),
    });
    expect(decideScan(scan(march, { consumos, now: utc('2026-03-29T04:00:00Z') })).allowed).toBe(true);
  });

  it('29 March, 02:30 (skipped by the clock): the day ends at the change, 01:00Z', () => {
    const consumos = times('2026-03-29T00:50:00Z'); // 01:50 winter time
    const input = scan(march, { consumos, corteDiario: '02:30' });
    expect(decideScan({ ...input, now: utc('2026-03-29T00:59:00Z') })).toMatchObject({
      reason: 'limite_diario',
      message: 'Límite diario alcanzado',
      nextAllowedTime: utc('2026-03-29T01:00:00Z'),
    });
    expect(decideScan({ ...input, now: utc('2026-03-29T01:00:00Z') }).allowed).toBe(true);
    // The next night the clock reads 02:30 normally (summer time, 00:30Z).
    const sunday = scan(march, { consumos: times('2026-03-29T01:00:00Z'), corteDiario: '02:30' });
    expect(decideScan({ ...sunday, now: utc('2026-03-30T00:29:00Z') })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-03-30T00:30:00Z'),
    });
    expect(decideScan({ ...sunday, now: utc('2026-03-30T00:30:00Z') }).allowed).toBe(true);
  });

  it('25 October, 06:00: a 25-hour day that ends at 05:00Z (winter time)', () => {
    const consumos = times('2026-10-24T04:00:00Z'); // Sat 06:00 summer time: the day's first instant
    expect(decideScan(scan(october, { consumos, now: utc('2026-10-25T04:59:00Z') }))).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-10-25T05:00:00Z'),
    });
    expect(decideScan(scan(october, { consumos, now: utc('2026-10-25T05:00:00Z') })).allowed).toBe(true);
  });

  it('25 October, 02:30 (read twice): the day ends at the first 02:30, the repeated hour is the new day’s', () => {
    const input = scan(october, { corteDiario: '02:30' });
    const before = { ...input, consumos: times('2026-10-25T00:20:00Z') }; // 02:20 summer time
    expect(decideScan({ ...before, now: utc('2026-10-25T00:29:00Z') })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-10-25T00:30:00Z'),
    });
    expect(decideScan({ ...before, now: utc('2026-10-25T00:30:00Z') }).allowed).toBe(true);
    // A drink at the first 02:30; at the second 02:40 (winter time) it is still the same day.
    const after = { ...input, consumos: times('2026-10-25T00:30:00Z') };
    expect(decideScan({ ...after, now: utc('2026-10-25T01:40:00Z') })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-10-26T01:30:00Z'),
    });
  });

  it('follows another zone’s change (New York, 1 November 2026, cut-off 01:30 read twice)', () => {
    const ny = span('2026-10-30T12:00:00Z', '2026-11-04T12:00:00Z');
    const input = scan(ny, { timeZone: 'America/New_York', corteDiario: '01:30' });
    const drank = { ...input, consumos: times('2026-11-01T05:00:00Z') }; // 01:00 EDT
    expect(decideScan({ ...drank, now: utc('2026-11-01T05:29:00Z') })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-11-01T05:30:00Z'),
    });
    expect(decideScan({ ...drank, now: utc('2026-11-01T06:40:00Z') }).allowed).toBe(true); // 01:40 EST
    const late = { ...input, consumos: times('2026-11-01T05:30:00Z') };
    expect(decideScan({ ...late, now: utc('2026-11-01T06:40:00Z') })).toMatchObject({
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-11-02T06:30:00Z'),
    });
  });
});
