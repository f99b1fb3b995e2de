// What other modules use of the statistics: a ticket's effective state in SQL.
export { ticketEffectiveStateSql } from './effective-state';
