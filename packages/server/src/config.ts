import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  logLevel: string;
  webRoot: string | undefined;
  /** `true`, or the proxy addresses to trust for X-Forwarded-For. */
  trustProxy: boolean | string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return {
    port: Number.parseInt(env.PORT ?? '3000', 10),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    // The embedded database is the demo; PostgreSQL seeds only when asked (DECISIONS §3).
    demo: databaseUrl ? env.SEED_DEMO === 'true' : env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: env.WEB_ROOT,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
  };
}
