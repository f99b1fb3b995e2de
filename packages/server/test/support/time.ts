export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

/** An instant `hours` from now, as the wire carries it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
export const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

/**
 * Waits, if needed, until the current fixed one-minute window has at least `needMs` left, so a
 * burst that checks an exact rate-limit count does not straddle two windows.
 */
export async function awayFromMinuteBoundary(needMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
