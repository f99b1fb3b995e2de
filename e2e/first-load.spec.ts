import { readFileSync } from 'node:fs';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { expect, test } from './support/test';

// A first visit to the organizer's home (docs/decisions/028): the page paints its loading state from
// HTML, its list's code is preloaded from that HTML, and the list is asked for once, early.
const manifest = JSON.parse(
  readFileSync(new URL('../packages/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as Record<string, { file: string }>;
const eventsPageChunk = manifest['src/features/events/pages/events-page.tsx']!.file;

test.describe('the organizer home on a first visit', () => {
  test('the HTML paints the loading state and preloads the events list, only for the home', async ({
    request,
  }) => {
    const home = await (await request.get('/organizer/eventos')).text();
    expect(home).toContain('Cargando...');
    expect(home).toContain(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${eventsPageChunk}">`,
    );
    expect(await (await request.get('/organizer')).text()).toBe(home);

    const other = await (await request.get('/organizer/pedidos')).text();
    expect(other).toContain('Cargando...');
    expect(other).not.toContain(eventsPageChunk);
  });

  test('asks for the events once, before its session check has answered', async ({ page, request }) => {
    const account = await signInAsNewOrganizer(page, request);
    await createEventThroughApi(request, account.token, { nombre: 'Boda de Ana y Luis' });

    const asked: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    await page.reload();
    await expect(page.getByRole('row', { name: /Boda de Ana y Luis/ })).toBeVisible();

    expect(asked.filter((path) => path === `/api/eventos/${account.user.id}`)).toHaveLength(1);
    // Asked from the route's loader, not after the session check.
    expect(asked.indexOf(`/api/eventos/${account.user.id}`)).toBeLessThan(asked.indexOf('/api/auth/me'));
  });
});
