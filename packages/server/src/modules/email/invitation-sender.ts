import type { TeamRole } from '@drinkflow/domain/team';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { renderInvitationEmail } from './invitation-render';
import { fromHeader } from './mailer';
import type { EmailOptions } from './options';

/** How long adding a team member waits for the mail server by default (docs/decisions/059). */
export const INVITATION_TIMEOUT_MS = 5000;

/** One pending member's invitation, as the team module hands it over right after the member's row commits. */
export interface InvitationToSend {
  eventoId: number;
  miembroId: number;
  to: string;
  /** The event's owner, who invites. */
  organizador: string;
  evento: { nombre: string; fechaInicio: Date; fechaFin: Date };
  rol: TeamRole;
  /** The invitation's path ('/invitacion/{token}'): the token's only copy, held in memory only. */
  enlace: string;
}

/** Sends one invitation; true once the mail server accepted it. Never throws. */
export type SendInvitation = (invitation: InvitationToSend) => Promise<boolean>;

/**
 * Team invitations are emailed at once, outside the queue (docs/decisions/059): a queued job
 * would keep the link, the token in clear, in the database. One try, with a short deadline:
 * a mail server that is down or slow costs the request at most `invitationTimeoutMs`, and the
 * owner still has the link in the add's answer. Logs name the member, never the address or link.
 */
export function createInvitationSender(
  email: EmailOptions,
  { log, timeZone }: { log: FastifyBaseLogger; timeZone: string },
): SendInvitation {
  const timeoutMs = email.invitationTimeoutMs ?? INVITATION_TIMEOUT_MS;
  const publicUrl = email.publicUrl.replace(/\/+$/, '');
  const transport = createTransport({
    url: email.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Nodemailer's own logger stays off: it would print addresses and the message, link included.
    logger: false,
    debug: false,
  });

  return async function sendInvitation(invitation) {
    const { subject, text, html } = renderInvitationEmail(
      { ...invitation, enlace: `${publicUrl}${invitation.enlace}` },
      timeZone,
    );
    const member = { eventoId: invitation.eventoId, miembroId: invitation.miembroId };
    const sending = transport.sendMail({
      from: fromHeader(email.from, invitation.organizador),
      to: invitation.to,
      subject,
      text,
      html,
    });
    // Past the deadline the send may still end either way: nobody awaits it any more.
    sending.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('invitation email timed out'), { code: 'ETIMEDOUT' })),
        timeoutMs,
      );
    });
    try {
      await Promise.race([sending, deadline]);
      log.info(member, 'email: invitación enviada');
      return true;
    } catch (error) {
      log.warn({ ...member, code: (error as { code?: unknown })?.code }, 'email: invitación no enviada');
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}
