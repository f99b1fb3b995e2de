// What other modules use of email: a team invitation is emailed at once (docs/decisions/059).
export type { InvitationToSend, SendInvitation } from './invitation-sender';
