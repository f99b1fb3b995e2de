import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account } from '../support/accounts';
import { tokenOf } from '../support/guest-ticket';
import { newScanId, scannerClient } from '../support/scanner';
import { openSseStream } from '../support/sse-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { closeStreamApp, liveEvent, startStreamApp } from '../stats-stream/stream-app';
import { MAX_STREAMS_PER_GUEST_LINK } from '../../src/modules/guest-ticket/stream-route';

// docs/rules/guests.md, docs/decisions/066: the guest page's live signal. A change of the ticket on any
// server process sends `cambio` to that ticket's open pages, and to no other page.

let t: TestApp;
let base: string;
let owner: Account;
/** A second server process on the same database. */
let other: TestApp;

beforeAll(async () => {
  ({ t, base, owner } = await startStreamApp());
  other = await createTestApp({ database: t.database });
});

afterAll(async () => {
  await other?.close();
  await closeStreamApp(t);
});

/** GET /api/t/{token}/stream over real HTTP: counts its `cambio` events and keeps its raw text. */
async function openGuestStream(token: string) {
  const stream = await openSseStream(`${base}/api/t/${token}/stream`);
  return {
    response: stream.response,
    text: stream.text,
    changes: () => stream.dataOf('cambio').length,
    /** Resolves once `count` changes have arrived; fails after `timeoutMs`. */
    waitForChanges: (count: number, timeoutMs = 2_000) =>
      stream.waitForEvent('cambio', () => true, timeoutMs, count - 1),
    close: stream.close,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/t/{token}/stream', () => {
  it('is an uncached, unindexed event stream that announces a drink and its undo within 2 s, only to that ticket', async () => {
    const { evento, pedido } = await liveEvent(t, owner, 2);
    const [mine, theirs] = pedido.tickets;
    const stream = await openGuestStream(tokenOf(mine!.enlaceInvitado));
    const neighbour = await openGuestStream(tokenOf(theirs!.enlaceInvitado));
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('x-robots-tag')).toBe('noindex');
      expect(stream.response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(stream.response.headers.get('content-encoding')).toBeNull();

      const scanner = scannerClient(t, evento.apiKey);
      const scanId = newScanId();
      const consumed = await scanner.consume({ qrCode: mine!.qrCode, scanId, deviceId: 'barra-1' });
      expect(consumed.statusCode, consumed.body).toBe(200);
      await stream.waitForChanges(1);

      const undone = await scanner.undo({ scanId, deviceId: 'barra-1' });
      expect(undone.statusCode, undone.body).toBeLessThan(300);
      await stream.waitForChanges(2);
      // The neighbour's ticket did not change: its page is not sent anything to ask for.
      expect(neighbour.changes()).toBe(0);
      expect(stream.text()).not.toContain(mine!.qrCode);
    } finally {
      stream.close();
      neighbour.close();
    }
  });

  it('announces a drink recorded on another server process', async () => {
    const { evento, pedido } = await liveEvent(t, owner);
    const ticket = pedido.tickets[0]!;
    const stream = await openGuestStream(tokenOf(ticket.enlaceInvitado));
    try {
      expect(stream.response.status).toBe(200);
      const consumed = await scannerClient(other, evento.apiKey).consume({
        qrCode: ticket.qrCode,
        scanId: newScanId(),
      });
      expect(consumed.statusCode, consumed.body).toBe(200);
      await stream.waitForChanges(1);
    } finally {
      stream.close();
    }
  });

  it('sends nothing while the ticket does not change, whatever its event’s other scans', async () => {
    const { evento, pedido } = await liveEvent(t, owner, 3);
    const [watched, ...rest] = pedido.tickets;
    const stream = await openGuestStream(tokenOf(watched!.enlaceInvitado));
    try {
      const scanner = scannerClient(t, evento.apiKey);
      for (const ticket of rest) {
        const consumed = await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() });
        expect(consumed.statusCode, consumed.body).toBe(200);
      }
      // Past the notice's delay and the hub's window: had anything been sent, it would be here.
      await sleep(1_200);
      expect(stream.changes()).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('answers an unknown or malformed link 404 "Ticket no encontrado", as the page does', async () => {
    for (const token of ['A'.repeat(24), 'no%20token']) {
      const response = await fetch(`${base}/api/t/${token}/stream`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Ticket no encontrado' });
    }
  });

  it(`lets one link hold ${MAX_STREAMS_PER_GUEST_LINK} streams on a process, then 429 until one closes`, async () => {
    const { pedido } = await liveEvent(t, owner);
    const token = tokenOf(pedido.tickets[0]!.enlaceInvitado);
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_GUEST_LINK; i++) streams.push(await openGuestStream(token));
      expect(streams.map((s) => s.response.status)).toEqual(Array(MAX_STREAMS_PER_GUEST_LINK).fill(200));
      const refused = await fetch(`${base}/api/t/${token}/stream`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect((await refused.json()).message).toMatch(/demasiadas pestañas/);

      streams.shift()!.close();
      let again: Response | null = null;
      for (let attempt = 0; attempt < 40 && again?.status !== 200; attempt++) {
        if (again) await sleep(50);
        await again?.body?.cancel();
        again = await fetch(`${base}/api/t/${token}/stream`);
      }
      expect(again!.status).toBe(200);
      await again!.body?.cancel();
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });
});
