// What other modules use of tickets: the not-found message and the printed ticket's pages.
export { TICKET_NOT_FOUND } from './service';
export { addTicketPage, createTicketsDocument, longSpanishDate, type PrintableTicket } from './ticket-pdf';
