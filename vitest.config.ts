import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * Test projects (docs/architecture.md, "Tests"):
 * - domain: pure functions and schemas.
 * - server-pglite: every endpoint through `app.inject`, one fresh PGlite per test file, loaded from a
 *   snapshot that the global setup migrated once.
 * - server-pg: the same files on PostgreSQL, only when TEST_DATABASE_URL is set (one database per
 *   test file, copied from a template migrated once). A broken or unreachable PostgreSQL then fails
 *   the run; it is never skipped.
 */
const serverTests = ['packages/server/test/**/*.test.ts'];
const serverOptions = {
  environment: 'node',
  // Each file opens its own database and closes it, so files can share a worker process: fastify,
  // drizzle and PGlite are then loaded once per worker instead of once per file (about half the time).
  isolate: false,
  // Argon2 hashing and rate-limit loops take a few seconds on a busy 2-core machine.
  testTimeout: 20_000,
  hookTimeout: 60_000,
} as const;

const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'domain',
      include: ['packages/domain/test/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'server-pglite',
      include: serverTests,
      exclude: ['**/*.postgres.test.ts'],
      env: { DB_KIND: 'pglite' },
      globalSetup: ['packages/server/test/support/global-setup-pglite.ts'],
      ...serverOptions,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-pg',
      include: serverTests,
      exclude: ['**/*.pglite.test.ts'],
      env: { DB_KIND: 'postgres' },
      globalSetup: ['packages/server/test/support/global-setup-postgres.ts'],
      ...serverOptions,
    },
  });
}

// scripts: the test runner's own helpers (a package without tests must fail the run).
projects.push({
  test: {
    name: 'scripts',
    include: ['scripts/test/**/*.test.mjs'],
    environment: 'node',
  },
});

// web: components and client libraries in jsdom, with the web app's own Vite config (alias, JSX).
projects.push({
  extends: './packages/web/vite.config.ts',
  test: {
    name: 'web',
    root: 'packages/web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // jsdom renders of whole pages and dialogs take a few seconds when server files share the two cores.
    testTimeout: 15_000,
    // One jsdom per worker instead of one per file: setting up jsdom and loading React for each of
    // about 90 files cost about 3 CPU-minutes of a run over its time budget. test/setup.ts gives
    // each file freshly evaluated app modules, an empty page and empty storage.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects,
    // Test files run in parallel in child processes; one fresh database per file keeps them apart.
    pool: 'forks',
    // Vitest's default (CPUs − 1) would run one file at a time on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
