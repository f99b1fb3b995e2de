// The command line of `npm run bench:scanner` (its usage is in bench/scanner.mjs), read once.
import { parseArgs } from 'node:util';
import { positiveInteger } from '../lib/options.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    tickets: { type: 'string', default: '5000' },
    port: { type: 'string', default: '3192' },
    pgbench: { type: 'string' },
    'pgbench-mode': { type: 'string', default: 'prepared' },
    'skip-pglite': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
  },
});

export const duration = positiveInteger(values, 'duration');
export const warmup = positiveInteger(values, 'warmup');
export const connections = positiveInteger(values, 'connections');
export const ticketCount = positiveInteger(values, 'tickets');
export const port = positiveInteger(values, 'port');
export const databaseUrl = values['database-url'];
export const pgbenchPath = values.pgbench;
export const skipPglite = values['skip-pglite'];
export const record = values.record;
// prepared = named statements, as the server prepares its scan statements (scan-statements.ts);
// extended = unnamed statements with parameters, as node-postgres sends drizzle's queries.
export const pgbenchMode = values['pgbench-mode'];
if (!['extended', 'prepared'].includes(pgbenchMode)) throw new Error('--pgbench-mode: extended or prepared');
if (skipPglite && !databaseUrl) throw new Error('--skip-pglite needs --database-url');
if (ticketCount < connections * 4) throw new Error('--tickets: at least 4 per connection');
