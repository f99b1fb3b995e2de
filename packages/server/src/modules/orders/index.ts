// What other modules use of orders: finding one the user may see, and issuing its tickets.
export { issueTickets, newGuestToken, newQrCode, ticketTypeOfEvent, toTicket } from './issue';
export { findOrder, withSummaries } from './queries';
