import { topUpMetodoLabels, type EventTopUps } from '@drinkflow/domain/topups';
import type { ChartData } from '@/features/stats';
import { formatEuros } from '@/lib/format';

/** A top-up without a payment method, in the totals by method. */
export const SIN_METODO = 'Sin indicar';

/** The top-ups by payment method: the three methods always, 'Sin indicar' when some name none. */
export const topUpMethodsTable = (topUps: EventTopUps): ChartData => ({
  columns: ['Método', 'Recargas', 'Bebidas', 'Importe'],
  rows: topUps.porMetodo.map((row) => [
    row.metodo === null ? SIN_METODO : topUpMetodoLabels[row.metodo],
    row.recargas,
    row.bebidas,
    formatEuros(row.importe),
  ]),
});

/** The totals row under the methods' table. */
export const topUpTotalRow = ({ total }: EventTopUps) =>
  ['Total', total.recargas, total.bebidas, formatEuros(total.importe)] as const;
