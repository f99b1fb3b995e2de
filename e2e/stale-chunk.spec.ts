import { signInAsNewOrganizer } from './support/accounts';
import { expect, test } from './support/test';

// A tab opened before a deploy asks for a page chunk that the new build no longer has: the server
// answers 404 and the app must reload itself once (fetching the new build), not show a blank page.
// The page the organizer moves to inside the app; its code is a chunk of its own.
const profileChunk = /\/assets\/profile-page-[^/]+\.js$/;

test('a stale page whose next chunk is gone reloads itself and shows the app', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to fetch dynamically imported module/);
  await signInAsNewOrganizer(page, request);

  let refused = 0;
  await page.route(profileChunk, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'gone' });
    return route.continue();
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Mi Perfil' }).click();

  await reloaded;
  await expect(page).toHaveURL('/organizer/perfil');
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  expect(refused).toBe(2);
});

test('a chunk that keeps failing shows a way out instead of reloading forever', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to fetch dynamically imported module/);
  await signInAsNewOrganizer(page, request);
  await page.route(profileChunk, (route) => route.fulfill({ status: 404, body: 'gone' }));

  await page.getByRole('link', { name: 'Mi Perfil' }).click();

  await expect(page.getByRole('heading', { name: 'No se pudo cargar la página' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver a cargar' })).toBeVisible();
});
