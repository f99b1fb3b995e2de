/*
 * After a deploy, a page loaded before it asks for code chunks whose names (content hashes) no
 * longer exist; the server answers 404. Reloading once fetches the new page and its new chunks.
 * A second failure soon after is a real fault: then the error is shown instead of looping.
 */

const RELOADED_AT_KEY = 'drinkflow-chunk-reload-at';
const LOOP_GUARD_MS = 30_000;

/** What browsers throw when a dynamically imported module or its CSS cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did so moments ago; true when a reload is under way. */
export function reloadForNewDeploy(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < LOOP_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // No storage (private mode): reload anyway; a loop is bounded by the browser's own back-off.
  }
  window.location.reload();
  return true;
}

/**
 * Vite announces a failed chunk load with this event; a reload replaces the thrown error. For pages
 * without a router (the scanner); the app's router reloads from its error boundary instead, once the
 * URL of the page being opened is the current one.
 */
export function reloadOnFailedChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewDeploy()) event.preventDefault();
  });
}
