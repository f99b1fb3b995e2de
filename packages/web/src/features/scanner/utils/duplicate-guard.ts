/** A handheld scanner or a camera reads the same code again at once: the repeat is not a new scan. */
export const DUPLICATE_WINDOW_MS = 3000;

/**
 * Remembers the codes submitted in the last DUPLICATE_WINDOW_MS. `repeatOf` says how long ago
 * `code` was seen when it is one of them (a repeat: not sent to the server), else null (a new scan,
 * remembered from now). With `slide` (the camera, which sees a code many times a second while it is
 * held up), each repeat restarts that code's window, so a code held in front of the camera is
 * submitted once; without it (a handheld scanner, typing) the window counts from the scan that was
 * sent, so the same ticket 3 s after its drink is a new drink.
 */
export function createDuplicateGuard(windowMs = DUPLICATE_WINDOW_MS) {
  const seen = new Map<string, number>();
  const forgetOld = (now: number) => {
    for (const [code, at] of seen) if (now - at >= windowMs) seen.delete(code);
  };
  const guard = {
    repeatOf(code: string, now: number, slide = false): number | null {
      forgetOld(now);
      const at = seen.get(code);
      if (at !== undefined) {
        if (slide) seen.set(code, now);
        return Math.max(0, now - at);
      }
      seen.set(code, now);
      return null;
    },
    /** Whether `code` may go to the server now (not a repeat). */
    accept(code: string, now: number, slide = false): boolean {
      return guard.repeatOf(code, now, slide) === null;
    },
    /** The camera still sees `code` while its scan is in flight: its window starts again. */
    touch(code: string, now: number) {
      if (seen.has(code)) seen.set(code, now);
    },
    /** A scan that got no answer is no scan: the same code may be tried again at once. */
    forget(code: string) {
      seen.delete(code);
    },
    reset() {
      seen.clear();
    },
  };
  return guard;
}

export type DuplicateGuard = ReturnType<typeof createDuplicateGuard>;

/** 'Ya escaneado hace 1 s': a repeat read `ms` after the scan that counted (whole seconds, at least 1). */
export const repeatText = (ms: number) => `Ya escaneado hace ${Math.max(1, Math.floor(ms / 1000))} s`;

/**
 * The code field's value after an edit turned it into `typed`, while it held `finished`, a code
 * already submitted (null: nothing submitted is in the field). One read is one code: a handheld
 * scanner types the next code right after the last one, so text added at the end of a finished code
 * is a new read and replaces it — whether the field's text was still selected or the cursor had
 * landed at its end. Any other edit (deleting, typing inside the code) is the bartender correcting
 * it by hand and is kept as typed.
 */
export function replaceFinishedCode(finished: string | null, typed: string): string {
  if (finished && typed.length > finished.length && typed.startsWith(finished)) {
    return typed.slice(finished.length);
  }
  return typed;
}
