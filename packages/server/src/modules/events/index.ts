// What other modules use of events: who may read and change one (docs/rules/team.md).
export { adminMay, requireEvent, roleIn, scopeFor, teamScope, type EventAccess } from './access';
export { toEvento, type EventService } from './service';
