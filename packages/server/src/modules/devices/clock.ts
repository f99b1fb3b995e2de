import { sql, type SQL } from 'drizzle-orm';

/**
 * "Now" as SQL: the database's time, which every server process shares, or the app's test clock
 * when one is given (`buildApp({ now })`), so expiry and the board's last minutes follow it.
 */
export const sqlNow = (now: (() => Date) | undefined): SQL =>
  now ? sql`${now().toISOString()}::timestamptz` : sql`now()`;

/** `minutes` before `sqlNow(now)`. */
export const minutesAgo = (now: (() => Date) | undefined, minutes: number): SQL =>
  sql`(${sqlNow(now)} - make_interval(mins => ${minutes}))`;

/** `minutes` after `sqlNow(now)`. */
export const minutesFromNow = (now: (() => Date) | undefined, minutes: number): SQL =>
  sql`(${sqlNow(now)} + make_interval(mins => ${minutes}))`;
