// The driver's account of the night (timeline.jsonl): phases and faults, each line written to disk
// when it happens, so the judge and the report read what the driver did, not what it planned.
import { appendFileSync, readFileSync } from 'node:fs';

/** `record(kind, name, detail)` appends `{at, kind, name, ...detail}`; `lines` is what was written. */
export function openTimeline(path) {
  const lines = [];
  return {
    lines,
    record(kind, name, detail = {}) {
      const line = { at: new Date().toISOString(), kind, name, ...detail };
      appendFileSync(path, `${JSON.stringify(line)}\n`);
      lines.push(line);
      return line;
    },
  };
}

/** The timeline as written; a torn last line (a driver killed mid-write) is left out. */
export function readTimeline(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((text) => {
      try {
        return [JSON.parse(text)];
      } catch {
        return [];
      }
    });
}
