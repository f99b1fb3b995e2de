import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/**
 * A file-backed FIFO that survives a crash (a device's queue of scans decided offline): an
 * append-only journal of `+<entry JSON>` and `-<id JSON>` lines, fsynced per push, so an entry
 * pushed is on disk before the bartender serves the drink. Reopening replays the journal; a last
 * line torn by a crash is dropped (that push never returned). The journal is rewritten with only
 * the live entries when most of it is removals.
 */

const COMPACT_MIN_REMOVED = 64;

/**
 * @template {{ id: string }} Entry
 * @param {string} path
 * @returns {{
 *   push(entry: Entry): void,
 *   peek(): Entry | null,
 *   remove(id: string): boolean,
 *   size(): number,
 *   entries(): Entry[],
 *   close(): void,
 * }}
 */
export function openQueue(path) {
  /** @type {Map<string, Entry>} insertion order = queue order */
  const live = new Map();
  let removedSinceCompaction = 0;
  let torn = false;

  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    const last = lines.pop();
    if (last !== '') torn = true;
    lines.forEach((line, index) => {
      const value = parseLine(line, `${path}:${index + 1}`);
      if (value.kind === '+') live.set(value.entry.id, value.entry);
      else if (live.delete(value.id)) removedSinceCompaction += 1;
    });
  }

  let fd = -1;
  const openJournal = () => {
    fd = openSync(path, 'a');
  };

  /** Rewrites the journal with the live entries only (write aside, fsync, rename over). */
  const compact = () => {
    if (fd >= 0) closeSync(fd);
    const aside = `${path}.compact`;
    const asideFd = openSync(aside, 'w');
    const text = [...live.values()].map((entry) => `+${JSON.stringify(entry)}\n`).join('');
    if (text) writeSync(asideFd, text);
    fsyncSync(asideFd);
    closeSync(asideFd);
    renameSync(aside, path);
    removedSinceCompaction = 0;
    openJournal();
  };

  // A torn tail is cut off before anything is appended after it.
  if (torn) compact();
  else openJournal();

  const append = (line, durable) => {
    writeSync(fd, `${line}\n`);
    if (durable) fsyncSync(fd);
  };

  return {
    push(entry) {
      if (typeof entry?.id !== 'string' || !entry.id) throw new Error('a queued entry needs a string id');
      if (live.has(entry.id)) throw new Error(`entry ${entry.id} is already queued`);
      append(`+${JSON.stringify(entry)}`, true);
      live.set(entry.id, entry);
    },
    peek() {
      const first = live.values().next();
      return first.done ? null : first.value;
    },
    remove(id) {
      if (!live.has(id)) return false;
      // Not fsynced: a removal lost in a crash only sends the entry again, and the server answers
      // a repeated scanId with its first answer.
      append(`-${JSON.stringify(id)}`, false);
      live.delete(id);
      removedSinceCompaction += 1;
      if (removedSinceCompaction >= COMPACT_MIN_REMOVED && removedSinceCompaction > 2 * live.size) compact();
      return true;
    },
    size: () => live.size,
    entries: () => [...live.values()],
    close() {
      if (fd < 0) return;
      fsyncSync(fd);
      closeSync(fd);
      fd = -1;
    },
  };
}

/** @param {string} line @param {string} where */
function parseLine(line, where) {
  const kind = line[0];
  try {
    if (kind === '+') return { kind, entry: JSON.parse(line.slice(1)) };
    if (kind === '-') return { kind, id: JSON.parse(line.slice(1)) };
  } catch (error) {
    throw new Error(`queue journal ${where} is corrupt`, { cause: error });
  }
  throw new Error(`queue journal ${where} is corrupt`);
}
