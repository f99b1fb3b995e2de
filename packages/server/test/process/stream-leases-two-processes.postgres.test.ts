import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { sessions, streamLeases } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/tokens';
import { MAX_STREAMS_PER_ACCOUNT } from '../../src/modules/stats-stream/routes';
import { type Account, authHeader, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOUR } from '../support/time';
import { openStatsStream } from '../support/sse-client';
import { exitOf, startServer } from './server-process';
import { copyOfTemplate, type CopiedDatabase, stopServers } from './shared-database';

// docs/decisions/051: an account has at most 10 live streams open across EVERY server process
// (leases in `stream_leases`), not 10 on each; a killed process's leases stop counting after their
// time-to-live (STREAM_LEASE_TTL_MS, shortened here for the killed process).

type Started = Awaited<ReturnType<typeof startServer>>;
type Stream = Awaited<ReturnType<typeof openStatsStream>>;

const KILLED_PROCESS_TTL_MS = 4_000;

let database: CopiedDatabase | undefined;
let t: TestApp;
let servers: Started[] = [];
const streams: Stream[] = [];

beforeAll(async () => {
  database = await copyOfTemplate('leases');
  t = await createTestApp({ database: await openPostgres(database.databaseUrl, 2) });
  servers = await Promise.all([
    startServer({ DATABASE_URL: database.databaseUrl }),
    startServer({ DATABASE_URL: database.databaseUrl }),
  ]);
}, 90_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await stopServers(servers);
  await t?.close();
  await t?.database.close();
  await database?.drop();
}, 90_000);

/** Another session of `account`'s person (a sign-in on another device). */
async function anotherSession(account: Account): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insert(sessions)
    .values({ userId: account.user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + HOUR) });
  return token;
}

async function open(base: string, eventoId: number, token: string): Promise<Stream> {
  const stream = await openStatsStream(base, eventoId, token);
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.waitFor(() => true, 5_000);
  return stream;
}

const tryOpen = (base: string, eventoId: number, token: string) =>
  fetch(`${base}/api/stats/${eventoId}/stream`, { headers: authHeader(token) });

/** Asks until the answer is not 429 (a closed stream's lease goes soon after, not at once). */
async function openWhenFree(base: string, eventoId: number, token: string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  let answer = await tryOpen(base, eventoId, token);
  while (answer.status === 429 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await tryOpen(base, eventoId, token);
  }
  return answer;
}

const accountMessage = `Ya tienes ${MAX_STREAMS_PER_ACCOUNT} conexiones en directo abiertas con esta cuenta. Cierra alguna pestaña o sesión e inténtalo de nuevo.`;

describe('live streams per account across server processes sharing PostgreSQL', () => {
  it('refuses the 11th stream of an account spread over two processes, and a stream closed on A frees a place on B', async () => {
    const [a, b] = servers as [Started, Started];
    const owner = await signIn(t.db, 'organizer', 'Dos procesos');
    const evento = await createEvent(t, owner);
    const tokens = [owner.token, await anotherSession(owner), await anotherSession(owner)];

    // 6 on A (two sessions: 5 per session), then B: 4 more are the account's 10.
    const onA: Stream[] = [];
    for (let i = 0; i < 6; i++) onA.push(await open(a.base, evento.id, tokens[i < 5 ? 0 : 1]!));
    for (let i = 0; i < 4; i++) await open(b.base, evento.id, tokens[1]!);

    // A fresh session on B: neither the session nor B's own streams are at a limit, the account is.
    for (let i = 0; i < 2; i++) {
      const refused = await tryOpen(b.base, evento.id, tokens[2]!);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ error: 'rate_limited', message: accountMessage });
    }
    const refusedOnA = await tryOpen(a.base, evento.id, tokens[2]!);
    expect(refusedOnA.status).toBe(429);
    await refusedOnA.body?.cancel();
    expect(await t.db.$count(streamLeases, eq(streamLeases.userId, owner.user.id))).toBe(
      MAX_STREAMS_PER_ACCOUNT,
    );

    onA[0]!.close();
    const freed = await openWhenFree(b.base, evento.id, tokens[2]!, 10_000);
    expect(freed.status).toBe(200);
    await freed.body?.cancel();
  }, 60_000);

  it('stops counting the streams of a process killed with SIGKILL once their leases expire', async () => {
    const [a] = servers as [Started, Started];
    const owner = await signIn(t.db, 'organizer', 'Proceso caído');
    const evento = await createEvent(t, owner);
    const tokens = [owner.token, await anotherSession(owner), await anotherSession(owner)];
    const doomed = await startServer({
      DATABASE_URL: database!.databaseUrl,
      STREAM_LEASE_TTL_MS: String(KILLED_PROCESS_TTL_MS),
    });
    servers.push(doomed);
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) {
      await open(doomed.base, evento.id, tokens[Math.floor(i / 5)]!);
    }
    const refused = await tryOpen(a.base, evento.id, tokens[2]!);
    expect(refused.status).toBe(429);
    await refused.body?.cancel();

    doomed.child.kill('SIGKILL');
    await exitOf(doomed.child);
    // Nothing deleted the dead process's leases: only their expiry frees the account.
    expect(await t.db.$count(streamLeases, eq(streamLeases.userId, owner.user.id))).toBe(
      MAX_STREAMS_PER_ACCOUNT,
    );
    const afterExpiry = await openWhenFree(a.base, evento.id, tokens[2]!, 20_000);
    // (The dead leases expire one ttl after their last renewal, not all at the same moment: some may
    // still be there; stream-leases.test.ts shows opening forgets the expired ones.)
    expect(afterExpiry.status).toBe(200);
    await afterExpiry.body?.cancel();
  }, 90_000);

  it('deletes its leases when it shuts down on SIGTERM', async () => {
    const owner = await signIn(t.db, 'organizer', 'Proceso que se apaga');
    const evento = await createEvent(t, owner);
    const stopping = await startServer({ DATABASE_URL: database!.databaseUrl });
    servers.push(stopping);
    for (let i = 0; i < 3; i++) await open(stopping.base, evento.id, owner.token);
    expect(await t.db.$count(streamLeases, eq(streamLeases.userId, owner.user.id))).toBe(3);

    stopping.child.kill('SIGTERM');
    await exitOf(stopping.child);
    expect(await t.db.$count(streamLeases, eq(streamLeases.userId, owner.user.id))).toBe(0);
  }, 60_000);
});
