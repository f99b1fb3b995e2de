import { describe, expect, it, vi } from 'vitest';
import { createGuestLiveHub } from '../../src/modules/guest-ticket/live-hub';
import type { ScanSource } from '../../src/modules/stats-stream';

// docs/decisions/066: the guest pages' hub — per event, one versions query per window however many
// scans, only pages whose ticket moved are told, and a lost connection's notices are made up for.

function fakeSource() {
  let onScan: (eventoId: number) => void = () => undefined;
  let onReconnect: () => void = () => undefined;
  const source: ScanSource = {
    start: vi.fn(async (scan: (eventoId: number) => void, reconnect: () => void) => {
      onScan = scan;
      onReconnect = reconnect;
    }),
    stop: vi.fn(async () => undefined),
  };
  return { source, scan: (eventoId: number) => onScan(eventoId), reconnect: () => onReconnect() };
}

const silent = { error: () => undefined } as unknown as Parameters<typeof createGuestLiveHub>[0]['log'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const page = () => ({ changed: vi.fn(), end: vi.fn() });

function setup() {
  const versions = new Map<number, string>([
    [1, 'a'],
    [2, 'b'],
  ]);
  const fake = fakeSource();
  const query = vi.fn(
    async (ids: number[]) =>
      new Map(ids.flatMap((id) => (versions.has(id) ? [[id, versions.get(id)!] as const] : []))),
  );
  const hub = createGuestLiveHub({
    source: fake.source,
    versions: query,
    log: silent,
    coalesceMs: 30,
  });
  const subscribe = (eventoId: number, ticketId: number, subscriber: ReturnType<typeof page>) =>
    hub.subscribe(eventoId, ticketId, subscriber, async () => versions.get(ticketId) ?? null);
  return { fake, query, hub, versions, subscribe };
}

describe('the guest pages’ hub', () => {
  it('tells only the pages whose ticket moved, after one query for a burst of scans', async () => {
    const { fake, query, hub, versions, subscribe } = setup();
    const [mine, mineToo, neighbour] = [page(), page(), page()];
    await subscribe(7, 1, mine);
    await subscribe(7, 1, mineToo);
    await subscribe(7, 2, neighbour);
    expect(fake.source.start).toHaveBeenCalledTimes(1);

    versions.set(1, 'a2');
    for (let i = 0; i < 5; i++) fake.scan(7);
    await sleep(80);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query).toHaveBeenCalledWith(expect.arrayContaining([1, 2]));
    expect(mine.changed).toHaveBeenCalledTimes(1);
    expect(mineToo.changed).toHaveBeenCalledTimes(1);
    expect(neighbour.changed).not.toHaveBeenCalled();

    // Another event's scans do not look at this one's tickets.
    fake.scan(8);
    await sleep(80);
    expect(query).toHaveBeenCalledTimes(1);
    await hub.close();
    expect(mine.end).toHaveBeenCalled();
  });

  it('looks at every open page again when the listener comes back, and tells a page whose ticket is gone', async () => {
    const { fake, hub, versions, subscribe } = setup();
    const subscriber = page();
    const unsubscribe = await subscribe(3, 2, subscriber);
    versions.delete(2);
    fake.reconnect();
    await sleep(80);
    expect(subscriber.changed).toHaveBeenCalledTimes(1);

    unsubscribe();
    expect(hub.size()).toBe(0);
    fake.scan(3);
    await sleep(80);
    expect(subscriber.changed).toHaveBeenCalledTimes(1);
    await hub.close();
  });

  it('keeps going after a failed query: the next scan tells the page', async () => {
    const { fake, query, hub, versions, subscribe } = setup();
    const subscriber = page();
    await subscribe(4, 1, subscriber);
    query.mockRejectedValueOnce(new Error('connection lost'));
    versions.set(1, 'a3');
    fake.scan(4);
    await sleep(80);
    expect(subscriber.changed).not.toHaveBeenCalled();
    fake.scan(4);
    await sleep(80);
    expect(subscriber.changed).toHaveBeenCalledTimes(1);
    await hub.close();
  });
});
