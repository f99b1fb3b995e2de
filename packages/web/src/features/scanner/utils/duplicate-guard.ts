/** A handheld scanner or a camera reads the same code again at once: the repeat is ignored. */
export const DUPLICATE_WINDOW_MS = 3000;

/**
 * Remembers the last code submitted. `accept` says whether `code` may go to the server now: not
 * when it is the same code within DUPLICATE_WINDOW_MS of the last time it was seen. With
 * `slide` (the camera, which sees a code many times a second while it is held up), each ignored
 * sighting restarts the window, so a code held in front of the camera is submitted once.
 */
export function createDuplicateGuard(windowMs = DUPLICATE_WINDOW_MS) {
  let last: { code: string; at: number } | null = null;
  return {
    accept(code: string, now: number, slide = false): boolean {
      if (last && last.code === code && now - last.at < windowMs) {
        if (slide) last = { code, at: now };
        return false;
      }
      last = { code, at: now };
      return true;
    },
    /** The camera still sees `code` while its scan is in flight: its window starts again. */
    touch(code: string, now: number) {
      if (last?.code === code) last = { code, at: now };
    },
    reset() {
      last = null;
    },
  };
}

export type DuplicateGuard = ReturnType<typeof createDuplicateGuard>;
