import { useEffect, useState } from 'react';
import { retireRevokedDevice } from './retire-revoked-device';

/** How often a revoked device tries again to send the drinks it served offline. */
export const RETIRE_RETRY_MS = 10_000;

/**
 * While a revoked scanner is on screen: its offline data wiped and its queued drinks sent, tried
 * again every RETIRE_RETRY_MS and when the network comes back until done.
 */
export function useRetireRevokedDevice(apiKey: string, revoked: boolean): 'sending' | 'done' {
  const [state, setState] = useState<'sending' | 'done'>('sending');

  useEffect(() => {
    if (!revoked) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      clearTimeout(timer);
      const done = await retireRevokedDevice(apiKey).catch(() => false);
      if (!current) return;
      if (done) setState('done');
      else timer = setTimeout(() => void attempt(), RETIRE_RETRY_MS);
    };
    const onOnline = () => void attempt();
    window.addEventListener('online', onOnline);
    void attempt();
    return () => {
      current = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [apiKey, revoked]);

  return state;
}
