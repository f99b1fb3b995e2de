export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

/** An instant `hours` from now, as the wire carries it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
export const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * MINUTE).toISOString();
