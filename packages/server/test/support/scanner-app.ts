import { buildApp } from '../../src/app';
import { openTestDatabase } from './database';
import type { TestApp } from './test-app';

/**
 * The clock the scanner rules read (`buildApp({ now })`): frozen at an instant the test chooses,
 * so interval, validity and undo-window cases need no sleeping. `reset()` sets it to the real time.
 */
export class TestClock {
  private at = Date.now();
  readonly now = () => new Date(this.at);
  reset(): Date {
    this.at = Date.now();
    return this.now();
  }
  set(instant: Date | string | number): void {
    this.at = new Date(instant).getTime();
  }
  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }
  iso(): string {
    return new Date(this.at).toISOString();
  }
}

export interface ScannerTestApp extends TestApp {
  clock: TestClock;
}

/**
 * The whole API on a fresh database with the scanner's options: a controllable clock and, when
 * given, a rate limit per API key and client address (`undefined` keeps the server's default).
 */
export async function createScannerApp(
  options: {
    scannerRateLimit?: number;
    scannerAddressLimit?: number;
    /** `database`: no test clock, drinks take the database's time (as in production). */
    clock?: 'test' | 'database';
    /** Tickets the process remembers (SCANNER_KNOWN_TICKETS); `undefined` keeps the default. */
    scannerKnownTickets?: number;
  } = {},
): Promise<ScannerTestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  try {
    const app = await buildApp({
      db: database.db,
      demo: false,
      ...(options.clock === 'database' ? {} : { now: clock.now }),
      ...(options.scannerRateLimit === undefined ? {} : { scannerRateLimit: options.scannerRateLimit }),
      ...(options.scannerAddressLimit === undefined
        ? {}
        : { scannerAddressLimit: options.scannerAddressLimit }),
      ...(options.scannerKnownTickets === undefined
        ? {}
        : { scannerKnownTickets: options.scannerKnownTickets }),
    });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      clock,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
