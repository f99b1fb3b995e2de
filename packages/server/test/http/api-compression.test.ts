import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/app';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

let t: ScannerTestApp;
let owner: Account;
beforeAll(async () => {
  t = await createScannerApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
  // Enough events that the organizer's list is well above the threshold.
  for (let index = 0; index < 12; index++)
    await createEvent(t, owner, { nombre: `Festival número ${index}` });
});
afterAll(async () => {
  await t?.close();
});

const listEvents = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/eventos/${owner.user.id}`,
    headers: { ...owner.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('JSON answers above the threshold', () => {
  it('travel brotli-compressed to a client that accepts brotli', async () => {
    const plain = await listEvents();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await listEvents('gzip, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('travel gzip-compressed to a client that accepts only gzip', async () => {
    const res = await listEvents('gzip');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual((await listEvents()).json());
  });
});

describe('small answers', () => {
  it('leave a scan answer as it is, whatever the client accepts', async () => {
    const { evento, ticket } = await scannerSetup(t);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/scanner/${evento.apiKey}/consume`,
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { qrCode: ticket.qrCode },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });
});
