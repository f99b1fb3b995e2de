import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/**
 * tailwind-merge builds its class map on its first call: about 10 ms on a mid-range phone, 30 ms at
 * Lighthouse's 4× slowdown. The app has it built while the browser is idle after the first paint
 * (waiting for the page's code and data), as a task of its own, rather than inside the first page's
 * render, where it made one slice of that render a long task (docs/decisions/027).
 */
export function prepareClassMergingWhenIdle() {
  const prepare = () => void twMerge('');
  if ('requestIdleCallback' in window) requestIdleCallback(prepare, { timeout: 2000 });
  else setTimeout(prepare, 200);
}
