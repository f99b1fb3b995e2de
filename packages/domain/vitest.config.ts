import { defineConfig } from 'vitest/config';

/**
 * The domain's tests alone, for StrykerJS (`npm run mutation`, stryker.config.mjs). The root
 * vitest.config.ts keeps its own `domain` project for `npm test`; it lists projects inline, so
 * this file is never picked up there.
 */
export default defineConfig({
  test: {
    name: 'domain',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
