// What other modules use of events: who may read and change one.
export { readableBy, writableBy, type EventService } from './service';
