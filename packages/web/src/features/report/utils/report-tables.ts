import type { EventStats } from '@drinkflow/domain/stats';
import {
  barsTable,
  type ChartData,
  drinksTable,
  refusalsTable,
  ticketStateLabels,
  timelineTable,
} from '@/features/stats';

/** The hours of the day with most drinks, busiest first (the API's order). */
export const peakHoursTable = (stats: EventStats): ChartData => ({
  columns: ['Hora', 'Consumos'],
  rows: stats.horasPico.map((hour) => [hour.hora, hour.cantidad]),
});

/** Every ticket state, those without tickets too: on paper a missing row reads as a forgotten one. */
export const ticketStatesTable = (stats: EventStats): ChartData => ({
  columns: ['Estado', 'Tickets'],
  rows: (Object.keys(ticketStateLabels) as (keyof typeof ticketStateLabels)[]).map((estado) => [
    ticketStateLabels[estado],
    stats.estadoTickets[estado],
  ]),
});

/** The data tables printed after the charts, in their order. */
export const dataTables = (stats: EventStats) => [
  { title: 'Consumos por hora', description: 'Hora local', data: timelineTable(stats) },
  { title: 'Bebidas', description: 'Consumos por tipo de bebida', data: drinksTable(stats) },
  { title: 'Estado de los tickets', description: 'Tickets por estado ahora', data: ticketStatesTable(stats) },
  {
    title: 'Consumos por barra',
    description: 'Bebidas servidas, escaneos rechazados y consumos deshechos',
    data: barsTable(stats),
  },
  { title: 'Rechazos por motivo', description: 'Escaneos rechazados', data: refusalsTable(stats) },
];
