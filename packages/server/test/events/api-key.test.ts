import { apiKeyMessages } from '@drinkflow/domain/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError, URL_SAFE_SECRET } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent, getEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import { newScanId, scannerClient } from '../support/scanner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keyCounter = 0;
/** A valid key (at least 20 characters) no other test uses. */
const freshKey = (prefix = 'clave') => `${prefix}-${process.pid}-${++keyCounter}-escaner`.padEnd(20, '0');

const setApiKey = (who: Account, id: number | string, payload: unknown) =>
  call(t, who, 'PUT', `/api/eventos/${id}/api-key`, payload);
const regenerate = (who: Account, id: number | string) =>
  call(t, who, 'PATCH', `/api/eventos/${id}/regenerate-api-key`);

const eventsWithKey = (apiKey: string) =>
  t.db.select({ id: eventos.id }).from(eventos).where(eq(eventos.apiKey, apiKey));

describe('PUT /api/eventos/{id}/api-key', () => {
  it('replaces the key and answers {apiKey}; the old key is no longer stored', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const apiKey = freshKey('Barra_Principal');

    const res = await setApiKey(organizer, evento.id, { apiKey });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ apiKey });
    expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(apiKey);
    expect(await eventsWithKey(evento.apiKey)).toEqual([]);
    expect(await eventsWithKey(apiKey)).toEqual([{ id: evento.id }]);
  });

  it('trims the key', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const apiKey = freshKey();

    const res = await setApiKey(organizer, evento.id, { apiKey: `  ${apiKey}\t ` });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ apiKey });
    expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(apiKey);
  });

  it('accepts 20 and 128 characters of letters, digits, - and _', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const twenty = `a${String(++keyCounter).padStart(19, '0')}`.slice(0, 20);
    const long = `${freshKey('K_')}-`.padEnd(128, 'Zz09_-');

    for (const apiKey of [twenty, long, `${freshKey()}_AZaz09`]) {
      const res = await setApiKey(organizer, evento.id, { apiKey });
      expect(res.statusCode, `${apiKey}: ${res.body}`).toBe(200);
      expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(apiKey);
    }
  });

  it('accepts the key the event already has', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);

    const res = await setApiKey(organizer, evento.id, { apiKey: evento.apiKey });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ apiKey: evento.apiKey });
  });

  const invalid: [string, unknown, string][] = [
    ['a missing key', undefined, apiKeyMessages.required],
    ['an empty key', '', apiKeyMessages.required],
    ['a blank key', '      ', apiKeyMessages.required],
    ['a key that is not text', 123456, apiKeyMessages.required],
    ['5 characters', 'abcde', apiKeyMessages.min],
    ['19 characters', 'a'.repeat(19), apiKeyMessages.min],
    ['19 characters padded with spaces', `  ${'b'.repeat(19)}  `, apiKeyMessages.min],
    ['129 characters', 'a'.repeat(129), apiKeyMessages.max],
    ['a space inside', 'clave con espacios del bar', apiKeyMessages.pattern],
    ['accented letters', 'contraseña-del-escáner-1', apiKeyMessages.pattern],
    ['a slash', 'clave/otra/del/escaner', apiKeyMessages.pattern],
    ['a dot', 'clave.123.del.escaner', apiKeyMessages.pattern],
    ['a plus sign', 'clave+123+del+escaner', apiKeyMessages.pattern],
  ];

  it.each(invalid)(
    'refuses %s with 400 on field apiKey and keeps the old key',
    async (_case, apiKey, message) => {
      const organizer = await signIn(t.db);
      const evento = await createEvent(t, organizer);

      const res = await setApiKey(organizer, evento.id, apiKey === undefined ? {} : { apiKey });

      expectFieldError(res, 'apiKey', message);
      expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(evento.apiKey);
    },
  );

  it("refuses another event's key with 409, whoever owns that event", async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const sibling = await createEvent(t, organizer);
    const foreign = await createEvent(t, other);
    const before = await snapshotEvent(t.db, evento.id);

    for (const taken of [sibling.apiKey, foreign.apiKey, `  ${sibling.apiKey} `]) {
      const body = expectApiError(await setApiKey(organizer, evento.id, { apiKey: taken }), 409, 'conflict');
      expect(body.message).toBe(apiKeyMessages.taken);
    }

    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    expect((await getEvent(t, organizer, sibling.id)).apiKey).toBe(sibling.apiKey);
    expect((await getEvent(t, other, foreign.id)).apiKey).toBe(foreign.apiKey);
  });

  it('refuses a key set on another event through this endpoint with 409', async () => {
    const organizer = await signIn(t.db);
    const first = await createEvent(t, organizer);
    const second = await createEvent(t, organizer);
    const apiKey = freshKey();
    expect((await setApiKey(organizer, first.id, { apiKey })).statusCode).toBe(200);

    expectApiError(await setApiKey(organizer, second.id, { apiKey }), 409, 'conflict');
    expect((await getEvent(t, organizer, second.id)).apiKey).toBe(second.apiKey);
  });

  it('answers 404 to an event that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await setApiKey(organizer, 2_000_000_000, { apiKey: freshKey() }), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await setApiKey(organizer, 'abc', { apiKey: freshKey() }), 400, 'validation_error');
  });
});

describe('PATCH /api/eventos/{id}/regenerate-api-key', () => {
  it('replaces the key with a new random, URL-safe one of at least 128 bits', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);

    const res = await regenerate(organizer, evento.id);

    expect(res.statusCode, res.body).toBe(200);
    const { apiKey } = res.json<{ apiKey: string }>();
    expect(res.json()).toEqual({ apiKey: expect.stringMatching(URL_SAFE_SECRET) });
    expect(apiKey).not.toBe(evento.apiKey);
    expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(apiKey);
    expect(await eventsWithKey(evento.apiKey)).toEqual([]);
  });

  it('gives a different key each time', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);

    const keys = [evento.apiKey];
    for (let i = 0; i < 4; i++)
      keys.push((await regenerate(organizer, evento.id)).json<{ apiKey: string }>().apiKey);

    expect(new Set(keys).size).toBe(keys.length);
    expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(keys.at(-1));
  });

  it('replaces a key the organizer chose', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const chosen = freshKey();
    await setApiKey(organizer, evento.id, { apiKey: chosen });

    const { apiKey } = (await regenerate(organizer, evento.id)).json<{ apiKey: string }>();

    expect(apiKey).not.toBe(chosen);
    expect(apiKey).toMatch(URL_SAFE_SECRET);
    expect(await eventsWithKey(chosen)).toEqual([]);
  });

  it('answers 404 to an event that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await regenerate(organizer, 2_000_000_000), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await regenerate(organizer, 'x1'), 400, 'validation_error');
  });
});

describe('PUT /api/eventos/{id}/api-key: attempts per organizer (docs/rules/events.md)', () => {
  it('allows 10 attempts an hour, then answers 429 in Spanish with Retry-After and changes nothing', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const sibling = await createEvent(t, organizer);

    // Probing for taken keys counts like changing one's own: 5 conflicts and 5 changes.
    for (let i = 0; i < 5; i++) {
      expectApiError(await setApiKey(organizer, evento.id, { apiKey: sibling.apiKey }), 409, 'conflict');
      expect((await setApiKey(organizer, evento.id, { apiKey: freshKey() })).statusCode).toBe(200);
    }
    const before = (await getEvent(t, organizer, evento.id)).apiKey;

    const refused = await setApiKey(organizer, evento.id, { apiKey: freshKey() });
    const body = expectApiError(refused, 429, 'rate_limited');
    expect(body.message).toBe(apiKeyMessages.tooManyChanges);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Not even a taken key is confirmed any more.
    expectApiError(await setApiKey(organizer, sibling.id, { apiKey: evento.apiKey }), 429, 'rate_limited');
    expect((await getEvent(t, organizer, evento.id)).apiKey).toBe(before);

    // Another organizer has attempts of their own.
    const other = await signIn(t.db);
    const theirs = await createEvent(t, other);
    expect((await setApiKey(other, theirs.id, { apiKey: freshKey() })).statusCode).toBe(200);
  });
});

describe('a chosen key in the scanner URLs (docs/rules/events.md)', () => {
  it.each([20, 128])('serves every scanner route with a key of %i characters', async (length) => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, {
      fechaInicio: new Date(Date.now() - HOUR).toISOString(),
      fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
    });
    const tipo = await createTicketType(t, organizer, evento);
    const pedido = await createOrder(t, organizer, { evento, tipo });
    const apiKey = `${freshKey('Barra_')}-`.padEnd(length, 'Zz09_-').slice(0, length);
    expect((await setApiKey(organizer, evento.id, { apiKey })).statusCode).toBe(200);
    const scanner = scannerClient(t, apiKey, '127.0.0.1', `movil-${length}`);
    const { qrCode } = pedido.tickets[0]!;
    const scanId = newScanId();

    expect((await scanner.event()).json()).toMatchObject({ nombre: evento.nombre });
    expect((await scanner.ticket(qrCode)).json()).toMatchObject({ ticket: { id: pedido.tickets[0]!.id } });
    const consume = await scanner.consume({ qrCode, scanId, deviceId: `movil-${length}` });
    expect(consume.json(), consume.body).toMatchObject({ success: true });
    const undo = await scanner.undo({ scanId, deviceId: `movil-${length}` });
    expect(undo.statusCode, undo.body).toBe(200);
  });
});
