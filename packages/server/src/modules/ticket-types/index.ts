// What other modules use of ticket types.
export { toTipoTicket } from './service';
