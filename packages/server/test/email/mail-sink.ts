import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import type { EmailOptions } from '../../src/modules/email/options';
import type { TestApp } from '../support/test-app';

/** One message the sink accepted: its envelope and raw source (parsed on demand). */
export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  /** The credentials it was sent with (from SMTP_URL). */
  user: string | undefined;
}

/** An error as smtp-server answers it: the reply code the client sees. */
const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * A real SMTP server inside the test process (smtp-server), listening on a free local port. It keeps
 * every accepted message, and can refuse the next recipients or answer slowly, like a real one.
 */
export async function startMailSink() {
  const received: Received[] = [];
  let refuseNext = 0;
  let refuseCode = 450;
  let dataDelayMs = 0;
  let holding = false;
  const heldReplies: Array<() => void> = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'drinkflow' && auth.password === 's3creto:con/raros')
        return callback(null, { user: auth.username });
      return callback(smtpError(535, 'Authentication failed'));
    },
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      attempts++;
      if (refuseNext > 0) {
        refuseNext--;
        return callback(
          smtpError(refuseCode, refuseCode >= 500 ? 'Mailbox unavailable' : 'Try again later, greylisted'),
        );
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.pipe(
        new Writable({
          write(chunk: Buffer, _encoding, next) {
            chunks.push(chunk);
            next();
          },
          final(done) {
            const keep = () =>
              received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                raw: Buffer.concat(chunks),
                user: typeof session.user === 'string' ? session.user : undefined,
              });
            done();
            if (holding) {
              // Like a real server that has queued the message: delivered, whatever becomes of its reply.
              keep();
              heldReplies.push(() => callback());
            } else if (dataDelayMs > 0) {
              setTimeout(() => {
                keep();
                callback();
              }, dataDelayMs);
            } else {
              keep();
              callback();
            }
          },
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    port,
    received,
    /** SMTP_URL of this server, with the credentials it accepts (URL-encoded). */
    url: `smtp://drinkflow:${encodeURIComponent('s3creto:con/raros')}@127.0.0.1:${port}`,
    /** RCPT TO commands seen (each delivery attempt sends one per message). */
    get attempts() {
      return attempts;
    },
    /** Refuses the next `n` recipients with `code` (4xx: try later; 5xx: refused). */
    refuse(n: number, code = 450) {
      refuseNext = n;
      refuseCode = code;
    },
    /** Holds every accepted message this long before answering 250. */
    slowDown(ms: number) {
      dataDelayMs = ms;
    },
    /**
     * From now on keeps each message as it arrives but holds its 250 until `release()`: the sender
     * is stuck between "the server has it" and "the server said so".
     */
    holdReplies() {
      holding = true;
    },
    /** Answers the held messages (a sender that died meanwhile gets nothing) and stops holding. */
    release() {
      holding = false;
      for (const reply of heldReplies.splice(0)) reply();
    },
    to(address: string) {
      return received.filter((message) => message.to.includes(address));
    },
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>;

export const parse = (message: Received): Promise<ParsedMail> => simpleParser(message.raw);

export const PUBLIC_URL = 'https://fiesta.example.org';

/** Email options for tests: this sink, short waits. */
export const emailOptions = (sink: MailSink, overrides: Partial<EmailOptions> = {}): EmailOptions => ({
  smtpUrl: sink.url,
  from: 'DrinkFlow <entradas@drinkflow.test>',
  publicUrl: PUBLIC_URL,
  pollMs: 100,
  backoffMs: [50, 50, 50],
  concurrency: 4,
  ...overrides,
});

/** The API on `database` with email configured (or not, when `email` is undefined). */
export async function emailTestApp(
  database: Database,
  email: EmailOptions | undefined,
  logStream?: Writable,
): Promise<TestApp> {
  const app = await buildApp({
    db: database.db,
    email,
    ...(logStream ? { logger: { level: 'info', stream: logStream } } : {}),
  });
  await app.ready();
  return { app, db: database.db, database, close: () => app.close() };
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  { timeoutMs = 15_000, everyMs = 25 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
