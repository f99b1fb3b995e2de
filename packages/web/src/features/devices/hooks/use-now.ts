import { useEffect, useState } from 'react';

/** The current time, again every `everyMs`: countdowns and 'En línea' follow the clock between fetches. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
