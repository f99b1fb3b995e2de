// A benchmark's PostgreSQL database: the one named by --database-url, or a scratch database of the
// local PostgreSQL that the benchmark creates empty and drops when it ends.
import pg from 'pg';

const LOCAL = 'postgres://postgres@127.0.0.1:5432';

async function asAdmin(statement) {
  const admin = new pg.Client({ connectionString: `${LOCAL}/postgres` });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `givenUrl` (kept as it is) or the local scratch database `scratchName`. */
export function benchDatabase(givenUrl, scratchName) {
  const scratch = givenUrl === undefined;
  return {
    url: givenUrl ?? `${LOCAL}/${scratchName}`,
    async create() {
      if (!scratch) return;
      await asAdmin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
      await asAdmin(`CREATE DATABASE ${scratchName}`);
    },
    async drop() {
      if (scratch) await asAdmin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
    },
  };
}
