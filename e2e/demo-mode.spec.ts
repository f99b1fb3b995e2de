import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { demoAccounts, loginThroughForm } from './support/accounts';
import { expect, test } from './support/test';

const demoHint = 'Datos y cuentas de prueba: no usar para un evento real';

/** Every console warning and error (and uncaught exception) the page logs from now on. */
function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** On a 360 px wide phone the page must not scroll sideways. */
async function expectNoSidewaysScrollAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const demoBadge = (page: Page) => page.getByTitle(demoHint);

test.describe('demo mode indicator', () => {
  test('the login page says it is a demo, without console warnings', async ({ page }) => {
    const problems = consoleProblems(page);
    await page.goto('/login');
    await expect(page.getByText('Modo demostración', { exact: true })).toBeVisible();
    await expect(demoBadge(page)).toContainText('Modo demostración');
    await expectNoSidewaysScrollAt360(page);
    await expect(demoBadge(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test('the demo organizer sees it in the organizer header, without console warnings', async ({ page }) => {
    const problems = consoleProblems(page);
    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    const header = page.getByRole('banner');
    await expect(header.getByText('Modo demostración', { exact: true })).toBeVisible();
    await expect(header.getByText('Organizador', { exact: true })).toBeVisible();

    // A fresh load of the page itself, as after a reload or from a bookmark.
    await page.goto('/organizer/eventos');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    await expect(header.getByText('Modo demostración', { exact: true })).toBeVisible();
    await expectNoSidewaysScrollAt360(page);
    await expect(header.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await expect(demoBadge(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test('the demo admin sees it in the admin header', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    const header = page.getByRole('banner');
    await expect(header.getByText('Modo demostración', { exact: true })).toBeVisible();
    await expectNoSidewaysScrollAt360(page);
    await expect(header.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await expect(demoBadge(page)).toBeVisible();
  });
});
