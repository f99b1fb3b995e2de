import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drinkAllowed } from '../src/bebidas';
import {
  escaneadoEnProblem,
  judgeOfflineScan,
  OFFLINE_SYNC_LIMITS,
  offlineDrinkTime,
  offlineSyncMessages,
  type OfflineScanInput,
} from '../src/offline-sync';
import type { ScanReason, ScanTicketType } from '../src/scan-rules';
import {
  activo,
  at,
  end,
  intervalos,
  invalidado,
  MINUTE,
  porCantidad,
  start,
  temporal,
} from './support/scan-fixtures';

// docs/rules/offline-and-field.md (docs/decisions/036): a drink served offline is stored; it is a conflict when the
// rules, with every drink the server knows, would have refused it at its scan time.

const HOUR = 60 * MINUTE;

const judge = (
  tipo: ScanTicketType,
  escaneadoEn: Date,
  consumos: Date[] = [],
  extra: Partial<OfflineScanInput> = {},
) => judgeOfflineScan({ ticket: activo, tipo, consumos, tipoBebida: 'copa', escaneadoEn, ...extra });

describe('judgeOfflineScan, by rule', () => {
  it('is no conflict when the rules would have served it', () => {
    expect(judge(porCantidad(2), at(30), [at(10)])).toEqual({
      conflicto: false,
      reason: 'ok',
      message: 'Consumo permitido',
    });
  });

  it('is a conflict `invalidado` for an invalidated ticket', () => {
    expect(judge(temporal(), at(30), [], { ticket: invalidado })).toMatchObject({
      conflicto: true,
      reason: 'invalidado',
      message: 'Ticket invalidado',
    });
  });

  it('is a conflict `tipo_bebida` for a drink the ticket does not include', () => {
    expect(judge(porCantidad(3, 'cerveza'), at(30), [], { tipoBebida: 'copa' })).toMatchObject({
      conflicto: true,
      reason: 'tipo_bebida',
    });
    expect(judge(porCantidad(3, 'cerveza'), at(30), [], { tipoBebida: 'cerveza' }).conflicto).toBe(false);
  });

  it('judges the validity window at the scan time, not at upload', () => {
    // Scanned in the window's last minute; the window has long closed when it arrives.
    expect(judge(temporal(), end).conflicto).toBe(false);
    expect(judge(temporal(), new Date(end.getTime() + 1))).toMatchObject({
      conflicto: true,
      reason: 'caducado',
    });
    expect(judge(temporal(), new Date(start.getTime() - MINUTE))).toMatchObject({
      conflicto: true,
      reason: 'no_valido_aun',
    });
  });

  describe('a count limit counts every drink the ticket has', () => {
    it('a 1-drink ticket served offline at 10:00 and online at 10:05: the 10:00 upload is `agotado`', () => {
      const online = at(5);
      expect(judge(porCantidad(1), at(0), [online])).toMatchObject({ conflicto: true, reason: 'agotado' });
    });

    it('two devices served it offline: the first upload is fine, the second the conflict', () => {
      const deviceA = at(10);
      const deviceB = at(20);
      // A uploads first: nothing known yet.
      expect(judge(porCantidad(1), deviceA, []).conflicto).toBe(false);
      // B uploads second, its scan later than A's …
      expect(judge(porCantidad(1), deviceB, [deviceA])).toMatchObject({ conflicto: true, reason: 'agotado' });
      // … or earlier: still B, the second upload.
      expect(judge(porCantidad(1), at(5), [deviceA])).toMatchObject({ conflicto: true, reason: 'agotado' });
    });

    it('counts drinks after the scan time too, for an interval type with a limit', () => {
      const tipo = intervalos(30, 2);
      expect(judge(tipo, at(0), [at(60), at(120)])).toMatchObject({ conflicto: true, reason: 'agotado' });
    });
  });

  describe('an interval compares with the drinks on both sides of the scan time', () => {
    const tipo = intervalos(30, null);

    it('a drink less than one interval before: `intervalo`', () => {
      expect(judge(tipo, at(60), [at(40)])).toMatchObject({ conflicto: true, reason: 'intervalo' });
      expect(judge(tipo, at(70), [at(40)]).conflicto).toBe(false);
    });

    it('a drink less than one interval after: `intervalo`, its time in the message', () => {
      expect(judge(tipo, at(60), [at(80)])).toEqual({
        conflicto: true,
        reason: 'intervalo',
        // at(80) = 21:20 in Madrid.
        message: 'Se sirvió otra bebida a las 21:20, antes del intervalo',
      });
    });

    it('a drink exactly one interval after, or hours later, is no conflict', () => {
      expect(judge(tipo, at(60), [at(90)])).toEqual({
        conflicto: false,
        reason: 'ok',
        message: 'Consumo permitido',
      });
      expect(judge(tipo, at(60), [at(300), at(400)]).conflicto).toBe(false);
      expect(judge(tipo, at(60), [at(0), at(300)]).conflicto).toBe(false);
    });

    it('a drink at the very same instant: `intervalo`', () => {
      expect(judge(tipo, at(60), [at(60)])).toMatchObject({ conflicto: true, reason: 'intervalo' });
    });

    it('a drink far before and one just after: `intervalo` (the later one)', () => {
      expect(judge(tipo, at(60), [at(0), at(75)])).toMatchObject({ conflicto: true, reason: 'intervalo' });
    });
  });

  it('keeps the rule order: invalidado before caducado before tipo_bebida before agotado', () => {
    const beer = porCantidad(1, 'cerveza');
    const late = new Date(end.getTime() + HOUR);
    expect(judge(beer, late, [at(0)], { ticket: invalidado }).reason).toBe('invalidado');
    expect(judge(beer, late, [at(0)]).reason).toBe('caducado');
    expect(judge(beer, at(30), [at(0)]).reason).toBe('tipo_bebida');
    expect(judge(beer, at(30), [at(0)], { tipoBebida: 'cerveza' }).reason).toBe('agotado');
  });
});

describe('escaneadoEnProblem and offlineDrinkTime', () => {
  const now = new Date('2026-07-05T00:00:00.000Z');

  it(`accepts up to ${OFFLINE_SYNC_LIMITS.clockSkewMs / MINUTE} minutes ahead (a device's clock), not more`, () => {
    expect(escaneadoEnProblem(new Date(now.getTime() + OFFLINE_SYNC_LIMITS.clockSkewMs), now)).toBeNull();
    expect(escaneadoEnProblem(new Date(now.getTime() + OFFLINE_SYNC_LIMITS.clockSkewMs + 1), now)).toBe(
      offlineSyncMessages.future,
    );
  });

  it('accepts a scan up to 48 hours old, not older', () => {
    expect(escaneadoEnProblem(new Date(now.getTime() - 48 * HOUR), now)).toBeNull();
    expect(escaneadoEnProblem(new Date(now.getTime() - 48 * HOUR - 1), now)).toBe(offlineSyncMessages.tooOld);
    expect(offlineSyncMessages.tooOld).toBe('La hora del escaneo no puede tener más de 48 horas');
  });

  it('stores a drink at its scan time, or now when the device ran ahead', () => {
    const past = new Date(now.getTime() - HOUR);
    expect(offlineDrinkTime(past, now)).toEqual(past);
    expect(offlineDrinkTime(new Date(now.getTime() + MINUTE), now)).toEqual(now);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties against a plain oracle: the contract of docs/rules/offline-and-field.md written out in full.

const limited = (tipo: ScanTicketType) => tipo.modo !== 'temporal' && tipo.maxDrinks !== null;

/** What the contract says, without the rule function: the first rule that the drink breaks. */
function oracle(input: OfflineScanInput): ScanReason {
  const { tipo, escaneadoEn } = input;
  const t = escaneadoEn.getTime();
  if (input.ticket.estado === 'invalidado') return 'invalidado';
  if (t < tipo.validoDesde.getTime()) return 'no_valido_aun';
  if (t > tipo.validoHasta.getTime()) return 'caducado';
  if (!drinkAllowed(tipo.drinkType, input.tipoBebida)) return 'tipo_bebida';
  if (limited(tipo) && input.consumos.length >= tipo.maxDrinks!) return 'agotado';
  if (tipo.modo === 'intervalos_controlados' && tipo.drinkIntervalMinutes) {
    const interval = tipo.drinkIntervalMinutes * MINUTE;
    if (input.consumos.some((time) => Math.abs(time.getTime() - t) < interval)) return 'intervalo';
  }
  return 'ok';
}

const tipoArb: fc.Arbitrary<ScanTicketType> = fc.oneof(
  fc.integer({ min: 1, max: 6 }).map((max) => porCantidad(max)),
  fc
    .record({ interval: fc.integer({ min: 1, max: 120 }), max: fc.option(fc.integer({ min: 1, max: 6 })) })
    .map(({ interval, max }) => intervalos(interval, max)),
  fc.constant(temporal()),
  fc.constant(porCantidad(3, 'cerveza')),
);
/** Minutes around the window (-60 … 540 of a 480-minute window), so validity is exercised too. */
const minuteArb = fc.integer({ min: -60, max: 540 });
/** A scan time anywhere, or (often) at one of the drinks' own instants, the interval's edge case. */
const inputArb: fc.Arbitrary<OfflineScanInput> = fc
  .record({
    ticket: fc.constantFrom(activo, activo, activo, invalidado),
    tipo: tipoArb,
    consumos: fc.array(minuteArb.map(at), { maxLength: 8 }),
    tipoBebida: fc.constantFrom('copa', 'cerveza'),
  })
  .chain((base) =>
    (base.consumos.length > 0
      ? fc.oneof(minuteArb.map(at), fc.constantFrom(...base.consumos))
      : minuteArb.map(at)
    ).map((escaneadoEn) => ({ ...base, escaneadoEn })),
  );

describe('judgeOfflineScan, properties', () => {
  it('agrees with the oracle on every input (reason and conflict)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const expected = oracle(input);
        const judged = judgeOfflineScan(input);
        expect(judged.reason).toBe(expected);
        expect(judged.conflicto).toBe(expected !== 'ok');
      }),
      { numRuns: 3000 },
    );
  });

  it('does not depend on the order the drinks are given in', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffled = [...input.consumos].sort(
          (a, b) => ((a.getTime() * 31 + seed) % 7) - ((b.getTime() * 31 + seed) % 7),
        );
        expect(judgeOfflineScan({ ...input, consumos: shuffled })).toEqual(judgeOfflineScan(input));
      }),
    );
  });

  it('pairwise: of uploads replayed in any order, the drinks without conflict never break a limit', () => {
    // Every upload is stored (conflicts too) and judged with all stored before it. Those that came
    // out clean never exceed the count limit and are never two inside one interval.
    const uploadsArb = fc.record({
      tipo: tipoArb.filter((tipo) => tipo.drinkType === 'todo'),
      scans: fc.array(fc.integer({ min: 0, max: 480 }).map(at), { minLength: 1, maxLength: 10 }),
    });
    fc.assert(
      fc.property(uploadsArb, ({ tipo, scans }) => {
        const stored: Date[] = [];
        const clean: Date[] = [];
        for (const escaneadoEn of scans) {
          const judged = judgeOfflineScan({
            ticket: activo,
            tipo,
            consumos: stored,
            tipoBebida: 'copa',
            escaneadoEn,
          });
          stored.push(escaneadoEn);
          if (!judged.conflicto) clean.push(escaneadoEn);
        }
        expect(stored).toHaveLength(scans.length);
        if (limited(tipo)) expect(clean.length).toBeLessThanOrEqual(tipo.maxDrinks!);
        if (tipo.modo === 'intervalos_controlados') {
          const interval = tipo.drinkIntervalMinutes! * MINUTE;
          for (const [i, a] of clean.entries()) {
            for (const b of clean.slice(i + 1))
              expect(Math.abs(a.getTime() - b.getTime())).toBeGreaterThanOrEqual(interval);
          }
        }
        // The first upload of a servable ticket is never a conflict.
        expect(
          judgeOfflineScan({ ticket: activo, tipo, consumos: [], tipoBebida: 'copa', escaneadoEn: scans[0]! })
            .conflicto,
        ).toBe(false);
      }),
    );
  });

  it('a 1-drink ticket served by N devices: exactly the first upload is clean', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 480 }).map(at), { minLength: 1, maxLength: 8 }),
        (scans) => {
          const stored: Date[] = [];
          const verdicts = scans.map((escaneadoEn) => {
            const judged = judge(porCantidad(1), escaneadoEn, [...stored]);
            stored.push(escaneadoEn);
            return judged.reason;
          });
          expect(verdicts).toEqual(['ok', ...scans.slice(1).map(() => 'agotado')]);
        },
      ),
    );
  });
});
