import { createSmtpMailer, messageIdDomain } from './mailer';
import type { EmailWorkerOptions } from './worker';

export interface EmailOptions {
  /** smtp:// or smtps:// with credentials (SMTP_URL); without it email is "not configured". */
  smtpUrl: string;
  /** MAIL_FROM. */
  from: string;
  /** PUBLIC_URL: the absolute base of the guest links. */
  publicUrl: string;
  /** EMAIL_POLL_MS: how often the queue is read when nothing was queued here. Default 5 s. */
  pollMs?: number;
  /** Waits before each retry; its length + 1 is the number of tries. Default 30 s, 2 min, 10 min. */
  backoffMs?: readonly number[];
  /** Emails this process sends at once. Default 4. */
  concurrency?: number;
  /** How long a claimed send is this process's unless renewed (it is, while sending). Default 5 min. */
  leaseMs?: number;
  /** How long adding a team member waits for its invitation email (sent at once, not queued). Default 5 s. */
  invitationTimeoutMs?: number;
}

export const EMAIL_DEFAULTS = {
  pollMs: 5000,
  backoffMs: [30_000, 120_000, 600_000],
  concurrency: 4,
  leaseMs: 5 * 60_000,
} as const;

type WorkerSettings = Omit<EmailWorkerOptions, 'db' | 'queue' | 'log' | 'timeZone'>;

/** What the queue's worker takes from the email configuration, defaults filled in. */
export function emailWorkerSettings(email: EmailOptions): WorkerSettings {
  const concurrency = email.concurrency ?? EMAIL_DEFAULTS.concurrency;
  return {
    mailer: createSmtpMailer(email.smtpUrl, email.from, concurrency),
    publicUrl: email.publicUrl.replace(/\/+$/, ''),
    pollMs: email.pollMs ?? EMAIL_DEFAULTS.pollMs,
    backoffMs: email.backoffMs ?? EMAIL_DEFAULTS.backoffMs,
    concurrency,
    leaseMs: email.leaseMs ?? EMAIL_DEFAULTS.leaseMs,
    messageIdDomain: messageIdDomain(email.from),
  };
}
