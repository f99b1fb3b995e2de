import { scannerEvent } from '@drinkflow/domain/scanner';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos } from '../../src/db/schema';
import { scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/festivals.md: the public scanner offers the event's bars for "¿En qué barra estás?", so the
// event answer of GET /api/scanner/{apiKey}/event carries them.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());

describe('GET /api/scanner/:apiKey/event', () => {
  it('answers the event’s bars in their order', async () => {
    const { evento, scanner } = await scannerSetup(t);
    await t.db
      .update(eventos)
      .set({ barras: ['VIP', 'Terraza'] })
      .where(eq(eventos.id, evento.id));

    const res = await scanner.event();

    expect(res.statusCode).toBe(200);
    const body = scannerEvent.parse(res.json());
    expect(body).toMatchObject({ nombre: evento.nombre, barras: ['VIP', 'Terraza'] });
  });

  it('answers an empty list for an event without bars', async () => {
    const { scanner } = await scannerSetup(t);

    const res = await scanner.event();

    expect(res.statusCode).toBe(200);
    expect(res.json().barras).toEqual([]);
  });
});
