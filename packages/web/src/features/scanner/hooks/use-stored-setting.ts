import { useState } from 'react';
import { readStored, writeStored } from '../utils/storage';

/** A text this device remembers; null until it was set once. */
export function useStoredText(key: string) {
  const [value, setValue] = useState(() => readStored(key));
  const update = (next: string) => {
    writeStored(key, next);
    setValue(next);
  };
  return [value, update] as const;
}

/** An on/off setting this device remembers. */
export function useStoredFlag(key: string, fallback: boolean) {
  const [value, setValue] = useState(() => {
    const stored = readStored(key);
    return stored === null ? fallback : stored === 'true';
  });
  const update = (next: boolean) => {
    writeStored(key, String(next));
    setValue(next);
  };
  return [value, update] as const;
}
