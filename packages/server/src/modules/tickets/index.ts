// What other modules use of tickets: the not-found message, the printed ticket's pages and a
// ticket's festival day (its drinks and limit today).
export { TICKET_NOT_FOUND } from './service';
export { dayTopUpsOf, ticketDaysOf } from './today';
export { addTicketPage, createTicketsDocument, longSpanishDate, type PrintableTicket } from './ticket-pdf';
