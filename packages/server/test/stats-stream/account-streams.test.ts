import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/tokens';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_SESSION } from '../../src/modules/stats-stream/routes';
import { type Account, authHeader, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOUR } from '../support/time';
import { openStatsStream } from '../support/sse-client';

// docs/decisions/051: live streams count per account, all its sessions together: at most 10 open
// at once (then 429 in Spanish), so signing in again does not open more. Each session keeps its own
// ceiling of 5 (docs/decisions/021).

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  // Real HTTP: app.inject waits for the end of a body that never ends.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

/** Another session of `account`'s person (a sign-in on another device). */
async function anotherSession(account: Account): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insert(sessions)
    .values({ userId: account.user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + HOUR) });
  return token;
}

describe('GET /api/stats/{eventoId}/stream per account', () => {
  it(`allows ${MAX_STREAMS_PER_ACCOUNT} open streams across an account's sessions, answers the next 429, and frees a place when one closes`, async () => {
    const owner = await signIn(t.db, 'organizer', 'Muchas sesiones');
    const evento = await createEvent(t, owner);
    const sessionCount = Math.ceil((MAX_STREAMS_PER_ACCOUNT + 1) / MAX_STREAMS_PER_SESSION);
    const tokens = [owner.token];
    while (tokens.length < sessionCount) tokens.push(await anotherSession(owner));
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) {
        const stream = await openStatsStream(
          base,
          evento.id,
          tokens[Math.floor(i / MAX_STREAMS_PER_SESSION)],
        );
        streams.push(stream);
        expect(stream.response.status).toBe(200);
        await stream.waitFor(() => true, 1_000);
      }
      // The last session has streams to spare, the account has not.
      const lastSession = { headers: authHeader(tokens[sessionCount - 1]!) };
      const refused = await fetch(`${base}/api/stats/${evento.id}/stream`, lastSession);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({
        error: 'rate_limited',
        message: `Ya tienes ${MAX_STREAMS_PER_ACCOUNT} conexiones en directo abiertas con esta cuenta. Cierra alguna pestaña o sesión e inténtalo de nuevo.`,
      });

      // Another account is not held back.
      const other = await signIn(t.db, 'admin', 'Otra cuenta');
      const elsewhere = await openStatsStream(base, evento.id, other.token);
      streams.push(elsewhere);
      expect(elsewhere.response.status).toBe(200);

      streams.shift()!.close();
      const deadline = Date.now() + 2_000;
      let next = await fetch(`${base}/api/stats/${evento.id}/stream`, lastSession);
      while (next.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await fetch(`${base}/api/stats/${evento.id}/stream`, lastSession);
      }
      expect(next.status).toBe(200);
      await next.body?.cancel();
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
