// Memory of the tickets a server process remembers for one-statement scans
// (packages/server/src/modules/scanner/known-scans.ts, docs/decisions/048, SCANNER_KNOWN_TICKETS):
// the heap that `--tickets` remembered tickets with `--drinks` drinks each take, after a full GC.
// Usage: npm run bench:known-tickets [-- --tickets 20000] [--drinks 6] [--record]
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { createKnownScans } from '../packages/server/src/modules/scanner/known-scans.ts';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '20000' },
    drinks: { type: 'string', default: '6' },
    record: { type: 'boolean', default: false },
  },
});
const tickets = Number(values.tickets);
const drinks = Number(values.drinks);
if (!globalThis.gc) throw new Error('run with node --expose-gc (npm run bench:known-tickets does)');

const HOUR = 3_600_000;
/** A ticket as a scan reads it: holder, type, and its drinks (docs/decisions/048). */
function ticketRead(i) {
  const at = Date.now();
  return {
    ticket: {
      id: 100_000 + i,
      estado: 'activo',
      createdAt: new Date(at - 24 * HOUR),
      titular: `Invitada ${i} Fernández García`,
      tipo: {
        nombre: 'Bono festival',
        modo: 'por_cantidad',
        maxDrinks: 12,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: new Date(at - 24 * HOUR),
        validoHasta: new Date(at + 48 * HOUR),
        maxDrinksPerDay: 4,
        barrasPermitidas: null,
      },
    },
    version: String(1_000_000 + i),
    pedidoVersion: String(900_000 + i),
    tipoVersion: '812345',
    history: Array.from({ length: drinks }, (_, j) => ({
      id: i * 100 + j,
      tipoBebida: 'copa',
      timestamp: new Date(at - j * HOUR),
      barra: 'Barra Norte',
    })),
    earlier: null,
    nowMs: at,
  };
}

globalThis.gc();
const before = process.memoryUsage().heapUsed;
const known = createKnownScans(tickets);
for (let i = 0; i < tickets; i++) known.rememberTicket(1, `${i}-${crypto.randomUUID()}`, ticketRead(i));
globalThis.gc();
const bytes = process.memoryUsage().heapUsed - before;
if (known.ticketCount !== tickets) throw new Error(`remembered ${known.ticketCount} of ${tickets}`);

const text = [
  `## ${new Date().toISOString().slice(0, 10)} — memory of the tickets a server process remembers`,
  '',
  `Run at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}. \`npm run bench:known-tickets -- --tickets ${tickets} --drinks ${drinks}\`: ${tickets.toLocaleString('en-US')} tickets remembered (docs/decisions/048), each with ${drinks} drinks, a holder and its type, under a UUID-length QR code; heap after a full GC, before and after.`,
  '',
  `**${(bytes / 2 ** 20).toFixed(1)} MiB of heap, ${Math.round(bytes / tickets).toLocaleString('en-US')} bytes per ticket.**`,
].join('\n');
console.log(`\n${text}\n`);
if (values.record) appendFileSync(new URL('./RESULTS.md', import.meta.url), `\n${text}\n`);
