import type { User } from '@drinkflow/domain/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/http/errors';
import { createAccessWatch } from '../../src/modules/stats-stream/access-watch';

// docs/decisions/051: open streams re-check their reader's access once per session and tick (and once
// per distinct event), not once per stream: a session's tabs cost two queries a second, not ten.

const TICK = 1_000;
const reader = (id: number) => ({ id, rol: 'organizer' }) as User;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeChecks() {
  const signedOut = new Set<string>();
  const gone = new Set<number>();
  let down = false;
  const checks = {
    reader: vi.fn(async (token: string) => {
      if (down) throw new Error('base de datos caída');
      return signedOut.has(token) ? null : reader(token === 'b' ? 2 : 1);
    }),
    readable: vi.fn(async (_user: User, eventoId: number) => {
      if (gone.has(eventoId)) throw new HttpError(404, 'not_found', 'Evento no encontrado');
    }),
  };
  return { checks, signedOut, gone, setDown: (value: boolean) => (down = value) };
}

describe('access watch', () => {
  it('reads each session once a tick and each of its events once, telling every stream its reader', async () => {
    const { checks } = fakeChecks();
    const watch = createAccessWatch(checks, TICK);
    const heard: Array<[string, User | null]> = [];
    const listen = (name: string) => (current: User | null) => heard.push([name, current]);
    const stops = [
      watch.watch('A', 'a', 1, listen('a1')),
      watch.watch('A', 'a', 1, listen('a1 again')),
      watch.watch('A', 'a', 1, listen('a1 third')),
      watch.watch('A', 'a', 2, listen('a2')),
      watch.watch('B', 'b', 1, listen('b1')),
    ];

    await vi.advanceTimersByTimeAsync(TICK);
    expect(checks.reader).toHaveBeenCalledTimes(2);
    expect(checks.readable).toHaveBeenCalledTimes(3);
    expect(checks.readable.mock.calls.map(([user, eventoId]) => [user.id, eventoId]).sort()).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(heard).toHaveLength(5);
    expect(Object.fromEntries(heard.map(([name, current]) => [name, current?.id]))).toEqual({
      a1: 1,
      'a1 again': 1,
      'a1 third': 1,
      a2: 1,
      b1: 2,
    });

    for (const stop of stops) stop();
    expect(watch.size()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * TICK);
    expect(checks.reader).toHaveBeenCalledTimes(2);
  });

  it('ends a signed-out session’s streams and a deleted event’s streams only', async () => {
    const { checks, signedOut, gone } = fakeChecks();
    const watch = createAccessWatch(checks, TICK);
    const lost: string[] = [];
    const listen = (name: string) => (current: User | null) => {
      if (current === null) lost.push(name);
    };
    watch.watch('A', 'a', 1, listen('a1'));
    watch.watch('A', 'a', 2, listen('a2'));
    watch.watch('B', 'b', 1, listen('b1'));
    watch.watch('B', 'b', 2, listen('b2'));

    gone.add(2);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(lost.sort()).toEqual(['a2', 'b2']);

    signedOut.add('a');
    await vi.advanceTimersByTimeAsync(TICK);
    expect(lost.sort()).toEqual(['a1', 'a2', 'a2', 'b2', 'b2']);
  });

  it('decides nothing while the database does not answer', async () => {
    const { checks, setDown } = fakeChecks();
    const watch = createAccessWatch(checks, TICK);
    const heard: Array<User | null> = [];
    watch.watch('A', 'a', 1, (current) => heard.push(current));
    setDown(true);
    await vi.advanceTimersByTimeAsync(2 * TICK);
    expect(heard).toEqual([]);
    setDown(false);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(heard.map((current) => current?.id)).toEqual([1]);
  });
});
