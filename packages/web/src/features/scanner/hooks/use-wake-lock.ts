import { useEffect } from 'react';

/**
 * Keeps the screen on while the component is mounted (Screen Wake Lock API): a bar's phone must
 * not go dark between two guests. The browser drops the lock whenever the page is hidden, so it is
 * asked again each time the page comes back into view; it is released on unmount. Where the API
 * is missing, or the browser refuses (battery saver, no user activation yet), nothing happens: the
 * device's own sleep setting applies.
 */
export function useWakeLock(enabled = true) {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!enabled || typeof wakeLock?.request !== 'function') return;

    let mounted = true;
    let sentinel: WakeLockSentinel | null = null;
    let asking = false;

    const request = async () => {
      if (asking || document.visibilityState !== 'visible') return;
      if (sentinel && !sentinel.released) return;
      asking = true;
      try {
        const granted = await wakeLock.request('screen');
        if (mounted) sentinel = granted;
        else void granted.release().catch(() => {});
      } catch {
        // Refused: the screen follows the device's own setting.
      } finally {
        asking = false;
      }
    };
    const onVisibilityChange = () => void request();

    void request();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      mounted = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void sentinel?.release().catch(() => {});
      sentinel = null;
    };
  }, [enabled]);
}
