// The events list's dialogs, as one chunk that the list loads after it shows (events-page.tsx).
export { DeleteEventDialog } from './delete-event-dialog';
export { EventDialog } from './event-dialog';
