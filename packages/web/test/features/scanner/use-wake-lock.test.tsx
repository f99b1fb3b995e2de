import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from '@/features/scanner/hooks/use-wake-lock';

/** navigator.wakeLock as a browser offers it: each request gives a sentinel the page can release. */
function fakeWakeLock({ refuse = false } = {}) {
  const sentinels: { released: boolean; release: ReturnType<typeof vi.fn> }[] = [];
  const request = vi.fn(async (type: string) => {
    if (refuse) throw new DOMException('No', 'NotAllowedError');
    expect(type).toBe('screen');
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  vi.stubGlobal('navigator', Object.create(navigator, { wakeLock: { value: { request } } }) as Navigator);
  return { request, sentinels };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

afterEach(() => {
  visibility = 'visible';
});

describe('useWakeLock', () => {
  it('keeps the screen on while mounted and lets it go on unmount', async () => {
    const lock = fakeWakeLock();
    const { unmount } = renderHook(() => useWakeLock());
    await waitFor(() => expect(lock.request).toHaveBeenCalledTimes(1));
    expect(lock.sentinels[0]!.released).toBe(false);
    unmount();
    expect(lock.sentinels[0]!.release).toHaveBeenCalledTimes(1);
  });

  it('asks again when the page comes back into view (the browser dropped the lock when it was hidden)', async () => {
    const lock = fakeWakeLock();
    renderHook(() => useWakeLock());
    await waitFor(() => expect(lock.request).toHaveBeenCalledTimes(1));

    // Hidden: the browser releases the lock by itself; nothing is asked while hidden.
    lock.sentinels[0]!.released = true;
    act(() => setVisibility('hidden'));
    expect(lock.request).toHaveBeenCalledTimes(1);

    act(() => setVisibility('visible'));
    await waitFor(() => expect(lock.request).toHaveBeenCalledTimes(2));
    // Already held: another visibilitychange asks for nothing more.
    await act(async () => setVisibility('visible'));
    expect(lock.request).toHaveBeenCalledTimes(2);
  });

  it('lets go of a lock granted after the page was left', async () => {
    const lock = fakeWakeLock();
    const { unmount } = renderHook(() => useWakeLock());
    unmount();
    await waitFor(() => expect(lock.sentinels).toHaveLength(1));
    await waitFor(() => expect(lock.sentinels[0]!.release).toHaveBeenCalledTimes(1));
  });

  it('does nothing where the browser has no Wake Lock API, or refuses it', async () => {
    vi.stubGlobal('navigator', Object.create(navigator, { wakeLock: { value: undefined } }) as Navigator);
    const without = renderHook(() => useWakeLock());
    act(() => setVisibility('visible'));
    without.unmount();

    const lock = fakeWakeLock({ refuse: true });
    const refused = renderHook(() => useWakeLock());
    await waitFor(() => expect(lock.request).toHaveBeenCalledTimes(1));
    refused.unmount();
  });
});
