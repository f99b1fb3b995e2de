import addressparser from 'nodemailer/lib/addressparser';
import { createTransport } from 'nodemailer';
import type { OrderMessage } from './message';

/**
 * Sends one order's message under the queue row's `Message-ID` (the same on every attempt, so a
 * copy sent twice shows as one message); resolves once the SMTP server has accepted it (its 250).
 */
export interface Mailer {
  send(message: OrderMessage, messageId: string): Promise<void>;
  close(): void;
}

/** How long one SMTP step may take before the attempt counts as failed (and is retried). */
export const SMTP_TIMEOUT_MS = 30_000;

/**
 * The From of every message: MAIL_FROM's address, named after the organizer who invites
 * ("Lucía García vía DrinkFlow"), so the inbox says who sent it.
 */
export function fromHeader(mailFrom: string, organizador: string) {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  const address = parsed?.address || mailFrom;
  const brand = (parsed?.name || 'DrinkFlow').replace(/\s+/g, ' ').trim();
  const name = organizador ? `${organizador.replace(/\s+/g, ' ').trim()} vía ${brand}` : brand;
  return { name, address };
}

/**
 * The right-hand side of every `Message-ID`: MAIL_FROM's domain, as mail clients and spam filters
 * expect (nodemailer's own choice too); a From without a usable domain gets a reserved name.
 */
export function messageIdDomain(mailFrom: string): string {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  const domain = (parsed?.address ?? '').split('@').pop()?.trim().toLowerCase() ?? '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : 'drinkflow.invalid';
}

/**
 * A connection that closes mid-send fails the attempt, instead of nodemailer sending the message
 * again on its own (5 times by default, beyond the lease): retries are the queue's, recorded and
 * leased (docs/decisions/053). Nodemailer's typings lack the option.
 */
const noHiddenRetries = { maxRequeues: 0 };

/** A pooled SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, mailFrom: string, maxConnections: number): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    maxMessages: 100,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    ...noHiddenRetries,
    // Nodemailer's own logger stays off: it would print addresses and the SMTP dialogue.
    logger: false,
    debug: false,
  });
  return {
    async send(message, messageId) {
      await transport.sendMail({
        messageId,
        from: fromHeader(mailFrom, message.organizador),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: [
          { filename: message.pdf.filename, content: message.pdf.content, contentType: 'application/pdf' },
        ],
      });
    },
    close() {
      transport.close();
    },
  };
}

const MAX_REASON = 300;

/**
 * Why an attempt failed, for the organizer to read (Spanish, no credentials): the kind of failure
 * and, when the server answered, its reply.
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const reply = typeof response === 'string' ? response.replace(/\s+/g, ' ').trim() : '';
  let reason: string;
  if (code === 'EAUTH') reason = 'El servidor de correo rechazó el usuario o la contraseña';
  else if (code === 'ETIMEDOUT') reason = 'El servidor de correo no respondió a tiempo';
  else if (code === 'EDNS') reason = 'No se encontró el servidor de correo';
  else if (code === 'ETLS') reason = 'No se pudo establecer una conexión segura con el servidor de correo';
  else if (code === 'ECONNECTION' || code === 'ESOCKET' || (code ?? '').startsWith('ECONN'))
    reason = 'No se pudo conectar con el servidor de correo';
  else if (typeof responseCode === 'number' && responseCode >= 500)
    reason = `El servidor de correo rechazó el mensaje${reply ? ` (${reply})` : ''}`;
  else if (typeof responseCode === 'number' && responseCode >= 400)
    reason = `El servidor de correo no aceptó el mensaje por ahora${reply ? ` (${reply})` : ''}`;
  else if (code === 'EENVELOPE') reason = 'La dirección de email no es válida';
  else reason = `No se pudo enviar el correo${message ? ` (${message.replace(/\s+/g, ' ')})` : ''}`;
  // Never a URL: an SMTP URL in an error message would carry the password.
  reason = reason.replace(/smtps?:\/\/\S+/gi, 'smtp://…');
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
}
