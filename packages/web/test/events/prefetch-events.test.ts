import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsQueryKey, prefetchStoredUsersEvents } from '@/hooks/use-my-events';
import { TOKEN_KEY, USER_KEY } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';

const organizer = { id: 7, email: 'org@drinkflow.test', nombre: 'Org', rol: 'organizador' };

function serveEvents(status = 200) {
  const fetchMock = vi.fn(
    async () =>
      new Response(status === 200 ? '[{"id":1,"nombre":"Boda"}]' : '{"message":"no"}', {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the organizer home asks for its events before the session check ends', () => {
  it('asks for the stored user’s events with the stored token and keeps the answer for the page', async () => {
    localStorage.setItem(TOKEN_KEY, 'secreto');
    localStorage.setItem(USER_KEY, JSON.stringify(organizer));
    const fetchMock = serveEvents();
    const queryClient = createQueryClient();

    prefetchStoredUsersEvents(queryClient);

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(eventsQueryKey(7))).toEqual([{ id: 1, nombre: 'Boda' }]),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/eventos/7',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer secreto' }) }),
    );
  });

  it('asks nothing without a stored token, even with a stored user', () => {
    localStorage.setItem(USER_KEY, JSON.stringify(organizer));
    const fetchMock = serveEvents();
    prefetchStoredUsersEvents(createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps no data when the server refuses, so the page asks again once signed in', async () => {
    localStorage.setItem(TOKEN_KEY, 'caducado');
    localStorage.setItem(USER_KEY, JSON.stringify(organizer));
    serveEvents(401);
    const queryClient = createQueryClient();
    prefetchStoredUsersEvents(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(eventsQueryKey(7))?.status).toBe('error'));
    expect(queryClient.getQueryData(eventsQueryKey(7))).toBeUndefined();
    // The stored session is left to the app's own check, which signs out on any non-OK answer.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('caducado');
  });
});
