// The outside probe's shape on the production layout (docs/decisions/051): two server processes on
// one PostgreSQL, 12 sessions of one account each asking for 5 live statistics streams (alternating
// processes); prints the streams granted and the database's commits a second over 30 s.
// Usage: npm run bench:live-streams [-- <checkout> <database>]   (default: this checkout, bench_streams)
// Give another checkout (e.g. `git worktree add /tmp/old <commit>` with its node_modules) to compare.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
const [checkout = fileURLToPath(new URL('..', import.meta.url)), dbname = 'bench_streams'] =
  process.argv.slice(2);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbname} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbname}`);
const url = `postgres://postgres@127.0.0.1:5432/${dbname}`;
function start(seed) {
  const child = spawn(process.execPath, ['--import', 'tsx', `${checkout}/packages/server/src/server.ts`], {
    cwd: checkout,
    env: {
      ...process.env,
      DATABASE_URL: url,
      SEED_DEMO: seed ? 'true' : 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const on = (c) => {
      out += c;
      const m = /DrinkFlow en (http:\/\/localhost:\d+) /.exec(out);
      if (m) resolve({ child, base: m[1].replace('localhost', '127.0.0.1') });
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', () => reject(new Error(out)));
  });
}
const a = await start(true);
const b = await start(false);
const db = new pg.Client({ connectionString: url });
await db.connect();
const {
  rows: [user],
} = await db.query(`select id from users where rol = 'organizer' order by id limit 1`);
const {
  rows: [evento],
} = await db.query(`select id from eventos where organizador_id = $1 order by id limit 1`, [user.id]);
const controllers = [];
let granted = 0;
for (let s = 0; s < 12; s++) {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`,
    [user.id, createHash('sha256').update(token).digest('base64url')],
  );
  for (let i = 0; i < 5; i++) {
    const c = new AbortController();
    const r = await fetch(`${[a, b][(s * 5 + i) % 2].base}/api/stats/${evento.id}/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: c.signal,
    });
    if (r.status === 200) {
      granted++;
      controllers.push(c);
      r.body.pipeTo(new WritableStream()).catch(() => {});
    } else await r.body?.cancel();
  }
}
await new Promise((r) => setTimeout(r, 3000));
const commits = async () => {
  await db.query('select pg_stat_clear_snapshot()');
  return Number(
    (await db.query(`select xact_commit from pg_stat_database where datname = $1`, [dbname])).rows[0]
      .xact_commit,
  );
};
const seconds = 30;
const before = await commits();
await new Promise((r) => setTimeout(r, seconds * 1000));
const after = await commits();
console.log(
  `${checkout}: 2 processes, 12 sessions x 5 asked: ${granted} streams granted, ${((after - before) / seconds).toFixed(1)} commits/s over ${seconds} s`,
);
controllers.forEach((c) => c.abort());
for (const { child } of [a, b]) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
await db.end();
await admin.query(`DROP DATABASE IF EXISTS ${dbname} WITH (FORCE)`);
await admin.end();
