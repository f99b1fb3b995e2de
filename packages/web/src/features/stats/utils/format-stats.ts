import { formatCount } from '@/lib/format-count';

const decimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 1,43 — the average as Spanish readers write it. */
export const formatAverage = (value: number) => decimal.format(value);

/** '1 consumo', '3 consumos'. */
export const consumos = (n: number) => `${formatCount(n)} ${n === 1 ? 'consumo' : 'consumos'}`;

/** Spanish names of the effective ticket states (docs/rules/scan-rules.md), in the order the page lists them. */
export const ticketStateLabels = {
  activo: 'Activos',
  agotado: 'Agotados',
  invalidado: 'Invalidados',
  caducado: 'Caducados',
} as const;
