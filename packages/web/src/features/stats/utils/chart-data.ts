import { drinkLabel } from '@drinkflow/domain/bebidas';
import type { EventStats } from '@drinkflow/domain/stats';
import { scanReasonLabel } from '@drinkflow/domain/stats-summary';
import { formatDateTime, formatTime } from '@/lib/format';
import { ticketStateLabels } from './format-stats';

/** A chart's figures as a table: its text alternative, and the report's tables. */
export interface ChartData {
  /** Column names of the text alternative. */
  columns: readonly string[];
  /** Its rows, already formatted. */
  rows: readonly (readonly (string | number)[])[];
}

/** Consumption per hour in the browser's time zone: the axis reads 'HH:mm', the table dd/MM/yyyy HH:mm. */
export const timelinePoints = (stats: EventStats) =>
  stats.consumosPorHora.map((hour) => ({ hora: formatTime(hour.hora), cantidad: hour.cantidad }));

export const timelineTable = (stats: EventStats): ChartData => ({
  columns: ['Hora', 'Consumos'],
  rows: stats.consumosPorHora.map((hour) => [formatDateTime(hour.hora), hour.cantidad]),
});

/** The drinks with the label the scanner and the exports use ('Copa', not 'copa'). */
export const drinkPoints = (stats: EventStats) =>
  stats.bebidasPopulares.map((drink) => ({
    tipoBebida: drinkLabel(drink.tipoBebida),
    cantidad: drink.cantidad,
  }));

export const drinksTable = (stats: EventStats): ChartData => ({
  columns: ['Bebida', 'Consumos'],
  rows: drinkPoints(stats).map((drink) => [drink.tipoBebida, drink.cantidad]),
});

/** Ticket states with at least one ticket (an empty slice draws nothing). */
export const ticketStatePoints = (stats: EventStats) =>
  (Object.keys(ticketStateLabels) as (keyof typeof ticketStateLabels)[])
    .map((estado) => ({ estado, nombre: ticketStateLabels[estado], cantidad: stats.estadoTickets[estado] }))
    .filter((point) => point.cantidad > 0);

/**
 * The line between slices: white between two or more, none for one slice of 100 % (its start and
 * end would meet in a white notch).
 */
export const sliceStroke = (points: readonly unknown[]) => (points.length > 1 ? '#fff' : 'none');

export const ticketStateTable = (stats: EventStats): ChartData => ({
  columns: ['Estado', 'Tickets'],
  rows: ticketStatePoints(stats).map((point) => [point.nombre, point.cantidad]),
});

export const barsTable = (stats: EventStats): ChartData => ({
  columns: ['Barra', 'Consumos', 'Rechazos', 'Deshechos'],
  rows: stats.porBarra.map((bar) => [bar.barra, bar.consumos, bar.rechazos, bar.deshechos]),
});

/** Refused scans by reason in Spanish, most frequent first (the live page and the report). */
export const refusalsTable = (stats: EventStats): ChartData => ({
  columns: ['Motivo', 'Rechazos'],
  rows: Object.entries(stats.rechazos)
    .filter(([, cantidad]) => cantidad > 0)
    .map(([reason, cantidad]) => [scanReasonLabel(reason), cantidad] as const)
    .sort(([labelA, a], [labelB, b]) => b - a || labelA.localeCompare(labelB, 'es')),
});

export const refusalPoints = (stats: EventStats) =>
  refusalsTable(stats).rows.map(([motivo, cantidad]) => ({ motivo, cantidad }));
