import { describe, expect, it } from 'vitest';
import { canonicalModo, messages, modoLabels, modos, ticketTypeBody } from '../src/ticket-types';

const desde = '2026-07-04T18:00:00.000Z';
const hasta = '2026-07-05T02:00:00.000Z';
const base = {
  eventoId: 1,
  nombre: 'Consumiciones',
  drinkType: 'todo',
  validoDesde: desde,
  validoHasta: hasta,
};
const porCantidad = { ...base, modo: 'por_cantidad', maxDrinks: 4 };
const temporal = { ...base, modo: 'temporal', durationMinutes: 120 };
const intervalos = {
  ...base,
  modo: 'intervalos_controlados',
  durationMinutes: 180,
  drinkIntervalMinutes: 30,
};

const issuesOf = (body: unknown) =>
  ticketTypeBody.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
const firstIssueOf = (body: unknown) => issuesOf(body)?.[0];

describe('modes (docs/rules/scan-rules.md)', () => {
  it('stores the canonical name for each mode and alias, and nothing else', () => {
    expect(modos.map((modo) => canonicalModo(modo))).toEqual([...modos]);
    expect(canonicalModo('barra_libre_tiempo')).toBe('temporal');
    expect(canonicalModo('barra_libre_controlada')).toBe('intervalos_controlados');
    for (const other of ['', 'Temporal', 'barra_libre', 'constructor', 'toString', '__proto__']) {
      expect(canonicalModo(other), other).toBeUndefined();
    }
  });

  it('labels the modes as the screens show them', () => {
    expect(modos.map((modo) => modoLabels[modo])).toEqual([
      'Por Cantidad',
      'Barra Libre',
      'Intervalos Controlados',
    ]);
  });
});

describe('ticketTypeBody, each mode keeps only its own fields', () => {
  const window = { validoDesde: desde, validoHasta: hasta };

  it('por_cantidad keeps maxDrinks and nulls the rest', () => {
    const parsed = ticketTypeBody.parse({ ...porCantidad, durationMinutes: 60, drinkIntervalMinutes: 15 });
    expect(parsed).toEqual({
      eventoId: 1,
      nombre: 'Consumiciones',
      modo: 'por_cantidad',
      maxDrinks: 4,
      durationMinutes: null,
      drinkIntervalMinutes: null,
      drinkType: 'todo',
      ...window,
    });
  });

  it('temporal keeps the duration and nulls the counts, also when sent by its alias', () => {
    const parsed = ticketTypeBody.parse({
      ...temporal,
      modo: 'barra_libre_tiempo',
      maxDrinks: 3,
      drinkIntervalMinutes: 5,
    });
    expect(parsed).toMatchObject({
      modo: 'temporal',
      maxDrinks: null,
      durationMinutes: 120,
      drinkIntervalMinutes: null,
    });
  });

  it('intervalos_controlados derives maxDrinks from the duration and the interval, rounding down', () => {
    expect(ticketTypeBody.parse(intervalos)).toMatchObject({
      modo: 'intervalos_controlados',
      maxDrinks: 6,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
    });
    const uneven = { ...intervalos, modo: 'barra_libre_controlada', durationMinutes: 100 };
    expect(ticketTypeBody.parse(uneven)).toMatchObject({ modo: 'intervalos_controlados', maxDrinks: 3 });
  });

  it('intervalos_controlados keeps an explicit maxDrinks of 1 to 1440', () => {
    expect(ticketTypeBody.parse({ ...intervalos, maxDrinks: 10 }).maxDrinks).toBe(10);
    expect(ticketTypeBody.parse({ ...intervalos, maxDrinks: 1 }).maxDrinks).toBe(1);
    expect(ticketTypeBody.parse({ ...intervalos, maxDrinks: 1440 }).maxDrinks).toBe(1440);
  });

  it('trims text and stores the window in UTC', () => {
    const parsed = ticketTypeBody.parse({
      ...porCantidad,
      nombre: '  VIP  ',
      drinkType: ' Cerveza ',
      validoDesde: '2026-07-04T20:00:00+02:00',
      validoHasta: ' 2026-07-05T04:00+02:00 ',
    });
    expect(parsed).toMatchObject({ nombre: 'VIP', drinkType: 'Cerveza', ...window });
  });

  it('takes an empty or missing number as not given', () => {
    expect(ticketTypeBody.parse({ ...temporal, maxDrinks: '', drinkIntervalMinutes: null })).toMatchObject({
      maxDrinks: null,
      drinkIntervalMinutes: null,
    });
    expect(ticketTypeBody.parse({ ...intervalos, maxDrinks: '' }).maxDrinks).toBe(6);
    expect(ticketTypeBody.parse({ ...intervalos, maxDrinks: undefined }).maxDrinks).toBe(6);
  });
});

describe('ticketTypeBody, the edit page bounds (docs/rules/scan-rules.md)', () => {
  it.each([
    ['nombre', { ...porCantidad, nombre: 'abc' }],
    ['nombre', { ...porCantidad, nombre: 'n'.repeat(100) }],
    ['drinkType', { ...porCantidad, drinkType: 'ron' }],
    ['drinkType', { ...porCantidad, drinkType: 'd'.repeat(50) }],
    ['maxDrinks', { ...porCantidad, maxDrinks: 1 }],
    ['maxDrinks', { ...porCantidad, maxDrinks: 50 }],
    ['durationMinutes', { ...temporal, durationMinutes: 30 }],
    ['durationMinutes', { ...temporal, durationMinutes: 1440 }],
    ['drinkIntervalMinutes', { ...intervalos, drinkIntervalMinutes: 1 }],
    ['drinkIntervalMinutes', { ...intervalos, durationMinutes: 240, drinkIntervalMinutes: 240 }],
    ['the window', { ...porCantidad, validoHasta: '2026-07-04T18:00:00.001Z' }],
  ])('accepts the edge of %s', (_, body) => {
    expect(issuesOf(body)).toBeUndefined();
  });

  it.each([
    ['no eventoId', { ...porCantidad, eventoId: undefined }, ['eventoId', 'El evento es obligatorio']],
    ['eventoId 0', { ...porCantidad, eventoId: 0 }, ['eventoId', 'El evento es obligatorio']],
    ['no nombre', { ...porCantidad, nombre: undefined }, ['nombre', messages.nombreRequired]],
    ['a blank nombre', { ...porCantidad, nombre: '   ' }, ['nombre', messages.nombreRequired]],
    ['a 2-letter nombre', { ...porCantidad, nombre: ' ab ' }, ['nombre', messages.nombreMin]],
    ['a long nombre', { ...porCantidad, nombre: 'n'.repeat(101) }, ['nombre', messages.nombreMax]],
    ['no modo', { ...base, maxDrinks: 4 }, ['modo', messages.modo]],
    ['an unknown modo', { ...porCantidad, modo: 'barra_libre' }, ['modo', messages.modo]],
    ['an inherited name as modo', { ...temporal, modo: 'constructor' }, ['modo', messages.modo]],
    ['no drinkType', { ...porCantidad, drinkType: null }, ['drinkType', messages.drinkTypeRequired]],
    ['a blank drinkType', { ...porCantidad, drinkType: '  ' }, ['drinkType', messages.drinkTypeRequired]],
    ['a 2-letter drinkType', { ...porCantidad, drinkType: 'té' }, ['drinkType', messages.drinkTypeMin]],
    ['a long drinkType', { ...porCantidad, drinkType: 'd'.repeat(51) }, ['drinkType', messages.drinkTypeMax]],
    ['a text maxDrinks', { ...porCantidad, maxDrinks: '4' }, ['maxDrinks', 'Debe ser un número']],
    ['no maxDrinks', { ...porCantidad, maxDrinks: null }, ['maxDrinks', messages.maxDrinks]],
    ['0 drinks', { ...porCantidad, maxDrinks: 0 }, ['maxDrinks', messages.maxDrinks]],
    ['51 drinks', { ...porCantidad, maxDrinks: 51 }, ['maxDrinks', messages.maxDrinks]],
    ['2.5 drinks', { ...porCantidad, maxDrinks: 2.5 }, ['maxDrinks', messages.maxDrinks]],
    ['no duration', { ...temporal, durationMinutes: '' }, ['durationMinutes', messages.duration]],
    ['29 minutes', { ...temporal, durationMinutes: 29 }, ['durationMinutes', messages.duration]],
    ['1441 minutes', { ...temporal, durationMinutes: 1441 }, ['durationMinutes', messages.duration]],
    [
      'no interval',
      { ...intervalos, drinkIntervalMinutes: null },
      ['drinkIntervalMinutes', messages.interval],
    ],
    [
      'a 0-minute interval',
      { ...intervalos, drinkIntervalMinutes: 0 },
      ['drinkIntervalMinutes', messages.interval],
    ],
    [
      'a 241-minute interval',
      { ...intervalos, drinkIntervalMinutes: 241 },
      ['drinkIntervalMinutes', messages.interval],
    ],
    [
      'an intervalos duration of 20',
      { ...intervalos, durationMinutes: 20, maxDrinks: 1 },
      ['durationMinutes', messages.duration],
    ],
    [
      'intervalos with 0 drinks',
      { ...intervalos, maxDrinks: 0 },
      ['maxDrinks', 'El número de bebidas debe ser un entero positivo'],
    ],
    [
      'intervalos with 1441 drinks',
      { ...intervalos, maxDrinks: 1441 },
      ['maxDrinks', 'El número de bebidas debe ser un entero positivo'],
    ],
    ['a bad validoDesde', { ...porCantidad, validoDesde: 'ayer' }, ['validoDesde', messages.validoDesde]],
    [
      'a bad validoHasta',
      { ...porCantidad, validoHasta: '2026-07-05' },
      ['validoHasta', messages.validoHasta],
    ],
    ['an empty window', { ...porCantidad, validoHasta: desde }, ['validoHasta', messages.validityOrder]],
    [
      'a reversed window',
      { ...porCantidad, validoDesde: hasta, validoHasta: desde },
      ['validoHasta', messages.validityOrder],
    ],
  ])('refuses %s, naming the field', (_, body, issue) => {
    expect(firstIssueOf(body)).toEqual(issue);
  });

  it('refuses an interval longer than the duration: no drink could be served', () => {
    const body = { ...intervalos, durationMinutes: 60, drinkIntervalMinutes: 90 };
    expect(firstIssueOf(body)).toEqual(['drinkIntervalMinutes', messages.intervalOverDuration]);
    expect(issuesOf({ ...body, drinkIntervalMinutes: 60 })).toBeUndefined();
    expect(issuesOf({ ...body, maxDrinks: 2 })).toBeUndefined();
  });

  it.each([
    ['no duration', { ...intervalos, durationMinutes: null }, [['durationMinutes', messages.duration]]],
    [
      'no interval',
      { ...intervalos, drinkIntervalMinutes: '' },
      [['drinkIntervalMinutes', messages.interval]],
    ],
    [
      '0 drinks',
      { ...intervalos, maxDrinks: 0 },
      [['maxDrinks', 'El número de bebidas debe ser un entero positivo']],
    ],
  ])('blames only the field at fault when an intervalos type has %s', (_, body, issues) => {
    expect(issuesOf(body)).toEqual(issues);
  });

  it('reports every broken field of a mode at once', () => {
    expect(issuesOf({ ...intervalos, durationMinutes: 10, drinkIntervalMinutes: 300, maxDrinks: 5 })).toEqual(
      [
        ['durationMinutes', messages.duration],
        ['drinkIntervalMinutes', messages.interval],
      ],
    );
  });
});
