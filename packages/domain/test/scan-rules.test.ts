import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideScan,
  effectiveTicketState,
  estadoEfectivoLabels,
  type ScanTicketType,
} from '../src/scan-rules';

const MINUTE = 60_000;
const start = new Date('2026-07-04T18:00:00.000Z');
const end = new Date('2026-07-05T02:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const activo = { estado: 'activo' } as const;

const porCantidad = (maxDrinks: number): ScanTicketType => ({
  modo: 'por_cantidad',
  maxDrinks,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
});
const intervalos = (drinkIntervalMinutes: number, maxDrinks: number): ScanTicketType => ({
  modo: 'intervalos_controlados',
  maxDrinks,
  drinkIntervalMinutes,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
});
const temporal: ScanTicketType = {
  modo: 'temporal',
  maxDrinks: null,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
};

describe('decideScan, by rule', () => {
  it('refuses an invalidated ticket before anything else', () => {
    const decision = decideScan({
      ticket: { estado: 'invalidado' },
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: at(-60),
    });
    expect(decision).toMatchObject({ allowed: false, reason: 'invalidado', message: 'Ticket invalidado' });
  });

  it('refuses before the validity window with its start in Madrid time', () => {
    const decision = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: at(-1),
    });
    expect(decision).toMatchObject({
      reason: 'no_valido_aun',
      message: 'El ticket aún no es válido (desde 04/07/2026 20:00)',
    });
  });

  it('refuses after the window, and accepts its last instant', () => {
    expect(
      decideScan({ ticket: activo, tipo: temporal, consumos: [], tipoBebida: 'copa', now: end }).allowed,
    ).toBe(true);
    const late = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: new Date(end.getTime() + 1),
    });
    expect(late).toMatchObject({ allowed: false, reason: 'caducado', message: 'El ticket ha caducado' });
  });

  it('refuses a drink the ticket type does not include', () => {
    const beer = { ...porCantidad(3), drinkType: 'Cerveza' };
    expect(
      decideScan({ ticket: activo, tipo: beer, consumos: [], tipoBebida: 'copa', now: at(1) }).reason,
    ).toBe('tipo_bebida');
    expect(
      decideScan({ ticket: activo, tipo: beer, consumos: [], tipoBebida: 'cerveza', now: at(1) }).allowed,
    ).toBe(true);
    const copas = { ...porCantidad(3), drinkType: 'copas' };
    expect(
      decideScan({ ticket: activo, tipo: copas, consumos: [], tipoBebida: 'copa', now: at(1) }).allowed,
    ).toBe(true);
  });

  it('counts down por_cantidad drinks and then refuses', () => {
    const first = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [],
      tipoBebida: 'copa',
      now: at(1),
    });
    expect(first).toMatchObject({ allowed: true, reason: 'ok', remainingDrinks: 1, canConsumeAgain: true });
    const second = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [at(1)],
      tipoBebida: 'copa',
      now: at(2),
    });
    expect(second).toMatchObject({ allowed: true, remainingDrinks: 0, canConsumeAgain: false });
    const third = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [at(1), at(2)],
      tipoBebida: 'copa',
      now: at(3),
    });
    expect(third).toMatchObject({
      allowed: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
    });
  });

  it('makes intervalos_controlados wait for the interval and says until when', () => {
    const tipo = intervalos(30, 4);
    const first = decideScan({ ticket: activo, tipo, consumos: [], tipoBebida: 'copa', now: at(10) });
    expect(first).toMatchObject({
      allowed: true,
      remainingDrinks: 3,
      nextAllowedTime: at(40),
      canConsumeAgain: false,
    });
    const early = decideScan({ ticket: activo, tipo, consumos: [at(10)], tipoBebida: 'copa', now: at(39) });
    expect(early).toMatchObject({ allowed: false, reason: 'intervalo', nextAllowedTime: at(40) });
    expect(early.message).toBe('Debe esperar hasta las 20:40 para la siguiente bebida');
    expect(
      decideScan({ ticket: activo, tipo, consumos: [at(10)], tipoBebida: 'copa', now: at(40) }).allowed,
    ).toBe(true);
  });

  it('lets temporal tickets drink without limit inside the window', () => {
    const decision = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: Array.from({ length: 30 }, (_, i) => at(i)),
      tipoBebida: 'copa',
      now: at(31),
    });
    expect(decision).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
  });
});

const ticketTypeArb = fc.record({
  modo: fc.constantFrom('por_cantidad', 'temporal', 'intervalos_controlados') as fc.Arbitrary<
    ScanTicketType['modo']
  >,
  maxDrinks: fc.integer({ min: 1, max: 50 }),
  drinkIntervalMinutes: fc.integer({ min: 1, max: 240 }),
  fromMinute: fc.integer({ min: 0, max: 600 }),
  lengthMinutes: fc.integer({ min: 1, max: 1440 }),
});
const scanTimesArb = fc
  .array(fc.integer({ min: -120, max: 2200 }), { maxLength: 120 })
  .map((times) => times.sort((a, b) => a - b));

type TicketTypeSpec = typeof ticketTypeArb extends fc.Arbitrary<infer T> ? T : never;

function simulate(tipoSpec: TicketTypeSpec, minutes: number[]) {
  const tipo: ScanTicketType = {
    modo: tipoSpec.modo,
    maxDrinks: tipoSpec.modo === 'temporal' ? null : tipoSpec.maxDrinks,
    drinkIntervalMinutes: tipoSpec.modo === 'intervalos_controlados' ? tipoSpec.drinkIntervalMinutes : null,
    drinkType: 'todo',
    validoDesde: at(tipoSpec.fromMinute),
    validoHasta: at(tipoSpec.fromMinute + tipoSpec.lengthMinutes),
  };
  const served: Date[] = [];
  for (const minute of minutes) {
    const decision = decideScan({
      ticket: activo,
      tipo,
      consumos: served,
      tipoBebida: 'copa',
      now: at(minute),
    });
    if (decision.allowed) served.push(at(minute));
  }
  return { tipo, served };
}

describe('decideScan, properties over any sequence of scans', () => {
  it('never serves more than maxDrinks', () => {
    fc.assert(
      fc.property(ticketTypeArb, scanTimesArb, (spec, minutes) => {
        const { tipo, served } = simulate(spec, minutes);
        if (tipo.maxDrinks !== null) expect(served.length).toBeLessThanOrEqual(tipo.maxDrinks);
      }),
    );
  });

  it('never serves two drinks inside one interval', () => {
    fc.assert(
      fc.property(ticketTypeArb, scanTimesArb, (spec, minutes) => {
        const { tipo, served } = simulate({ ...spec, modo: 'intervalos_controlados' }, minutes);
        for (let i = 1; i < served.length; i++) {
          expect(served[i]!.getTime() - served[i - 1]!.getTime()).toBeGreaterThanOrEqual(
            tipo.drinkIntervalMinutes! * MINUTE,
          );
        }
      }),
    );
  });

  it('serves nothing outside the validity window', () => {
    fc.assert(
      fc.property(ticketTypeArb, scanTimesArb, (spec, minutes) => {
        const { tipo, served } = simulate(spec, minutes);
        for (const time of served) {
          expect(time.getTime()).toBeGreaterThanOrEqual(tipo.validoDesde.getTime());
          expect(time.getTime()).toBeLessThanOrEqual(tipo.validoHasta.getTime());
        }
      }),
    );
  });

  it('reports remainingDrinks that match what is then served', () => {
    fc.assert(
      fc.property(ticketTypeArb, fc.integer({ min: 0, max: 49 }), (spec, used) => {
        const tipo = simulate({ ...spec, modo: 'por_cantidad' }, []).tipo;
        const consumos = Array.from({ length: Math.min(used, tipo.maxDrinks!) }, () => tipo.validoDesde);
        const decision = decideScan({
          ticket: activo,
          tipo,
          consumos,
          tipoBebida: 'copa',
          now: tipo.validoDesde,
        });
        if (decision.allowed) expect(decision.remainingDrinks).toBe(tipo.maxDrinks! - consumos.length - 1);
        else expect(decision.reason).toBe('agotado');
      }),
    );
  });
});

describe('effectiveTicketState', () => {
  it('ranks invalidado over caducado over agotado over activo', () => {
    const tipo = porCantidad(1);
    const late = new Date(end.getTime() + 1);
    expect(effectiveTicketState({ estado: 'invalidado' }, tipo, 1, late)).toBe('invalidado');
    expect(effectiveTicketState(activo, tipo, 1, late)).toBe('caducado');
    expect(effectiveTicketState(activo, tipo, 1, at(1))).toBe('agotado');
    expect(effectiveTicketState(activo, tipo, 0, at(1))).toBe('activo');
    expect(effectiveTicketState(activo, temporal, 500, at(1))).toBe('activo');
  });

  it('has one Spanish name per state', () => {
    expect(estadoEfectivoLabels).toEqual({
      activo: 'Activo',
      agotado: 'Agotado',
      invalidado: 'Invalidado',
      caducado: 'Caducado',
    });
  });
});
