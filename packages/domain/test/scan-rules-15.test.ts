import { describe, expect, it } from 'vitest';
import { toScannedTicket, toScanResult, type ScanTicketRow } from '../src/scan-answer';
import {
  barAllowed,
  barKey,
  decideScan,
  effectiveTicketState,
  scanRuleMessages,
  totalDrinkLimit,
  type ScanInput,
  type ScanTicketType,
} from '../src/scan-rules';
import { allScanReasons, limitScanReasons, scanReasons, scanResult } from '../src/scanner';

// docs/rules/festivals.md: a festival of three nights in Madrid (summer, UTC+2), the day ending at 06:00.
const utc = (iso: string) => new Date(iso);
const desde = utc('2026-07-03T16:00:00Z'); // Fri 18:00
const hasta = utc('2026-07-06T04:00:00Z'); // Mon 06:00
const window = { validoDesde: desde, validoHasta: hasta };

const porCantidad = (maxDrinks: number, extra: Partial<ScanTicketType> = {}): ScanTicketType => ({
  modo: 'por_cantidad',
  maxDrinks,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  ...window,
  ...extra,
});
const intervalos = (
  drinkIntervalMinutes: number,
  maxDrinks: number | null,
  extra: Partial<ScanTicketType> = {},
): ScanTicketType => ({
  modo: 'intervalos_controlados',
  maxDrinks,
  drinkIntervalMinutes,
  drinkType: 'todo',
  ...window,
  ...extra,
});
const temporal = (extra: Partial<ScanTicketType> = {}): ScanTicketType => ({
  modo: 'temporal',
  maxDrinks: null,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  ...window,
  ...extra,
});

const scan = (tipo: ScanTicketType, overrides: Partial<ScanInput> = {}): ScanInput => ({
  ticket: { estado: 'activo' },
  tipo,
  consumos: [],
  tipoBebida: 'copa',
  now: utc('2026-07-04T20:00:00Z'), // Sat 22:00
  timeZone: 'Europe/Madrid',
  ...overrides,
});
const times = (...isos: string[]) => isos.map(utc);

const bars = { barrasPermitidas: ['Barra Norte', 'VIP'] };

describe('rule 4, barra_no_permitida', () => {
  it('serves at a bar the type names, compared trimmed and in any case', () => {
    for (const barra of ['Barra Norte', 'barra norte', '  BARRA NORTE ', 'vip']) {
      expect(decideScan(scan(porCantidad(3, bars), { barra })), barra).toMatchObject({
        allowed: true,
        reason: 'ok',
      });
    }
  });

  it('refuses another bar, and a scan that names no bar, with its Spanish message', () => {
    for (const barra of ['Barra Sur', null, '', 'Barra', 'VIP 2']) {
      expect(decideScan(scan(porCantidad(3, bars), { barra }))).toEqual({
        allowed: false,
        reason: 'barra_no_permitida',
        message: 'Este ticket no es válido en esta barra',
        canConsumeAgain: false,
      });
    }
    expect(scanRuleMessages.barraNoPermitida).toBe('Este ticket no es válido en esta barra');
  });

  it('skips the rule for a verification without the device bar (barra undefined)', () => {
    expect(decideScan(scan(porCantidad(3, bars)))).toMatchObject({ allowed: true, reason: 'ok' });
    expect(decideScan(scan(porCantidad(3, bars), { barra: undefined })).allowed).toBe(true);
  });

  it('serves every bar, and no bar at all, when the type names none', () => {
    for (const barrasPermitidas of [null, undefined]) {
      for (const barra of ['Cualquiera', null, undefined]) {
        expect(decideScan(scan(porCantidad(3, { barrasPermitidas }), { barra })).allowed).toBe(true);
      }
    }
  });

  it('refuses everywhere a type whose list is empty', () => {
    expect(decideScan(scan(porCantidad(3, { barrasPermitidas: [] }), { barra: 'VIP' })).reason).toBe(
      'barra_no_permitida',
    );
    expect(decideScan(scan(porCantidad(3, { barrasPermitidas: [] }))).reason).toBe('ok');
  });

  it('comes after the validity (3 before 4) and before the drink (4 before 5)', () => {
    const wrongBar = { barra: 'Barra Sur' };
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, ticket: { estado: 'invalidado' } })).reason,
    ).toBe('invalidado');
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, now: utc('2026-07-03T15:59:00Z') })).reason,
    ).toBe('no_valido_aun');
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, now: utc('2026-07-06T04:00:01Z') })).reason,
    ).toBe('caducado');
    const wrongDrink = porCantidad(3, { ...bars, drinkType: 'cerveza' });
    expect(decideScan(scan(wrongDrink, { ...wrongBar, tipoBebida: 'copa' })).reason).toBe(
      'barra_no_permitida',
    );
    expect(decideScan(scan(wrongDrink, { barra: 'VIP', tipoBebida: 'copa' })).reason).toBe('tipo_bebida');
  });

  it('comes before the count, the day and the interval', () => {
    const spent = intervalos(60, 1, { ...bars, maxDrinksPerDay: 1 });
    const input = scan(spent, { barra: 'Barra Sur', consumos: times('2026-07-04T19:50:00Z') });
    expect(decideScan(input).reason).toBe('barra_no_permitida');
    expect(decideScan({ ...input, barra: 'VIP' }).reason).toBe('agotado');
  });

  it('answers canConsume false: another bar would serve it, not this one', () => {
    const tipo = porCantidad(3, bars);
    const ticket: ScanTicketRow = {
      id: 1,
      estado: 'activo',
      createdAt: desde,
      titular: 'Ana',
      tipo: { ...tipo, nombre: 'VIP', durationMinutes: null },
    };
    const input = scan(tipo, { barra: 'Barra Sur' });
    const decision = decideScan(input);
    for (const kind of ['consume', 'verify'] as const) {
      const answer = toScanResult({
        decision,
        ticket,
        times: [],
        tipoBebida: 'copa',
        now: input.now,
        timeZone: 'Europe/Madrid',
        kind,
        place: { barra: 'Barra Sur' },
      });
      expect(answer).toEqual({
        success: false,
        canConsume: false,
        message: 'Este ticket no es válido en esta barra',
        reason: 'barra_no_permitida',
        tipoBebida: 'copa',
      });
      // No count was reached: the answer carries no remainingDrinks at all.
      expect(answer).not.toHaveProperty('remainingDrinks');
      // Only a wrong drink asks again: a refusal for any other reason stays unconsumable, even
      // when the answer is built without the bar the decision saw.
      expect(
        toScanResult({
          decision,
          ticket,
          times: [],
          tipoBebida: 'copa',
          now: input.now,
          timeZone: 'Europe/Madrid',
          kind,
        }).canConsume,
      ).toBe(false);
    }
  });

  it('keeps a wrong drink at a right bar consumable (canConsume asks with the same bar)', () => {
    const tipo = porCantidad(3, { ...bars, drinkType: 'cerveza' });
    const ticket: ScanTicketRow = {
      id: 1,
      estado: 'activo',
      createdAt: desde,
      titular: 'Ana',
      tipo: { ...tipo, nombre: 'Cerveza', durationMinutes: null },
    };
    const now = utc('2026-07-04T20:00:00Z');
    const base = {
      ticket,
      times: [],
      tipoBebida: 'copa',
      now,
      timeZone: 'Europe/Madrid',
      kind: 'consume' as const,
    };
    const decision = decideScan(scan(tipo, { barra: 'VIP', tipoBebida: 'copa' }));
    expect(decision.reason).toBe('tipo_bebida');
    expect(toScanResult({ ...base, decision, place: { barra: 'VIP' } }).canConsume).toBe(true);
    // Asked again at another bar (a stale place), the ticket's own drink would not be served there.
    expect(toScanResult({ ...base, decision, place: { barra: 'Barra Sur' } }).canConsume).toBe(false);
    expect(toScanResult({ ...base, decision }).canConsume).toBe(true);
  });

  it('compares names as barKey does', () => {
    expect(barKey('  Barra ÑANDÚ ')).toBe('barra ñandú');
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, 'BARRA ÑANDÚ')).toBe(true);
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, null)).toBe(false);
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, undefined)).toBe(true);
    expect(barAllowed({}, null)).toBe(true);
  });
});

describe('rule 6, agotado with top-ups', () => {
  it('raises a por_cantidad limit by the drinks of its top-ups', () => {
    const tipo = porCantidad(2);
    const served = times('2026-07-04T18:00:00Z', '2026-07-04T18:10:00Z', '2026-07-04T18:20:00Z');
    expect(decideScan(scan(tipo, { consumos: served })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 0 })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 1 })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 2 }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 0,
      canConsumeAgain: false,
    });
    expect(decideScan(scan(tipo, { consumos: served, recargas: 4 }))).toMatchObject({
      allowed: true,
      remainingDrinks: 2,
      canConsumeAgain: true,
    });
    expect(decideScan(scan(tipo, { consumos: [...served, ...served], recargas: 3 }))).toEqual({
      allowed: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
      remainingDrinks: 0,
      canConsumeAgain: false,
    });
  });

  it('raises an intervalos_controlados limit, and counts its drinks left with them', () => {
    const tipo = intervalos(30, 1);
    const served = times('2026-07-04T18:00:00Z');
    expect(decideScan(scan(tipo, { consumos: served })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 2 }))).toMatchObject({
      allowed: true,
      remainingDrinks: 1,
      nextAllowedTime: utc('2026-07-04T20:30:00Z'),
    });
    expect(
      decideScan(scan(tipo, { consumos: served, recargas: 2, now: utc('2026-07-04T18:10:00Z') })),
    ).toMatchObject({ reason: 'intervalo', remainingDrinks: 2 });
  });

  it('gives a temporal ticket, or an interval without a count, nothing to raise', () => {
    expect(decideScan(scan(temporal(), { recargas: 5 }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
    expect(decideScan(scan(intervalos(30, null), { recargas: 5 })).remainingDrinks).toBeUndefined();
    expect(totalDrinkLimit(temporal(), 5)).toBeNull();
    expect(totalDrinkLimit(intervalos(30, null), 5)).toBeNull();
    expect(totalDrinkLimit(porCantidad(2), 5)).toBe(7);
    expect(totalDrinkLimit(porCantidad(2))).toBe(2);
  });

  it('makes the effective state agotado only past the raised limit', () => {
    const tipo = porCantidad(2);
    const now = utc('2026-07-04T20:00:00Z');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 2, now)).toBe('agotado');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 2, now, 1)).toBe('activo');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 3, now, 1)).toBe('agotado');
    expect(effectiveTicketState({ estado: 'activo' }, temporal(), 99, now, 1)).toBe('activo');
  });
});

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

describe('the answer carries "Hoy: 2 de 4"', () => {
  const row = (tipo: ScanTicketType, recargas?: number): ScanTicketRow => ({
    id: 7,
    estado: 'activo',
    createdAt: desde,
    titular: 'Ana',
    tipo: { ...tipo, nombre: 'Diario', durationMinutes: null },
    ...(recargas === undefined ? {} : { recargas }),
  });
  const now = utc('2026-07-04T20:00:00Z');
  const served = times('2026-07-04T01:00:00Z', '2026-07-04T18:00:00Z', '2026-07-04T19:00:00Z');
  const answer = (
    tipo: ScanTicketType,
    kind: 'consume' | 'verify',
    recargas?: number,
    corteDiario?: string,
  ) => {
    const ticket = row(tipo, recargas);
    const decision = decideScan(scan(tipo, { consumos: served, now, recargas, corteDiario }));
    const place = corteDiario ? { corteDiario } : undefined;
    return toScanResult({
      decision,
      ticket,
      times: served,
      tipoBebida: 'copa',
      now,
      timeZone: 'Europe/Madrid',
      kind,
      place,
    });
  };

  it('counts this drink when it is recorded', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'consume')).toEqual({
      success: true,
      canConsume: true,
      message: 'Consumo registrado',
      reason: 'ok',
      tipoBebida: 'copa',
      remainingDrinks: 6,
      bebidasHoy: 3,
      maxDrinksPerDay: 4,
    });
  });

  it('counts the drinks so far when verifying or refused', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'verify')).toMatchObject({
      bebidasHoy: 2,
      maxDrinksPerDay: 4,
    });
    expect(answer(porCantidad(10, { maxDrinksPerDay: 2 }), 'consume')).toEqual({
      success: false,
      canConsume: false,
      message: 'Límite diario alcanzado',
      reason: 'limite_diario',
      tipoBebida: 'copa',
      remainingDrinks: 7,
      nextAllowedTime: '2026-07-05T04:00:00.000Z',
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
    });
  });

  it('counts from the event’s cut-off', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'verify', undefined, '02:00')).toMatchObject({
      bebidasHoy: 3,
    });
  });

  it('leaves the fields out without a per-day limit, and a null next time out of the wire', () => {
    const plain = answer(porCantidad(10, { maxDrinksPerDay: null }), 'consume');
    expect(plain).not.toHaveProperty('bebidasHoy');
    expect(plain).not.toHaveProperty('maxDrinksPerDay');
    const tipo = porCantidad(10, { maxDrinksPerDay: 2, validoHasta: utc('2026-07-05T03:00:00Z') });
    const refused = answer(tipo, 'consume');
    expect(refused.reason).toBe('limite_diario');
    expect(refused).not.toHaveProperty('nextAllowedTime');
  });

  it('counts top-ups in the drinks left and in the ticket’s state', () => {
    expect(answer(porCantidad(3), 'consume').reason).toBe('agotado');
    expect(answer(porCantidad(3), 'consume', 2)).toMatchObject({
      success: true,
      remainingDrinks: 1,
      canConsume: true,
    });
    const tipo = porCantidad(3, { maxDrinksPerDay: 5, barrasPermitidas: ['VIP'] });
    const history = served.map((timestamp, i) => ({
      id: i + 1,
      tipoBebida: 'copa',
      timestamp,
      barra: 'VIP',
    }));
    const shown = toScannedTicket(row(tipo, 1), history, now);
    expect(shown.ticket).toMatchObject({ estado: 'activo', recargas: 1 });
    expect(shown.tipoTicket).toMatchObject({ maxDrinksPerDay: 5, barrasPermitidas: ['VIP'] });
    expect(toScannedTicket(row(tipo), history, now).ticket.estado).toBe('agotado');
  });

  it('asks a wrong drink’s canConsume with the ticket’s top-ups and the event’s cut-off', () => {
    const cerveza = porCantidad(3, { drinkType: 'cerveza', maxDrinksPerDay: 3 });
    const ask = (recargas: number | undefined, corteDiario?: string) => {
      const decision = decideScan(scan(cerveza, { consumos: served, now, recargas, corteDiario }));
      expect(decision.reason).toBe('tipo_bebida');
      return toScanResult({
        decision,
        ticket: row(cerveza, recargas),
        times: served,
        tipoBebida: 'copa',
        now,
        timeZone: 'Europe/Madrid',
        kind: 'consume',
        place: corteDiario ? { corteDiario } : undefined,
      }).canConsume;
    };
    expect(ask(undefined)).toBe(false); // 3 of 3 drinks
    expect(ask(1)).toBe(true); // 3 of 4, 2 of 3 today
    expect(ask(1, '02:00')).toBe(false); // from 02:00 all 3 are today's
  });

  it('shows a ticket without festival data exactly as before', () => {
    const shown = toScannedTicket(row(porCantidad(3)), [], now);
    expect(shown.ticket).not.toHaveProperty('recargas');
    expect(shown.tipoTicket).not.toHaveProperty('maxDrinksPerDay');
    expect(shown.tipoTicket).not.toHaveProperty('barrasPermitidas');
    expect(Object.keys(shown.tipoTicket)).toEqual([
      'nombre',
      'modo',
      'maxDrinks',
      'drinkIntervalMinutes',
      'durationMinutes',
      'drinkType',
      'validoDesde',
      'validoHasta',
    ]);
  });
});

describe('the wire schema', () => {
  it('keeps the base rules’ reasons and adds the festival ones', () => {
    expect(limitScanReasons).toEqual(['barra_no_permitida', 'limite_diario']);
    expect(allScanReasons).toEqual([...scanReasons, 'barra_no_permitida', 'limite_diario']);
  });

  it('accepts an answer with the new reasons and fields', () => {
    const parsed = scanResult.parse({
      success: false,
      canConsume: false,
      message: 'Límite diario alcanzado',
      reason: 'limite_diario',
      tipoBebida: 'copa',
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      ticket: { id: 1, estado: 'activo', titular: 'Ana', createdAt: '2026-07-04T20:00:00.000Z', recargas: 3 },
    });
    expect(parsed).toMatchObject({ bebidasHoy: 2, maxDrinksPerDay: 2, ticket: { recargas: 3 } });
    expect(scanResult.safeParse({ ...parsed, reason: 'barra_no_permitida' }).success).toBe(true);
    expect(scanResult.safeParse({ ...parsed, reason: 'otra' }).success).toBe(false);
    expect(scanResult.safeParse({ ...parsed, bebidasHoy: 1.5 }).success).toBe(false);
  });
});
