import { appendFileSync, closeSync, fsyncSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * A device's own log (one JSONL file per device). Each line is written synchronously before the
 * device goes on, so a verdict the bartender saw is on disk even if the process dies right after.
 */

/**
 * @param {string} path
 * @param {string} deviceName
 * @returns {{ write(line: Record<string, unknown>): void, close(): void }}
 */
export function openDeviceLog(path, deviceName) {
  const fd = openSync(path, 'a');
  let open = true;
  return {
    write(line) {
      if (!open) throw new Error(`device log of ${deviceName} is closed`);
      const record = { at: new Date().toISOString(), device: deviceName, ...line };
      appendFileSync(fd, `${JSON.stringify(record)}\n`);
    },
    close() {
      if (!open) return;
      open = false;
      fsyncSync(fd);
      closeSync(fd);
    },
  };
}

/**
 * Parses JSONL text; a line that does not parse is skipped only when it is the last one (a write
 * torn by a crash), anywhere else it is an error.
 * @param {string} text
 * @param {string} source
 */
export function parseJsonLines(text, source = 'jsonl') {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const records = [];
  lines.forEach((line, index) => {
    try {
      records.push(JSON.parse(line));
    } catch (error) {
      if (index !== lines.length - 1)
        throw new Error(`${source}: line ${index + 1} is not JSON`, { cause: error });
    }
  });
  return records;
}

/**
 * Every device log in `dir` (files `<deviceName>.jsonl`).
 * @param {string} dir
 * @returns {Map<string, Record<string, unknown>[]>}
 */
export function readDeviceLogs(dir) {
  const logs = new Map();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.jsonl')) continue;
    const name = basename(file, '.jsonl');
    logs.set(name, parseJsonLines(readFileSync(join(dir, file), 'utf8'), file));
  }
  return logs;
}
