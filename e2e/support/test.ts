import { expect, test as base } from '@playwright/test';

export { expect };

/**
 * Messages a page may log without failing the journey: the browser's own line for an API answer
 * of 4xx that the journey provoked on purpose (a wrong password, a missing event); the app shows
 * those to the person, and the test checks that it does.
 */
const expectedNoise = [/^Failed to load resource: the server responded with a status of 4\d\d/];

/**
 * Playwright's `test`, failing any journey during which a page logged a console warning or error,
 * or threw an uncaught exception.
 */
export const test = base.extend<{ consoleGuard: { allow(pattern: RegExp): void } }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed = [...expectedNoise];
      page.on('console', (message) => {
        if (message.type() !== 'warning' && message.type() !== 'error') return;
        if (allowed.some((pattern) => pattern.test(message.text()))) return;
        problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message} (${page.url()})`));
      // A journey that provokes a server failure on purpose says which message it expects.
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'console warnings or errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
});
