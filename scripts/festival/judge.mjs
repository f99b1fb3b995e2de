// The judge: reads the night (judge-data.mjs), runs every check (judge-checks.mjs), writes
// <workDir>/judge.json and answers the verdict. Also a command:
//   node --import tsx scripts/festival/judge.mjs --database-url <url> --evento <id> --work-dir <dir>
// (exit 0 only when every check holds).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { readJudgeData } from './judge-data.mjs';
import { judge, NO_BAR } from './judge-checks.mjs';

/** The stored drinks and conflicts per bar ('Sin barra' for none), for the report. */
export function drinksPerBar(drinks) {
  const bars = new Map();
  for (const drink of drinks) {
    const barra = drink.barra || NO_BAR;
    const bar = bars.get(barra) ?? { barra, drinks: 0, conflicts: 0 };
    bar.drinks++;
    if (drink.conflicto) bar.conflicts++;
    bars.set(barra, bar);
  }
  return [...bars.values()];
}

/**
 * The verdict, also written to <workDir>/judge.json: `ok`, each check, and the drinks per bar.
 * Statistics through the API with `organizerHeaders` and `api` (api-client.mjs) or `baseUrl`/`ca`,
 * else from the database's counters (judge-data.mjs).
 * @param {{databaseUrl: string, eventoId: number, workDir: string, organizerHeaders?: Record<string, string>,
 *   api?: {request: Function}, baseUrl?: string, ca?: string | Buffer, timeZone?: string}} options
 * @returns {Promise<{ok: boolean, checks: object[], drinksPerBar: {barra: string, drinks: number, conflicts: number}[]}>}
 */
export async function runJudge(options) {
  const data = await readJudgeData(options);
  const verdict = { ...judge(data), drinksPerBar: drinksPerBar(data.drinks) };
  writeFileSync(join(options.workDir, 'judge.json'), `${JSON.stringify(verdict, null, 2)}\n`);
  return verdict;
}

/** One line per check, for a person reading the run's output. */
export function describeVerdict(verdict) {
  const lines = verdict.checks.map((check) => {
    const mark = check.ok ? 'ok  ' : 'FAIL';
    const failed = check.ok
      ? ''
      : ` — ${check.figures.failureCount} failure(s), e.g. ${JSON.stringify(check.failures[0])}`;
    return `${mark} ${check.id}: ${check.title}${failed}`;
  });
  lines.push(verdict.ok ? 'judge: every check holds' : 'judge: FAILED');
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      evento: { type: 'string' },
      'work-dir': { type: 'string' },
    },
  });
  if (!values['database-url'] || !values.evento || !values['work-dir']) {
    console.error('usage: judge.mjs --database-url <url> --evento <id> --work-dir <dir>');
    process.exit(2);
  }
  const verdict = await runJudge({
    databaseUrl: values['database-url'],
    eventoId: Number(values.evento),
    workDir: values['work-dir'],
  });
  console.log(describeVerdict(verdict));
  process.exit(verdict.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
