// @ts-check
/**
 * Mutation testing of the pure domain rules, on demand: `npm run mutation` (not part of `npm test`).
 * Runs only the domain's tests, through packages/domain/vitest.config.ts. Reports go to
 * reports/mutation/ (HTML and JSON); results are recorded in bench/RESULTS.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'packages/domain/vitest.config.ts', related: false },
  mutate: ['packages/domain/src/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Copy only what the domain's tests need into the sandbox (node_modules is linked, not copied).
  ignorePatterns: [
    '/packages/server',
    '/packages/web',
    '/e2e',
    '/bench',
    '/docs',
    '/scripts',
    '/reports',
    '/data',
    '/test-results',
    '/playwright-report',
    // Browser journeys create and delete their databases here while mutation testing may run.
    '/.test-tmp',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 95, low: 90, break: null },
  concurrency: 2,
  // The domain's tests take about a second; the generous margin keeps a busy 2-core machine (other
  // test runs, a dev server) from turning slow runs into false "Timeout" kills.
  timeoutMS: 20_000,
};
