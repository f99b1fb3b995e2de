import type { ScanInput, ScanTicketType } from '../../src/scan-rules';

// docs/rules/festivals.md: a festival of three nights in Madrid (summer, UTC+2), the day ending at 06:00.
export const utc = (iso: string) => new Date(iso);
export const desde = utc('2026-07-03T16:00:00Z'); // Fri 18:00
export const hasta = utc('2026-07-06T04:00:00Z'); // Mon 06:00
const window = { validoDesde: desde, validoHasta: hasta };

export const porCantidad = (maxDrinks: number, extra: Partial<ScanTicketType> = {}): ScanTicketType => ({
  modo: 'por_cantidad',
  maxDrinks,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  ...window,
  ...extra,
});
export const intervalos = (
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
export const temporal = (extra: Partial<ScanTicketType> = {}): ScanTicketType => ({
  modo: 'temporal',
  maxDrinks: null,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  ...window,
  ...extra,
});

export const scan = (tipo: ScanTicketType, overrides: Partial<ScanInput> = {}): ScanInput => ({
  ticket: { estado: 'activo' },
  tipo,
  consumos: [],
  tipoBebida: 'copa',
  now: utc('2026-07-04T20:00:00Z'), // Sat 22:00
  timeZone: 'Europe/Madrid',
  ...overrides,
});
export const times = (...isos: string[]) => isos.map(utc);

export const bars = { barrasPermitidas: ['Barra Norte', 'VIP'] };
