/*
 * GET /api/t/{token} (docs/rules/guests.md): what a guest sees of their ticket. Types only, from the
 * domain's schema (erased at build time): the guest page loads no zod and no schema module.
 */
import type { GuestTicket } from '@drinkflow/domain/guest-ticket';

export type { GuestTicket };

/** The effective ticket state of docs/rules/scan-rules.md: invalidado > caducado > agotado > activo. */
export type GuestTicketState = GuestTicket['estado'];
