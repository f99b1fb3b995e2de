import type { ScanInput, ScanTicketType } from '../../src/scan-rules';

export const MINUTE = 60_000;
/** 20:00 in Madrid: the start of every fixture's validity window. */
export const start = new Date('2026-07-04T18:00:00.000Z');
/** 04:00 the next day in Madrid: the end of every fixture's validity window. */
export const end = new Date('2026-07-05T02:00:00.000Z');
export const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
export const activo = { estado: 'activo' } as const;
export const invalidado = { estado: 'invalidado' } as const;

const window = { validoDesde: start, validoHasta: end };

export const porCantidad = (maxDrinks: number, drinkType = 'todo'): ScanTicketType => ({
  modo: 'por_cantidad',
  maxDrinks,
  drinkIntervalMinutes: null,
  drinkType,
  ...window,
});

export const intervalos = (
  drinkIntervalMinutes: number,
  maxDrinks: number | null,
  drinkType = 'todo',
): ScanTicketType => ({
  modo: 'intervalos_controlados',
  maxDrinks,
  drinkIntervalMinutes,
  drinkType,
  ...window,
});

export const temporal = (drinkType = 'todo'): ScanTicketType => ({
  modo: 'temporal',
  maxDrinks: null,
  drinkIntervalMinutes: null,
  drinkType,
  ...window,
});

/** A scan that every rule lets through, to be bent one rule at a time. */
export const servable = (tipo: ScanTicketType, overrides: Partial<ScanInput> = {}): ScanInput => ({
  ticket: activo,
  tipo,
  consumos: [],
  tipoBebida: 'copa',
  now: at(60),
  ...overrides,
});
