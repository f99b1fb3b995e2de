import type { EventStats } from '@drinkflow/domain/stats';
import { formatDateTime, formatTime } from '@/lib/format';
import type { ChartData } from '../components/chart-card';
import { ticketStateLabels } from './format-stats';

/** Consumption per hour in the browser's time zone: the axis reads 'HH:mm', the table dd/MM/yyyy HH:mm. */
export const timelinePoints = (stats: EventStats) =>
  stats.consumosPorHora.map((hour) => ({ hora: formatTime(hour.hora), cantidad: hour.cantidad }));

export const timelineTable = (stats: EventStats): ChartData => ({
  columns: ['Hora', 'Consumos'],
  rows: stats.consumosPorHora.map((hour) => [formatDateTime(hour.hora), hour.cantidad]),
});

export const drinksTable = (stats: EventStats): ChartData => ({
  columns: ['Bebida', 'Consumos'],
  rows: stats.bebidasPopulares.map((drink) => [drink.tipoBebida, drink.cantidad]),
});

/** Ticket states with at least one ticket (an empty slice draws nothing). */
export const ticketStatePoints = (stats: EventStats) =>
  (Object.keys(ticketStateLabels) as (keyof typeof ticketStateLabels)[])
    .map((estado) => ({ estado, nombre: ticketStateLabels[estado], cantidad: stats.estadoTickets[estado] }))
    .filter((point) => point.cantidad > 0);

export const ticketStateTable = (stats: EventStats): ChartData => ({
  columns: ['Estado', 'Tickets'],
  rows: ticketStatePoints(stats).map((point) => [point.nombre, point.cantidad]),
});

export const barsTable = (stats: EventStats): ChartData => ({
  columns: ['Barra', 'Consumos', 'Rechazos', 'Deshechos'],
  rows: stats.porBarra.map((bar) => [bar.barra, bar.consumos, bar.rechazos, bar.deshechos]),
});
