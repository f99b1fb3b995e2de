import { useEffect, useState } from 'react';

/**
 * Named timeouts: scheduling a name again replaces its timeout; `cancelAll` stops every one, and
 * none runs once the component is gone.
 */
export function useTimeouts<Name extends string>() {
  const [timers] = useState(() => new Map<Name, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.forEach(clearTimeout), [timers]);
  return {
    schedule(name: Name, run: () => void, ms: number) {
      clearTimeout(timers.get(name));
      timers.set(name, setTimeout(run, ms));
    },
    cancel(name: Name) {
      clearTimeout(timers.get(name));
    },
    cancelAll() {
      timers.forEach(clearTimeout);
      timers.clear();
    },
  };
}
