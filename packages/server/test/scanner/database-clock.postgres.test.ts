import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consumoRows } from '../support/scan-rows';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR } from '../support/time';

// Issue 18 part 5: drink times and the undo window come from the database's clock, so server
// processes whose clocks disagree still agree on them. Here the process's clock is an hour off (in
// either direction) while the app runs without a test clock, as in production. PostgreSQL only:
// PGlite runs inside the process and reads the process's clock (one process, one clock).

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ clock: 'database' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const databaseNow = async () => {
  const result = (await t.db.execute(
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  )) as unknown as {
    rows: { ms: number | string }[];
  };
  return Number(result.rows[0]!.ms);
};

/** The process's clock moved by `offsetMs` from the real time (the database's stays right). */
const skewProcessClock = (offsetMs: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + offsetMs);
};

describe('the database clock', () => {
  it("records a drink at the database's time, whatever the process's clock says", async () => {
    // The ticket is valid from 1 h ago; a process an hour and a half behind would read it as not yet valid.
    const { scanner, ticket } = await scannerSetup(t);
    skewProcessClock(-1.5 * HOUR);

    const res = await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() });
    const after = await databaseNow();

    expect(res.json()).toMatchObject({ success: true, reason: 'ok' });
    const [consumo] = await consumoRows(t.db, ticket.id);
    expect(Math.abs(consumo!.timestamp.getTime() - after)).toBeLessThan(5_000);
  });

  it("measures the undo window with the database's time", async () => {
    const { scanner, ticket } = await scannerSetup(t);
    const scanId = newScanId();
    expect((await scanner.consume({ qrCode: ticket.qrCode, scanId, deviceId: 'movil' })).json().success).toBe(
      true,
    );
    // A process an hour ahead would call the drink an hour old, far past the 2-minute window.
    skewProcessClock(HOUR);

    const res = await scanner.undo({ scanId, deviceId: 'movil' });

    expect(res.statusCode, res.body).toBe(200);
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
  });

  it('verifies a ticket at the database time too (lookup)', async () => {
    const { scanner, ticket } = await scannerSetup(t);
    skewProcessClock(10 * HOUR);
    const res = await scanner.ticket(ticket.qrCode);
    expect(res.json()).toMatchObject({ ticket: { estado: 'activo' }, verificacion: { success: true } });
  });
});
