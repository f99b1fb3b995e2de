import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD } from '@drinkflow/domain/config';
import { demoAccounts, loginThroughForm } from './support/accounts';
import { expect, test } from './support/test';

// A fresh load of /login is login.html: prerendered, hydrated by its own small entry, without the
// app's code (docs/decisions/025). The app's own /login (after an in-app move) is covered by the
// guard and deep-link journeys.
const built = (file: string) =>
  readFileSync(new URL(`../packages/web/dist/${file}`, import.meta.url), 'utf8');

test.describe('the login page of its own', () => {
  test('arrives painted: the form is in the HTML, with the demo accounts only in demo mode', async ({
    request,
  }) => {
    // The server of the journeys runs in demo mode: it sends the demo variant.
    const sent = await (await request.get('/login?next=%2Forganizer%2Fpedidos')).text();
    expect(sent).toContain('data-demo="true"');
    expect(sent).toContain('>Iniciar Sesión</button>');
    expect(sent).toContain('Usuarios de prueba');
    expect(sent).toContain('Modo demostración');
    expect(sent).toBe(built('login-demo.html'));

    // Outside demo mode the server sends login.html: the same form, no accounts, no demo tag.
    const plain = built('login.html');
    expect(plain).toContain('>Iniciar Sesión</button>');
    expect(plain).not.toContain('Usuarios de prueba');
    expect(plain).not.toContain('Modo demostración');
    expect(plain).not.toContain('data-demo');
  });

  test('the prerendered pages fetch their scripts at low priority, after the stylesheet', () => {
    // They paint from HTML and CSS; the scripts only hydrate (docs/decisions/028).
    for (const file of ['landing.html', 'login.html', 'login-demo.html']) {
      const html = built(file);
      const scripts = html.match(/<script[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(scripts.length, file).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag, file).toContain('fetchpriority="low"');
      expect(html.match(/<link rel="stylesheet"[^>]*>/)?.[0], file).not.toContain('fetchpriority');
    }
  });

  test('shows the form before (and without) JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'DrinkFlow' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await context.close();
  });

  test('loads none of the app’s code until signed in, then the app greets and opens ?next=', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login?next=%2Forganizer%2Fpedidos');
    // After hydration the register link carries the page asked for, as the app's own /login does.
    await expect(page.getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
      'href',
      '/register?next=%2Forganizer%2Fpedidos',
    );
    expect(scripts.some((path) => /\/assets\/login-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/main-[\w-]+\.js$/.test(path))).toEqual([]);

    await page.getByLabel('Email').fill(demoAccounts.organizer);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();

    // Looked for first: the toast shows for 5 s from the moment the app starts, maybe before the
    // page's own content on a loaded machine. The wait covers the navigation and the app's start,
    // which took longer than the default 7 s once in CI with every browser worker busy.
    await expect(page.getByRole('status').filter({ hasText: 'Bienvenido' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL('/organizer/pedidos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The welcome is shown once: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Bienvenido')).toHaveCount(0);
  });

  test('sends someone already signed in on to their home at once', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    await page.goto('/login');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  });
});
