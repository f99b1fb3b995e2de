import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScanResult, type ScanTicketRow } from '../src/scan-answer';
import { decideScan, type ScanInput, type ScanReason, type ScanTicketType } from '../src/scan-rules';

/*
 * decideScan against a small oracle written from docs/rules/scan-rules.md, docs/rules/festivals.md alone, over random tickets,
 * types, histories, times, bars, top-ups, cut-offs and zones (Madrid's two changes of 2026 included).
 * The oracle shares no code with the implementation: its clock is a hand-written table of offsets,
 * and a festival day is found by reading that clock, not by computing cut-offs.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// --- The oracle's clock: Madrid in 2026 (CET, CEST from 29 March 01:00Z to 25 October 01:00Z), UTC,
// and Kolkata (UTC+05:30).
const SPRING = Date.UTC(2026, 2, 29, 1);
const AUTUMN = Date.UTC(2026, 9, 25, 1);
type Zone = 'Europe/Madrid' | 'UTC' | 'Asia/Kolkata';
const offset = (zone: Zone, t: number): number => {
  if (zone === 'UTC') return 0;
  if (zone === 'Asia/Kolkata') return 5.5 * HOUR;
  return t >= SPRING && t < AUTUMN ? 2 * HOUR : HOUR;
};

/** The festival day the clock's reading puts `t` in: days since 1970 of (local time − cut-off). */
const rawDay = (zone: Zone, corte: number, t: number) => Math.floor((t + offset(zone, t) - corte) / DAY);

/**
 * The festival day of `t`. Once a day has begun it never goes back: when the clock is turned back
 * (25 October) the repeated hour stays in the day that had already begun (the first 02:30 ends the
 * day; the second does not end another). Time zones here turn back one hour at most.
 */
const festivalDay = (zone: Zone, corte: number, t: number) => {
  const back =
    zone === 'Europe/Madrid' && t >= AUTUMN && t - HOUR < AUTUMN ? rawDay(zone, corte, AUTUMN - 1) : 0;
  return Math.max(rawDay(zone, corte, t), back);
};

// --- The oracle of the rules.
const fold = (text: string) => text.trim().toLocaleLowerCase('es');
function wrongDrink(drinkType: string, tipoBebida: string): boolean {
  const type = fold(drinkType);
  const drink = fold(tipoBebida);
  if (type === 'todo' || type === 'todas') return false;
  if (type === 'copas') return drink !== 'copa';
  return drink !== type;
}

interface Case {
  input: ScanInput;
  zone: Zone;
  corte: number;
}

type Expected = { reason: ScanReason; remaining?: number };

function oracle({ input, zone, corte }: Case): Expected {
  const { ticket, tipo, consumos, tipoBebida, now, barra, recargas = 0 } = input;
  const t = now.getTime();
  const limit = tipo.modo === 'temporal' || tipo.maxDrinks === null ? undefined : tipo.maxDrinks + recargas;
  const used = consumos.length;
  const left = limit === undefined ? undefined : limit - used;
  const today = consumos.filter(
    (drink) => festivalDay(zone, corte, drink.getTime()) === festivalDay(zone, corte, t),
  ).length;
  const last = Math.max(...consumos.map((drink) => drink.getTime()));
  const interval = tipo.modo === 'intervalos_controlados' ? (tipo.drinkIntervalMinutes ?? 0) * MINUTE : 0;

  if (ticket.estado === 'invalidado') return { reason: 'invalidado' };
  if (t < tipo.validoDesde.getTime()) return { reason: 'no_valido_aun' };
  if (t > tipo.validoHasta.getTime()) return { reason: 'caducado' };
  const bars = tipo.barrasPermitidas;
  if (barra !== undefined && bars && !bars.some((bar) => fold(bar) === fold(barra ?? '\u0000'))) {
    return { reason: 'barra_no_permitida' };
  }
  if (wrongDrink(tipo.drinkType, tipoBebida)) return { reason: 'tipo_bebida' };
  if (left !== undefined && left <= 0) return { reason: 'agotado', remaining: 0 };
  if (tipo.maxDrinksPerDay != null && today >= tipo.maxDrinksPerDay) {
    return { reason: 'limite_diario', remaining: left };
  }
  if (interval > 0 && t < last + interval) return { reason: 'intervalo', remaining: left };
  return { reason: 'ok', remaining: left === undefined ? undefined : left - 1 };
}

// --- Random scans: small numbers, so that limits, bars and day edges come up often.
const nights = [
  Date.UTC(2026, 2, 28, 12), // 28 March: the night of the spring change follows
  Date.UTC(2026, 2, 29, 0),
  Date.UTC(2026, 6, 4, 12),
  Date.UTC(2026, 9, 24, 12), // 24 October: the night of the autumn change follows
  Date.UTC(2026, 9, 25, 0),
  Date.UTC(2026, 11, 31, 12),
];
const cortes = ['06:00', '02:30', '02:00', '03:00', '00:00', '23:59', '12:15'];
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

const caseArb = fc
  .record({
    estado: fc.constantFrom('activo', 'activo', 'activo', 'activo', 'activo', 'activo', 'invalidado'),
    modo: fc.constantFrom('por_cantidad', 'temporal', 'intervalos_controlados'),
    maxDrinks: fc.option(fc.integer({ min: 1, max: 6 }), { freq: 5 }),
    drinkIntervalMinutes: fc.option(fc.integer({ min: 1, max: 720 }), { freq: 5 }),
    maxDrinksPerDay: fc.option(fc.integer({ min: 1, max: 4 }), { freq: 2 }),
    barrasPermitidas: fc.constantFrom(undefined, null, null, ['Norte'], ['Sur', 'VIP'], [] as string[]),
    barra: fc.constantFrom(undefined, null, 'Norte', ' norte ', 'Norte', 'Sur', 'vip', 'Terraza', ''),
    recargas: fc.option(fc.integer({ min: 0, max: 4 }), { freq: 2 }),
    drinkType: fc.constantFrom('todo', 'todo', 'todo', 'cerveza', 'copas', 'Vino'),
    tipoBebida: fc.constantFrom('copa', 'copa', 'cerveza', 'vino', 'agua'),
    night: fc.constantFrom(...nights),
    now: fc.integer({ min: 0, max: 36 * 60 }),
    desde: fc.integer({ min: -3 * 24 * 60, max: 60 }),
    hasta: fc.integer({ min: -60, max: 3 * 24 * 60 }),
    consumos: fc.array(fc.integer({ min: -30 * 60, max: 10 }), { maxLength: 7 }),
    zone: fc.constantFrom<Zone>('Europe/Madrid', 'Europe/Madrid', 'UTC', 'Asia/Kolkata'),
    corte: fc.option(fc.constantFrom(...cortes), { freq: 4 }),
  })
  .map((spec): Case => {
    const now = spec.night + spec.now * MINUTE;
    const tipo: ScanTicketType = {
      modo: spec.modo as ScanTicketType['modo'],
      maxDrinks: spec.maxDrinks,
      drinkIntervalMinutes: spec.drinkIntervalMinutes,
      drinkType: spec.drinkType,
      validoDesde: new Date(now + spec.desde * MINUTE),
      validoHasta: new Date(now + spec.hasta * MINUTE),
      maxDrinksPerDay: spec.maxDrinksPerDay,
      barrasPermitidas: spec.barrasPermitidas,
    };
    const input: ScanInput = {
      ticket: { estado: spec.estado as 'activo' | 'invalidado' },
      tipo,
      consumos: spec.consumos.map((minutes) => new Date(now + minutes * MINUTE)),
      tipoBebida: spec.tipoBebida,
      now: new Date(now),
      timeZone: spec.zone,
      barra: spec.barra,
      ...(spec.recargas === null ? {} : { recargas: spec.recargas }),
      ...(spec.corte === null ? {} : { corteDiario: spec.corte }),
    };
    return { input, zone: spec.zone, corte: minutesOf(spec.corte ?? '06:00') * MINUTE };
  });

describe('decideScan against an oracle of docs/rules/festivals.md', () => {
  it('refuses with the first broken rule of the eight, or serves', () => {
    fc.assert(
      fc.property(caseArb, (scan) => {
        const expected = oracle(scan);
        const decision = decideScan(scan.input);
        expect(decision.reason).toBe(expected.reason);
        expect(decision.allowed).toBe(expected.reason === 'ok');
        if (['ok', 'agotado', 'limite_diario', 'intervalo'].includes(expected.reason)) {
          expect(decision.remainingDrinks).toBe(expected.remaining);
        } else {
          expect(decision.remainingDrinks).toBeUndefined();
        }
        if (!decision.allowed) expect(decision.canConsumeAgain).toBe(false);
      }),
      { numRuns: 4000 },
    );
  });

  it('gives a limite_diario refusal the next cut-off, or null when the ticket ends before it', () => {
    fc.assert(
      fc.property(caseArb, ({ input, zone, corte }) => {
        const decision = decideScan(input);
        if (decision.reason !== 'limite_diario') return;
        const day = festivalDay(zone, corte, input.now.getTime());
        const endsToday = festivalDay(zone, corte, input.tipo.validoHasta.getTime()) === day;
        if (endsToday) {
          expect(decision.nextAllowedTime).toBeNull();
        } else {
          const next = decision.nextAllowedTime!.getTime();
          // The first minute of the next festival day.
          expect(festivalDay(zone, corte, next)).toBe(day + 1);
          expect(festivalDay(zone, corte, next - MINUTE)).toBe(day);
          expect(next % MINUTE).toBe(0);
        }
      }),
      { numRuns: 4000 },
    );
  });

  it('says whether another drink could be served right now once this one is', () => {
    fc.assert(
      fc.property(caseArb, (scan) => {
        const decision = decideScan(scan.input);
        if (!decision.allowed) return;
        const { tipo, now } = scan.input;
        const after: Case = { ...scan, input: { ...scan.input, consumos: [...scan.input.consumos, now] } };
        const interval = tipo.modo === 'intervalos_controlados' && (tipo.drinkIntervalMinutes ?? 0) > 0;
        expect(decision.canConsumeAgain).toBe(!interval && oracle(after).reason === 'ok');
        expect(decision.nextAllowedTime).toEqual(
          interval ? new Date(now.getTime() + tipo.drinkIntervalMinutes! * MINUTE) : undefined,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('answers with the drinks of the day when the type has a per-day limit', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom('consume' as const, 'verify' as const), (scan, kind) => {
        const { input, zone, corte } = scan;
        const decision = decideScan(input);
        const ticket: ScanTicketRow = {
          id: 1,
          estado: input.ticket.estado,
          createdAt: input.now,
          titular: 'Ana',
          tipo: { ...input.tipo, nombre: 'Tipo', durationMinutes: null },
        };
        const answer = toScanResult({
          decision,
          ticket,
          times: [...input.consumos],
          tipoBebida: input.tipoBebida,
          now: input.now,
          timeZone: zone,
          kind,
          place: { barra: input.barra, corteDiario: input.corteDiario },
        });
        if (input.tipo.maxDrinksPerDay == null) {
          expect(answer.bebidasHoy).toBeUndefined();
          expect(answer.maxDrinksPerDay).toBeUndefined();
          return;
        }
        const day = festivalDay(zone, corte, input.now.getTime());
        const today = input.consumos.filter(
          (drink) => festivalDay(zone, corte, drink.getTime()) === day,
        ).length;
        expect(answer.bebidasHoy).toBe(today + (decision.allowed && kind === 'consume' ? 1 : 0));
        expect(answer.maxDrinksPerDay).toBe(input.tipo.maxDrinksPerDay);
        if (decision.reason === 'barra_no_permitida') expect(answer.canConsume).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('decides as before when the festival inputs are absent or neutral', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        const plain: ScanInput = {
          ticket: input.ticket,
          tipo: { ...input.tipo, maxDrinksPerDay: undefined, barrasPermitidas: undefined },
          consumos: input.consumos,
          tipoBebida: input.tipoBebida,
          now: input.now,
          timeZone: input.timeZone,
        };
        const neutral: ScanInput = {
          ...plain,
          tipo: { ...plain.tipo, maxDrinksPerDay: null, barrasPermitidas: null },
          barra: input.barra,
          recargas: 0,
          corteDiario: input.corteDiario,
        };
        expect(decideScan(neutral)).toEqual(decideScan(plain));
        expect(['barra_no_permitida', 'limite_diario']).not.toContain(decideScan(plain).reason);
      }),
      { numRuns: 2000 },
    );
  });
});
