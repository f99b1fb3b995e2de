import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideScan, type ScanTicketType } from '../src/scan-rules';
import { MINUTE, activo, at } from './support/scan-fixtures';

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
