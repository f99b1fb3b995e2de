// The write-ahead log each run wrote (pg_stat_wal, the whole PostgreSQL server: nothing else
// writes during a run): records, full-page images and bytes, to compare per drink with the floor.
// A drink that touches a page first since the last checkpoint writes that whole page (8 kB) to the
// log, so the full-page images show whether a run paid for a checkpoint.
import { execFileSync } from 'node:child_process';
import { databaseUrl } from './options.mjs';

const COUNTERS = ['wal_records', 'wal_fpi', 'wal_bytes', 'checkpoints_timed', 'checkpoints_req'];

/** The server's WAL and checkpoint counters now. */
export function walCounters() {
  const line = execFileSync(
    'psql',
    [
      databaseUrl,
      '-X',
      '-A',
      '-t',
      '-q',
      '-F',
      ' ',
      '-c',
      'select w.wal_records, w.wal_fpi, w.wal_bytes, b.checkpoints_timed, b.checkpoints_req from pg_stat_wal w, pg_stat_bgwriter b',
    ],
    { encoding: 'utf8' },
  ).trim();
  const values = line.split(' ').map(Number);
  return Object.fromEntries(COUNTERS.map((name, i) => [name, values[i]]));
}

/** What was written between two readings, per transaction (`count`), and the checkpoints begun. */
export function walPerTransaction(before, after, count) {
  const delta = (name) => after[name] - before[name];
  return {
    records: delta('wal_records') / count,
    fullPages: delta('wal_fpi') / count,
    bytes: delta('wal_bytes') / count,
    checkpoints: delta('checkpoints_timed') + delta('checkpoints_req'),
  };
}
