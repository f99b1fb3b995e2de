import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import { createEvent } from '../support/events';
import type { TestApp } from '../support/test-app';
import { closeStreamApp, liveEvent, startStreamApp } from './stream-app';
import { HOUR } from '../support/time';
import { openStatsStream } from '../support/sse-client';
import { MAX_STREAMS_PER_SESSION } from '../../src/modules/stats-stream/routes';

// docs/rules/statistics.md, docs/decisions/021: the statistics page's live stream.

let t: TestApp;
let base: string;
let owner: Account;

beforeAll(async () => {
  ({ t, base, owner } = await startStreamApp());
});

afterAll(() => closeStreamApp(t));

describe('GET /api/stats/{eventoId}/stream authorization', () => {
  it('answers 401 JSON without a session', async () => {
    const { evento } = await liveEvent(t, owner);
    const response = await fetch(`${base}/api/stats/${evento.id}/stream`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('answers 404 to another organizer, as if the event did not exist', async () => {
    const { evento } = await liveEvent(t, owner);
    const stranger = await signIn(t.db, 'organizer', 'Otra');
    const response = await fetch(`${base}/api/stats/${evento.id}/stream`, { headers: stranger.headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 403 to bar staff and 404 to a missing event', async () => {
    const bar = await signIn(t.db, 'scanner', 'Barra');
    const forbidden = await fetch(`${base}/api/stats/1/stream`, { headers: bar.headers });
    expect(forbidden.status).toBe(403);
    await forbidden.body?.cancel();
    const missing = await fetch(`${base}/api/stats/2000000000/stream`, { headers: owner.headers });
    expect(missing.status).toBe(404);
    await missing.body?.cancel();
  });

  it('lets an admin watch any event', async () => {
    const { evento } = await liveEvent(t, owner, 3);
    const admin = await signIn(t.db, 'admin', 'Admin');
    const stream = await openStatsStream(base, evento.id, admin.token);
    try {
      expect((await stream.waitFor(() => true, 1_000)).totalAsistentes).toBe(3);
    } finally {
      stream.close();
    }
  });
});

/** Milliseconds until the server ends `stream`, failing past `limitMs`. */
async function endsWithin(stream: Awaited<ReturnType<typeof openStatsStream>>, limitMs: number) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([stream.ended(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - started;
}

describe('GET /api/stats/{eventoId}/stream once access is lost', () => {
  it('ends within 2 s of a logout, and the token opens no new stream', async () => {
    const viewer = await signIn(t.db, 'organizer', 'Sesión que sale');
    const event = await createEvent(t, viewer, {
      fechaInicio: new Date(Date.now() - HOUR).toISOString(),
      fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
    });
    const stream = await openStatsStream(base, event.id, viewer.token);
    try {
      await stream.waitFor(() => true, 1_000);
      const out = await call(t, viewer, 'POST', '/api/auth/logout');
      expect(out.statusCode).toBeLessThan(300);
      expect(await endsWithin(stream, 2_000)).toBeLessThan(2_000);
      const again = await fetch(`${base}/api/stats/${event.id}/stream`, { headers: viewer.headers });
      expect(again.status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('ends within 2 s of the account being disabled by an admin', async () => {
    const viewer = await signIn(t.db, 'organizer', 'Cuenta que se desactiva');
    const admin = await signIn(t.db, 'admin', 'Admin');
    const event = await createEvent(t, viewer, {});
    const stream = await openStatsStream(base, event.id, viewer.token);
    try {
      await stream.waitFor(() => true, 1_000);
      const res = await call(t, admin, 'PATCH', `/api/admin/users/${viewer.user.id}`, { activo: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(await endsWithin(stream, 2_000)).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });

  it('ends within 2 s of the reader losing the role that may read statistics', async () => {
    const viewer = await signIn(t.db, 'admin', 'Admin degradado');
    const admin = await signIn(t.db, 'admin', 'Otra admin');
    const { evento } = await liveEvent(t, owner); // an event of another organizer: only an admin may read it
    const stream = await openStatsStream(base, evento.id, viewer.token);
    try {
      await stream.waitFor(() => true, 1_000);
      const res = await call(t, admin, 'PATCH', `/api/admin/users/${viewer.user.id}`, { rol: 'organizer' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await endsWithin(stream, 2_000)).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });

  it('ends within 2 s of the event being deleted', async () => {
    const event = await createEvent(t, owner, {});
    const stream = await openStatsStream(base, event.id, owner.token);
    try {
      await stream.waitFor(() => true, 1_000);
      expect((await call(t, owner, 'DELETE', `/api/eventos/${event.id}`)).statusCode).toBeLessThan(300);
      expect(await endsWithin(stream, 2_000)).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });
});

describe('GET /api/stats/{eventoId}/stream per session', () => {
  it(`allows ${MAX_STREAMS_PER_SESSION} open streams per session, answers 429 in Spanish beyond, and frees a place when one closes`, async () => {
    const { evento } = await liveEvent(t, owner);
    const viewer = await signIn(t.db, 'admin', 'Muchas pestañas');
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const stream = await openStatsStream(base, evento.id, viewer.token);
        streams.push(stream);
        expect(stream.response.status).toBe(200);
        await stream.waitFor(() => true, 1_000);
      }
      const refused = await fetch(`${base}/api/stats/${evento.id}/stream`, { headers: viewer.headers });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({
        error: 'rate_limited',
        message: `Ya tienes ${MAX_STREAMS_PER_SESSION} conexiones en directo abiertas con esta sesión. Cierra alguna pestaña e inténtalo de nuevo.`,
      });

      // Another session of the same person is another session.
      const other = await openStatsStream(base, evento.id, owner.token);
      streams.push(other);
      expect(other.response.status).toBe(200);

      streams.shift()!.close();
      const deadline = Date.now() + 2_000;
      let next = await fetch(`${base}/api/stats/${evento.id}/stream`, { headers: viewer.headers });
      while (next.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await fetch(`${base}/api/stats/${evento.id}/stream`, { headers: viewer.headers });
      }
      expect(next.status).toBe(200);
      await next.body?.cancel();
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
