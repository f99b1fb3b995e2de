// The machine a benchmark ran on, as its printed header says it.
import { cpus, loadavg, totalmem } from 'node:os';

/** "2 × <CPU model> · 8 GiB · Node v20…" */
export const machineLine = () =>
  `${cpus().length} × ${cpus()[0]?.model} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`;

/** Load averages (1/5/15 min) as "0.52 / 0.61 / 0.70". */
export const formatLoad = (averages = loadavg()) => averages.map((n) => n.toFixed(2)).join(' / ');
