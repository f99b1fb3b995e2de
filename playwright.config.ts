import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Per port, so two journey runs (e.g. one file while the suite runs) do not share a database.
const dataDir = `.test-tmp/e2e-data-${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Journeys that need PostgreSQL (several server processes) run only when TEST_DATABASE_URL is
  // set, as .ci/run sets it — left out otherwise, never counted as skipped.
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.spec.ts'],
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Journeys are long and the machine has two cores shared with the server.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-tmp/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh embedded database in demo mode, serving the built web app.
    command: `rm -rf ${dataDir} && node --import tsx packages/server/src/server.ts`,
    url: `http://localhost:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Every journey registers from this one machine's address.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REGISTRATIONS_PER_HOUR: '1000',
    },
  },
});
