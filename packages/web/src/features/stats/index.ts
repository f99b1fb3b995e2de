/* What the event report reads of the statistics: the same query, and the same tables and labels. */
export { statsQueryOptions } from './api/get-stats';
export {
  barsTable,
  drinkPoints,
  drinksTable,
  refusalsTable,
  sliceStroke,
  ticketStatePoints,
  timelinePoints,
  timelineTable,
  type ChartData,
} from './utils/chart-data';
export { consumos, formatAverage, ticketStateLabels } from './utils/format-stats';
export { DevicesTable, PeopleTable } from './components/who-served-tables';
