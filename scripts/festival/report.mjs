// The rehearsal's section of bench/RESULTS.md: what ran, on what, the judge's checks with their
// figures, the night's totals and faults, and the chart. Nothing from a device's log is copied
// verbatim, and whatever looks like a QR code, a token or a key is blanked before it is written.
import { basename } from 'node:path';

const REDACTED = '[redacted]';

/** Runs of base64url characters long enough to be a token, a key or a generated QR code. */
const LONG_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])/g;
/** A shop's barcode (a QR code too): a long run of digits that is not a formatted number. */
const DIGIT_RUN = /(?<![\d,]|\d\.)\d{9,}(?![\d,]|\.\d)/g;
/** A credential named as such: "Bearer …", "token=…", "apiKey: …". */
const CREDENTIAL =
  /\b(?:(Bearer|Basic)(\s+)|(token|apiKey|api_key|password|secret)(\s*[:=]\s*))(?!\[redacted\])[^\s,;|)]+/gi;
/** Pieces of a name, a date or a number: "2026", "short", "Stored", "recordedByTheUnansweredAttempt". */
const WORDLIKE = /^(?:\d+|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*|[A-Z]+)$/;

/** A long run is secret-looking unless every piece between "-" and "_" reads like a word or a number. */
const looksGenerated = (run) => !run.split(/[-_]+/).every((piece) => piece === '' || readsAsWords(piece));

/** camelCase words read as words when they are not mostly capitals ("AbCdEf…" is not a name). */
const readsAsWords = (piece) =>
  WORDLIKE.test(piece) &&
  (/^[A-Z]+$/.test(piece) || (piece.match(/[A-Z]/g) ?? []).length * 3 <= piece.length);

/** The text with anything secret-looking replaced by "[redacted]". */
export function redactSecrets(text) {
  return String(text)
    .replace(CREDENTIAL, (_, scheme, space, name, separator) =>
      scheme ? `${scheme}${space}${REDACTED}` : `${name}${separator}${REDACTED}`,
    )
    .replace(LONG_RUN, (run) => (looksGenerated(run) ? REDACTED : run))
    .replace(DIGIT_RUN, REDACTED);
}

/** Whether `text` holds something secret-looking (what the report must never contain). */
export const hasSecretLookingText = (text) => redactSecrets(text) !== String(text);

const number = (value) => (typeof value === 'number' ? value.toLocaleString('en') : String(value));
const ms = (value) =>
  value === null || value === undefined ? '–' : `${Math.round(value).toLocaleString('en')} ms`;
const seconds = (value) => `${(Math.round(value * 10) / 10).toLocaleString('en')} s`;
const cell = (text) => redactSecrets(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A check's figures as "name value · name value", nested objects as "key value, …". */
function formatFigures(figures = {}) {
  return Object.entries(figures)
    .map(([name, value]) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const inner = Object.entries(value).map(([key, v]) => `${key} ${number(v)}`);
        return `${name} {${inner.join(', ') || '–'}}`;
      }
      if (Array.isArray(value)) return `${name} [${value.length}]`;
      return `${name} ${number(value)}`;
    })
    .join(' · ');
}

/** "2 × AMD EPYC · 24 GiB · Node v20.20.2" from the driver's machine object (or a ready line). */
function machineLine(machine) {
  if (!machine) return 'not recorded';
  if (typeof machine === 'string') return machine;
  const parts = [
    machine.cores && machine.model ? `${machine.cores} × ${machine.model}` : machine.model,
    machine.memoryGiB ? `${machine.memoryGiB} GiB RAM` : null,
    `Node ${machine.node ?? process.version}`,
    machine.postgres ? `PostgreSQL ${machine.postgres}` : null,
    machine.caddy ? `Caddy ${machine.caddy}` : null,
    machine.chromium ? `Chromium ${machine.chromium}` : null,
    machine.load ? `load average ${machine.load}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

const utcMinute = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const utcSecond = (iso) => iso.slice(11, 19);

/** What the night was, in words, from the driver's config (its mode's sizes). */
function describeNight(config, figures) {
  const days = config.days ?? '?';
  const daySeconds = config.daySeconds;
  const factor = daySeconds ? Math.round(86_400 / daySeconds) : null;
  const compression = factor
    ? `${days} festival days of ${daySeconds} real seconds each (1 real second = ${number(factor / 60)} festival minutes, factor ${number(factor)})`
    : `${days} festival days`;
  const devices = config.devices ?? figures.devices;
  const chromium = config.chromiumDevices;
  return [
    `A festival night on one machine: a private PostgreSQL cluster, two built server processes behind`,
    `Caddy, ${compression}; ${number(config.guests ?? '?')} guests imported from a shop's Eventbrite export`,
    `(re-imported mid-night with late sales and refunds), ${number(config.barsInUse ?? figures.bars.length)} bars in use,`,
    `${number(devices)} paired bar devices${chromium ? ` (${chromium} of them real Chromium pages running the scanner, the rest protocol clients deciding offline with the domain's rule)` : ''}.`,
    `Faults: every bar's network cut at least once, a server SIGKILLed and restarted, every database`,
    `connection terminated, PostgreSQL restarted, a device revoked, one guest's QR shared by two offline bars.`,
    `Then the judge checked the database against the devices' own logs.`,
  ].join(' ');
}

/** The faults and phases with their times (bar cuts are summarised apart). */
const faultLines = (figures) =>
  figures.events.map(
    (event) => `| ${seconds(event.second)} | ${utcSecond(event.at)} | ${cell(event.label)} |`,
  );

/**
 * @param {{
 *   figures: ReturnType<import('./run-figures.mjs').runFigures>,
 *   judge: { ok: boolean, checks: { id?: string, title?: string, name?: string, ok: boolean,
 *     figures?: Record<string, unknown> }[] },
 *   config?: { mode?: string, seed?: number, days?: number, daySeconds?: number, guests?: number,
 *     devices?: number, chromiumDevices?: number, barsInUse?: number },
 *   machine?: string | { cores?: number, model?: string, memoryGiB?: number, node?: string,
 *     postgres?: string, caddy?: string, chromium?: string, load?: string },
 *   chartPath: string,
 * }} input
 * @returns {string} a markdown section starting with "## YYYY-MM-DD — …"
 */
export function festivalReport({ figures, judge, config = {}, machine, chartPath }) {
  const short = config.mode === 'short';
  const { totals, latency } = figures;
  const barCuts = figures.outages.filter((outage) => outage.kind === 'bar');
  const chart = `festival/${basename(chartPath)}`;
  const allHold = judge.checks.every((check) => check.ok) && judge.ok !== false;

  const checks = judge.checks.map(
    (check) =>
      `| ${cell(check.title ?? check.name ?? check.id)} | ${check.ok ? 'yes' : '**no**'} | ${cell(formatFigures(check.figures))} |`,
  );

  const longest = figures.longestBarOffline;
  const cutLengths = barCuts.map((outage) => outage.seconds);
  const cutsLine = barCuts.length
    ? `${barCuts.length} network cuts on ${new Set(barCuts.map((outage) => outage.name)).size} bars, ` +
      `${seconds(Math.min(...cutLengths))}–${seconds(Math.max(...cutLengths))} each; the longest: ` +
      `${cell(longest.bar)}, ${seconds(longest.seconds)} (${seconds(longest.from)} → ${seconds(longest.to)}).` +
      (figures.longestDeviceOffline
        ? ` The longest a device saw no network: ${seconds(figures.longestDeviceOffline.seconds)}.`
        : '')
    : 'No network cuts.';

  const section = [
    `## ${figures.nightStart.slice(0, 10)} — a festival night, rehearsed (\`npm run rehearse:festival${short ? ' -- --short' : ''}\`)`,
    '',
    `Run at ${utcMinute(figures.nightStart)} (${short ? 'short' : 'full'} mode${config.seed !== undefined ? `, seed ${config.seed}` : ''}). Machine: ${machineLine(machine)}; the servers, Caddy, PostgreSQL, the devices and Chromium on the same cores.`,
    '',
    describeNight(config, figures),
    '',
    `Judge's verdict: ${allHold ? 'every check holds' : '**a check failed**'}.`,
    '',
    '| check | holds | figures |',
    '| --- | --- | --- |',
    ...checks,
    '',
    `Totals over ${seconds(figures.durationSeconds)} of night on ${number(figures.devices)} devices:`,
    '',
    '| scans | served online | served offline | refused | uploads (served) | upload retries | conflicts | undos | top-ups | drinks stored |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${[
      number(totals.scans),
      number(totals.servedOnline),
      number(totals.servedOffline),
      `${number(totals.refused)} (${number(totals.refusedOnline)} online, ${number(totals.refusedOffline)} offline)`,
      `${number(totals.uploads)} (${number(totals.uploadsServed)})`,
      number(totals.uploadRetries),
      number(totals.conflicts),
      number(totals.undos),
      number(totals.topUps),
      number(totals.drinksStored),
    ].join(' | ')} |`,
    '',
    `Verdict latency: online p50 ${ms(latency.onlineOverall.p50)}, p99 ${ms(latency.onlineOverall.p99)}, ` +
      `max ${ms(latency.onlineOverall.max)} (${number(latency.onlineOverall.count)} verdicts); decided offline ` +
      `p50 ${ms(latency.offlineOverall.p50)}, p99 ${ms(latency.offlineOverall.p99)} (${number(latency.offlineOverall.count)}, ` +
      `including the wait for an answer that did not come).`,
    '',
    'Faults and phases (seconds into the night, UTC):',
    '',
    '| at | UTC | what |',
    '| ---: | --- | --- |',
    ...faultLines(figures),
    '',
    cutsLine,
    '',
    `![Scans per second with the faults, verdict latency, drinks and conflicts per bar](${chart})`,
    '',
    `Rerun: \`npm run rehearse:festival\` (about 10 minutes) or \`npm run rehearse:festival -- --short\` ` +
      `(1 minute); \`-- --seed N\` repeats a night, \`-- --record\` appends this section and the chart ` +
      `(bench/festival/). The work folder (device logs, timeline, judge.json, summary.json) is kept when a check fails.`,
  ].join('\n');
  return redactSecrets(section);
}
