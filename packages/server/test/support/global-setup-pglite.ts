import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client';
import './provided-context';

const SNAPSHOT = /^drinkflow-test-pglite-(\d+)\.tar$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Snapshots (~40 MB each) left behind by runs that were killed before their teardown. */
async function removeStaleSnapshots(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const pid = Number(SNAPSHOT.exec(name)?.[1]);
    if (pid && !isRunning(pid)) await rm(join(tmpdir(), name), { force: true });
  }
}

/**
 * Migrates one PGlite once (initdb alone takes seconds) and dumps its data directory; each test file
 * then starts from a copy of that snapshot (see `openTestDatabase`).
 */
export default async function setup(project: TestProject) {
  await removeStaleSnapshots();
  const database = await openPglite();
  let snapshot: Blob;
  try {
    await database.migrate();
    // Drizzle keeps the driver's client at `$client`; the server's Database interface does not expose it.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    snapshot = await client.dumpDataDir('none'); // uncompressed: loads faster than gzip
  } finally {
    await database.close();
  }
  const path = join(tmpdir(), `drinkflow-test-pglite-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', path);

  return async () => {
    await rm(path, { force: true });
  };
}
