// Wall-clock helpers of the night: the festival's days end at the event's daily cut-off, an "HH:mm"
// in the servers' time zone (docs/rules/festivals.md), so the driver reads and aims at whole minutes.

/** "HH:mm" of `date` in `timeZone` (24-hour). */
export function hourMinute(date, timeZone) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type) => parts.find((p) => p.type === type).value;
  return `${part('hour')}:${part('minute')}`;
}

/** The first whole minute at or after `ms` (epoch milliseconds). */
export const nextWholeMinute = (ms) => Math.ceil(ms / 60_000) * 60_000;

export const sleepUntil = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now())));
