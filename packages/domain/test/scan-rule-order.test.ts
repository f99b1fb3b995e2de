import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideScan, type ScanInput, type ScanReason, type ScanTicketType } from '../src/scan-rules';
import { MINUTE, activo, at, intervalos, invalidado, servable } from './support/scan-fixtures';

// The six rules of docs/rules/scan-rules.md; the festival rules (bars, per day) have their own
// tests (festival-*.test.ts).
type Rule = Exclude<ScanReason, 'ok' | 'barra_no_permitida' | 'limite_diario'>;

/** docs/rules/scan-rules.md, in order: the first rule a scan breaks is the reason it is refused. */
const order: Rule[] = ['invalidado', 'no_valido_aun', 'caducado', 'tipo_bebida', 'agotado', 'intervalo'];

/**
 * A beer ticket, 3 drinks at most, one every 30 minutes; one beer served at 20:00 (Madrid) and
 * scanned for another at 21:00. Each breaker bends it so that exactly one rule is broken; they
 * compose, and `agotado` is applied last so that it counts every drink the others added.
 */
const base = (): ScanInput =>
  servable(intervalos(30, 3, 'cerveza'), { consumos: [at(0)], tipoBebida: 'cerveza', now: at(60) });

const breakers: Record<Rule, { what: string; bend: (input: ScanInput) => ScanInput }> = {
  invalidado: { what: 'invalidated', bend: (input) => ({ ...input, ticket: invalidado }) },
  no_valido_aun: {
    what: 'not valid yet',
    bend: (input) => ({ ...input, tipo: { ...input.tipo, validoDesde: at(61) } }),
  },
  caducado: {
    what: 'expired',
    bend: (input) => ({ ...input, tipo: { ...input.tipo, validoHasta: at(59) } }),
  },
  tipo_bebida: { what: 'for the wrong drink', bend: (input) => ({ ...input, tipoBebida: 'vino' }) },
  intervalo: {
    what: 'scanned inside its interval',
    bend: (input) => ({ ...input, consumos: [...input.consumos, at(50)] }),
  },
  agotado: {
    what: 'with no drinks left',
    bend: (input) => ({ ...input, tipo: { ...input.tipo, maxDrinks: input.consumos.length } }),
  },
};
const applyOrder: Rule[] = ['invalidado', 'no_valido_aun', 'caducado', 'tipo_bebida', 'intervalo', 'agotado'];

const breaking = (rules: readonly Rule[]) =>
  applyOrder
    .filter((rule) => rules.includes(rule))
    .reduce((input, rule) => breakers[rule].bend(input), base());

const messages: Record<Rule, string> = {
  invalidado: 'Ticket invalidado',
  no_valido_aun: 'El ticket aún no es válido (a partir de las 21:01)',
  caducado: 'El ticket ha caducado',
  tipo_bebida: 'Este ticket no incluye vino (permite: cerveza)',
  agotado: 'Límite de bebidas alcanzado',
  intervalo: 'Debe esperar hasta las 21:20 para la siguiente bebida',
};

describe('decideScan, the order of the rules', () => {
  it('serves the unbent ticket', () => {
    expect(decideScan(base())).toMatchObject({ allowed: true, reason: 'ok' });
  });

  it.each(order)('refuses a ticket that breaks only %s with its own reason and message', (rule) => {
    expect(decideScan(breaking([rule]))).toMatchObject({
      allowed: false,
      reason: rule,
      message: messages[rule],
      canConsumeAgain: false,
    });
  });

  const pairs = order.flatMap((first, i) => order.slice(i + 1).map((second) => [first, second] as const));
  it.each(pairs)('refuses a ticket that is %s and %s as the first of the two', (first, second) => {
    const decision = decideScan(breaking([first, second]));
    expect(decision).toMatchObject({ allowed: false, reason: first, message: messages[first] });
  });

  it('refuses an expired ticket for the wrong drink as caducado', () => {
    expect(decideScan(breaking(['caducado', 'tipo_bebida'])).reason).toBe('caducado');
  });

  it('refuses a wrong drink on a used-up ticket as tipo_bebida', () => {
    expect(decideScan(breaking(['tipo_bebida', 'agotado'])).reason).toBe('tipo_bebida');
  });

  it('refuses a used-up intervalos ticket inside its interval as agotado, with 0 drinks left', () => {
    const decision = decideScan(breaking(['agotado', 'intervalo']));
    expect(decision).toEqual({
      allowed: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
      remainingDrinks: 0,
      canConsumeAgain: false,
    });
  });

  it('names the first broken rule for every combination of broken rules', () => {
    for (let mask = 1; mask < 1 << order.length; mask++) {
      const rules = order.filter((_, i) => mask & (1 << i));
      expect(decideScan(breaking(rules)).reason, rules.join('+')).toBe(rules[0]);
    }
  });
});

// An oracle written from docs/rules/scan-rules.md, one predicate per rule, independent of the implementation.
const fold = (text: string) => text.trim().toLocaleLowerCase('es');
function wrongDrink(drinkType: string, tipoBebida: string): boolean {
  const type = fold(drinkType);
  const drink = fold(tipoBebida);
  if (type === 'todo' || type === 'todas') return false;
  if (type === 'copas') return drink !== 'copa';
  return drink !== type;
}
const countLimited = (tipo: ScanTicketType) => tipo.modo !== 'temporal' && tipo.maxDrinks !== null;

const brokenRules = ({ ticket, tipo, consumos, tipoBebida, now }: ScanInput): Record<Rule, boolean> => {
  const last = Math.max(...consumos.map((time) => time.getTime()));
  return {
    invalidado: ticket.estado === 'invalidado',
    no_valido_aun: now < tipo.validoDesde,
    caducado: now > tipo.validoHasta,
    tipo_bebida: wrongDrink(tipo.drinkType, tipoBebida),
    agotado: countLimited(tipo) && consumos.length >= tipo.maxDrinks!,
    intervalo:
      tipo.modo === 'intervalos_controlados' &&
      tipo.drinkIntervalMinutes !== null &&
      consumos.length > 0 &&
      now.getTime() < last + tipo.drinkIntervalMinutes * MINUTE,
  };
};

// Small ranges, so that the edges (now equal to a bound, used equal to the maximum) come up often.
const scanArb = fc
  .record({
    estado: fc.constantFrom('activo', 'invalidado'),
    modo: fc.constantFrom('por_cantidad', 'temporal', 'intervalos_controlados'),
    maxDrinks: fc.option(fc.integer({ min: 1, max: 5 }), { freq: 6 }),
    drinkIntervalMinutes: fc.option(fc.integer({ min: 1, max: 30 }), { freq: 6 }),
    desde: fc.integer({ min: 0, max: 20 }),
    hasta: fc.integer({ min: 0, max: 40 }),
    drinkType: fc.constantFrom(
      'todo',
      'Todas',
      ' TODO ',
      'cerveza',
      'Cerveza',
      'copas',
      'COPAS',
      'vino ',
      'Água',
    ),
    tipoBebida: fc.constantFrom(
      'copa',
      'Copa',
      'copas',
      'cerveza',
      'CERVEZA',
      'vino',
      ' Vino',
      'água',
      'agua',
    ),
    consumos: fc.array(fc.integer({ min: -60, max: 40 }), { maxLength: 6 }),
    now: fc.integer({ min: -5, max: 45 }),
  })
  .map((spec): ScanInput => ({
    ticket: spec.estado === 'activo' ? activo : invalidado,
    tipo: {
      modo: spec.modo as ScanTicketType['modo'],
      maxDrinks: spec.maxDrinks,
      drinkIntervalMinutes: spec.drinkIntervalMinutes,
      drinkType: spec.drinkType,
      validoDesde: at(spec.desde),
      validoHasta: at(spec.hasta),
    },
    consumos: spec.consumos.map(at),
    tipoBebida: spec.tipoBebida,
    now: at(spec.now),
  }));

describe('decideScan, against an oracle of docs/rules/scan-rules.md', () => {
  it('gives the first broken rule as the reason, or ok when none is broken', () => {
    fc.assert(
      fc.property(scanArb, (input) => {
        const broken = brokenRules(input);
        const expected = order.find((rule) => broken[rule]) ?? 'ok';
        const decision = decideScan(input);
        expect(decision.reason).toBe(expected);
        expect(decision.allowed).toBe(decision.reason === 'ok');
      }),
      { numRuns: 2000 },
    );
  });

  it('counts the drinks left, and says when the next one may be served', () => {
    fc.assert(
      fc.property(scanArb, (input) => {
        const { tipo, consumos, now } = input;
        const decision = decideScan(input);
        const max = countLimited(tipo) ? tipo.maxDrinks! : undefined;
        const interval = tipo.modo === 'intervalos_controlados' ? tipo.drinkIntervalMinutes : null;
        const last = Math.max(...consumos.map((time) => time.getTime()));
        if (decision.allowed) {
          expect(decision.remainingDrinks).toBe(max === undefined ? undefined : max - consumos.length - 1);
          expect(decision.nextAllowedTime).toEqual(
            interval ? new Date(now.getTime() + interval * MINUTE) : undefined,
          );
          expect(decision.canConsumeAgain).toBe(
            !interval && (max === undefined || max - consumos.length - 1 > 0),
          );
        } else {
          expect(decision.canConsumeAgain).toBe(false);
        }
        if (decision.reason === 'agotado') expect(decision.remainingDrinks).toBe(0);
        if (decision.reason === 'intervalo') {
          expect(decision.remainingDrinks).toBe(max === undefined ? undefined : max - consumos.length);
          expect(decision.nextAllowedTime).toEqual(new Date(last + interval! * MINUTE));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
