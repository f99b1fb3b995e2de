import { resolve } from 'node:path';
import { DEFAULT_TIME_ZONE } from '@drinkflow/domain/dates';
import { DEFAULT_POOL_SIZE } from './db/client';
import { registrationLimits } from './modules/auth/limits';
import { scannerRateLimits } from './modules/scanner/admission/limits';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections each server process may open (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  demo: boolean;
  logLevel: string;
  webRoot: string | undefined;
  /** `true`, or the proxy addresses to trust for X-Forwarded-For. */
  trustProxy: boolean | string;
  /** Time zone of the dates people read: scan messages, statistics hours, exports. */
  timeZone: string;
  registrationsPerAddress: number;
  /** Scanner requests per minute per key and device (per address without one); 0 turns every scanner limit off. */
  scannerRateLimit: number;
  /** Scanner requests per minute per key and address, all devices together; 0 = no ceiling. */
  scannerAddressLimit: number;
  /** Tickets each server process remembers to record their next scan in one round trip; 0 = none. */
  scannerKnownTickets: number;
  /** Seconds between checks of every running event's alert thresholds; 0 turns the sweep off. */
  alertSweepSeconds: number;
  /** PUBLIC_URL without a trailing slash: the base of guest links; undefined = the request's origin. */
  publicUrl: string | undefined;
  /** Sending tickets by email (docs/rules/guests.md); undefined without SMTP_URL. */
  email: EmailConfig | undefined;
}

export interface EmailConfig {
  /** smtp:// or smtps://, credentials in the URL. Never logged. */
  smtpUrl: string;
  /** The From address, e.g. `DrinkFlow <entradas@example.com>`. */
  from: string;
  /** The absolute base of links in messages, without a trailing slash. */
  publicUrl: string;
  /** How often each server process looks for due emails (EMAIL_POLL_MS). */
  pollMs: number;
}

/** A configuration value that cannot work; the server prints it and does not start. */
export class ConfigError extends Error {}

function timeZoneOf(value: string | undefined): string {
  const timeZone = value?.trim() || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone });
  } catch {
    throw new ConfigError(`APP_TIME_ZONE no es una zona horaria válida: ${timeZone} (p. ej. Europe/Madrid).`);
  }
  return timeZone;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new ConfigError(`${name} debe ser un entero positivo, no ${JSON.stringify(value)}.`);
  }
  return parsed;
}

function nonNegativeInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new ConfigError(`${name} debe ser un entero mayor o igual que 0, no ${JSON.stringify(value)}.`);
  }
  return parsed;
}

/** PUBLIC_URL, checked whether or not email is configured: the web's guest links use it too. */
function publicUrlOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const publicUrl = value.trim().replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(publicUrl).protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(
      `PUBLIC_URL debe ser una dirección http(s):// absoluta, no ${JSON.stringify(publicUrl)}.`,
    );
  }
  return publicUrl;
}

function emailConfig(
  env: NodeJS.ProcessEnv,
  port: number,
  publicUrl: string | undefined,
): EmailConfig | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    // The value is not repeated: it may hold a password.
    throw new ConfigError(
      'SMTP_URL no es una URL válida (smtp://usuario:contraseña@servidor:587 o smtps://…).',
    );
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL debe empezar por smtp:// o smtps://.');
  }
  const from = env.MAIL_FROM?.trim();
  if (!from)
    throw new ConfigError('Con SMTP_URL hace falta MAIL_FROM (p. ej. "DrinkFlow <entradas@example.com>").');
  return {
    smtpUrl,
    from,
    // A queued email is sent later, by any process, with no request to take an origin from.
    publicUrl: publicUrl ?? `http://localhost:${port}`,
    pollMs: positiveInteger('EMAIL_POLL_MS', env.EMAIL_POLL_MS, 5000),
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const publicUrl = publicUrlOf(env.PUBLIC_URL);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    databasePoolSize: positiveInteger('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, DEFAULT_POOL_SIZE),
    // The embedded database is the demo; PostgreSQL seeds only when asked (docs/rules/operations.md).
    demo: databaseUrl ? env.SEED_DEMO === 'true' : env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: env.WEB_ROOT,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    timeZone: timeZoneOf(env.APP_TIME_ZONE),
    registrationsPerAddress: positiveInteger(
      'REGISTRATIONS_PER_HOUR',
      env.REGISTRATIONS_PER_HOUR,
      registrationLimits.defaultPerAddress,
    ),
    scannerRateLimit: nonNegativeInteger(
      'SCANNER_RATE_LIMIT',
      env.SCANNER_RATE_LIMIT,
      scannerRateLimits.defaultPerMinute,
    ),
    scannerAddressLimit: nonNegativeInteger(
      'SCANNER_ADDRESS_LIMIT',
      env.SCANNER_ADDRESS_LIMIT,
      scannerRateLimits.defaultPerAddress,
    ),
    scannerKnownTickets: nonNegativeInteger(
      'SCANNER_KNOWN_TICKETS',
      env.SCANNER_KNOWN_TICKETS,
      scannerRateLimits.defaultKnownTickets,
    ),
    alertSweepSeconds: nonNegativeInteger('ALERT_SWEEP_SECONDS', env.ALERT_SWEEP_SECONDS, 60),
    publicUrl,
    email: emailConfig(env, port, publicUrl),
  };
}
