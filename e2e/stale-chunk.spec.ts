import { expect, test } from './test';

// A tab opened before a deploy asks for a page chunk that the new build no longer has: the server
// answers 404 and the app must reload itself once (fetching the new build), not show a blank page.
test('a stale page whose next chunk is gone reloads itself and shows the app', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to fetch dynamically imported module/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  let refused = 0;
  await page.route(/\/assets\/login-page-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'gone' });
    return route.continue();
  });
  const reloaded = page.waitForEvent('load');
  await page
    .getByRole('link', { name: /Iniciar sesión/i })
    .first()
    .click();

  await reloaded;
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /Iniciar sesión/i })).toBeVisible();
  expect(refused).toBe(2);
});

test('a chunk that keeps failing shows a way out instead of reloading forever', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to fetch dynamically imported module/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/assets\/login-page-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );

  await page
    .getByRole('link', { name: /Iniciar sesión/i })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'No se pudo cargar la página' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver a cargar' })).toBeVisible();
});
