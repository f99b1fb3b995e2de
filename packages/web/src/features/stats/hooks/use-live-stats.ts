import type { EventAlerts } from '@drinkflow/domain/alerts';
import type { EventStats } from '@drinkflow/domain/stats';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { alertsQueryKey } from '@/hooks/use-alerts';
import { TOKEN_KEY } from '@/lib/api';
import { statsQueryKey } from '../api/get-stats';
import { createSseParser } from '../utils/sse-parser';

/** 'live': figures arrive as bars scan; otherwise the page says it is (re)connecting. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** Reconnection waits: 1 s, 2 s, 4 s … up to 30 s, with jitter so many tabs do not return at once. */
export const backoffMs = (attempt: number, random = Math.random) =>
  Math.round(Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + random() * 0.5));

/** The server sends a heartbeat every 20 s: this long without a byte means the connection is dead. */
export const SILENCE_MS = 45_000;

class StopError extends Error {}

/**
 * Reads GET /api/stats/{eventoId}/stream (docs/rules/statistics.md) with a streaming fetch — the session token in
 * the Authorization header, never in the URL — and puts every `stats` event into the statistics
 * query's cache and every `alertas` event into the alerts query's. Reconnects by itself with backoff; stops for good when the session or the event
 * is gone (401, 403, 404).
 */
export function useLiveStats(eventoId: number | null): LiveStatus {
  const queryClient = useQueryClient();
  // The status of one event's connection: another event starts again at 'connecting'.
  const [state, setState] = useState<{ eventoId: number | null; status: LiveStatus }>({
    eventoId: null,
    status: 'connecting',
  });

  useEffect(() => {
    if (eventoId === null) return;
    let disposed = false;
    let controller: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const setStatus = (status: LiveStatus) => setState({ eventoId, status });

    async function readOnce(signal: AbortSignal, resetWatchdog: () => void) {
      const token = localStorage.getItem(TOKEN_KEY);
      const response = await fetch(`/api/stats/${eventoId}/stream`, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        credentials: 'include',
        signal,
      });
      if ([401, 403, 404].includes(response.status)) throw new StopError();
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = createSseParser();
      resetWatchdog();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        resetWatchdog();
        for (const message of parser.feed(decoder.decode(value, { stream: true }))) {
          if (message.event === 'alertas') {
            queryClient.setQueryData(alertsQueryKey(eventoId!), JSON.parse(message.data) as EventAlerts);
            continue;
          }
          if (message.event !== 'stats') continue;
          queryClient.setQueryData(statsQueryKey(eventoId!), JSON.parse(message.data) as EventStats);
          attempt = 0;
          if (!disposed) setStatus('live');
        }
      }
    }

    async function connect() {
      controller = new AbortController();
      const current = controller;
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const resetWatchdog = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => current.abort(), SILENCE_MS);
      };
      try {
        await readOnce(current.signal, resetWatchdog);
      } catch (error) {
        if (error instanceof StopError) {
          if (!disposed) setStatus('stopped');
          return;
        }
      } finally {
        clearTimeout(watchdog);
      }
      if (disposed) return;
      setStatus('reconnecting');
      retry = setTimeout(() => void connect(), backoffMs(attempt++));
    }

    void connect();
    return () => {
      disposed = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, [eventoId, queryClient]);

  if (eventoId === null) return 'stopped';
  return state.eventoId === eventoId ? state.status : 'connecting';
}
