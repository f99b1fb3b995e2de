// The scanner-loop benchmark's report: median, p95 and max of each loop against its aim, where the
// camera's time goes, and the section --record appends to bench/RESULTS.md.
import { appendFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';
import { formatLoad } from '../lib/machine.mjs';

// Nearest rank: the smallest sample with at least p % of them at or below it.
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}

/** The figures as a markdown table and the verdicts against each aim. */
export function report({ typed, offline, camera, cameraOnly, runs, warmup, loadAtStart, chromiumVersion }) {
  const row = (title, stats, aim) =>
    `| ${title} | ${stats.median.toFixed(0)} | ${stats.p95.toFixed(0)} | ${stats.max.toFixed(0)} | ${aim} |`;
  const rows = [];
  const verdicts = [];
  if (!cameraOnly) {
    const typedTotal = summary(typed.map((time) => time.total));
    const offlineTotal = summary(offline.map((time) => time.total));
    rows.push(
      row('Enter on a typed code → verdict painted', typedTotal, '≤ 150 ms'),
      row('… of which Enter → verdict in the DOM', summary(typed.map((time) => time.toDom)), ''),
      row('Enter on a typed code, no network → offline verdict painted', offlineTotal, '≤ 150 ms'),
      row('… of which Enter → verdict in the DOM', summary(offline.map((time) => time.toDom)), ''),
    );
    verdicts.push(
      `typed: ${typedTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95`,
      `offline: ${offlineTotal.p95 <= 150 ? 'within' : 'OVER'} 150 ms at p95`,
    );
  }
  for (const { framing, stats } of camera) {
    rows.push(row(`'Activar Cámara' → verdict painted: ${framing.title}`, stats, `≤ ${framing.aimMs} ms`));
    verdicts.push(
      `camera ${framing.name}: ${stats.max <= framing.aimMs ? 'within' : 'OVER'} ${framing.aimMs} ms at max`,
    );
  }
  const text = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `Node ${process.version},\nChromium ${chromiumVersion} (headless, ${CHROMIUM_PATH}). ` +
      `Load average (1/5/15 min)\n${formatLoad(loadAtStart)} at the start, ${formatLoad()} at the end. ` +
      `${runs} runs each after ${warmup} warm-up runs;\n` +
      'the server on the same machine (embedded PGlite, demo data).',
    '',
    '| from → to | median ms | p95 ms | max ms | aim |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    "Where the camera's time goes (medians, ms from the click; frames: how many the decoder read",
    'until it found the code, median / max):',
    '',
    '| framing | camera open | first frame to the decoder | code found | verdict painted | frames |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...camera.map(({ framing, samples }) => {
      const median = (key) => summary(samples.map((time) => time[key])).median.toFixed(0);
      const frames = summary(samples.map((time) => time.frames));
      return `| ${framing.name} | ${median('camera')} | ${median('firstFrame')} | ${median('decoded')} | ${median('total')} | ${frames.median} / ${frames.max} |`;
    }),
  ].join('\n');
  return { text, verdicts };
}

/** Appends the report, with how it was measured, to bench/RESULTS.md. */
export async function record(text, cameraOnly) {
  const date = new Date().toISOString().slice(0, 10);
  await appendFile(
    'bench/RESULTS.md',
    `\n## ${date} — the bartender's loop in Chromium (\`npm run bench:scanner-loop${cameraOnly ? ' -- --camera-only' : ''}\`)\n\n` +
      'Quick mode of the public scanner (/scanner/{apiKey}) on a 390×844 page, one Barra Libre\n' +
      "ticket scanned again and again ('Nuevo Escaneo' between typed runs; a freshly loaded page for\n" +
      "each camera run; the offline runs with the browser context set offline after the event's\n" +
      'offline data was stored, each drink decided on the device and queued, all sent once back\n' +
      'online). Times measured in the page: from the Enter keydown (capture phase) or the\n' +
      "click on 'Activar Cámara' to the verdict's heading in the DOM (MutationObserver), then two\n" +
      "animation frames for the paint. The fake camera is a 640×480 Y4M video of the ticket PDF's QR\n" +
      '(e2e/support/camera-video.ts) behind `--use-file-for-fake-video-capture`, one per framing\n' +
      "(the ordinary one and the field's: FIELD_SHOTS), each in a browser of its own.\n\n" +
      `${text}\n`,
  );
}
