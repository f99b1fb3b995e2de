import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { demoAccounts, loginThroughForm } from './support/accounts';
import { expect, test } from './support/test';

const sectionsInOrder = ['funciones', 'eventos', 'beneficios', 'contacto'];

async function sectionTop(page: Page, id: string) {
  return page.locator(`#${id}`).evaluate((element) => element.getBoundingClientRect().top);
}

test.describe('landing page', () => {
  test('shows every section in the spec order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'La barra libre de tu evento, por fin bajo control',
    );
    const offsets = [];
    for (const id of sectionsInOrder) {
      await expect(page.locator(`#${id}`)).toBeAttached();
      offsets.push(await page.locator(`#${id}`).evaluate((element) => (element as HTMLElement).offsetTop));
    }
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    for (const benefit of [
      'Prevención de abusos',
      'Seguimiento en tiempo real',
      'Mejor experiencia',
      'Control de costes',
      'Informes detallados',
      'Configuración sencilla',
    ]) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expect(page.getByText('500+')).toBeVisible();
    const footer = page.getByRole('contentinfo');
    const legalLinks: [string, string][] = [
      ['Condiciones de uso', '/condiciones-uso'],
      ['Política de privacidad', '/politica-privacidad'],
      ['Política de cookies', '/politica-cookies'],
      ['Aviso legal', '/aviso-legal'],
    ];
    for (const [name, href] of legalLinks) {
      await expect(footer.getByRole('link', { name, exact: false }).first()).toHaveAttribute('href', href);
    }
  });

  test('navigation links and the call to action scroll to their sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const navTargets: [string, string][] = [
      ['Funciones', 'funciones'],
      ['Eventos', 'eventos'],
      ['Beneficios', 'beneficios'],
    ];
    for (const [label, id] of navTargets) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect.poll(() => sectionTop(page, id)).toBeLessThan(120);
      await expect.poll(() => sectionTop(page, id)).toBeGreaterThan(-5);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .getByRole('link', { name: 'Solicitar Demo Gratuita' })
      .or(page.getByRole('button', { name: 'Solicitar Demo Gratuita' }))
      .first()
      .click();
    await expect.poll(() => sectionTop(page, 'contacto')).toBeLessThan(120);
  });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link', { name: 'Beneficios' })).toBeVisible();
    await menu.getByRole('link', { name: 'Beneficios' }).click();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => sectionTop(page, 'beneficios')).toBeLessThan(120);
  });

  test('the bar shows the signed-in user and Salir logs out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');

    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Panel Organizador' })).toHaveAttribute('href', '/organizer');
    await expect(page.getByRole('banner').getByText('Olga').first()).toBeVisible();
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();

    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Panel Admin' })).toHaveAttribute('href', '/admin');
  });
});

test.describe('demo request form', () => {
  test('asks for the required fields and a valid email', async ({ page }) => {
    await page.goto('/#contacto');
    const send = page.getByRole('button', { name: 'Enviar Solicitud' });
    await send.click();
    await expect(page.getByText('Campos requeridos', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Por favor completa todos los campos obligatorios.', { exact: true }),
    ).toBeVisible();

    await page.getByLabel('Nombre').fill('Ana Prueba');
    await page.getByLabel('Email').fill('no-es-email');
    await page.getByRole('checkbox').check();
    await send.click();
    await expect(page.getByText('Email inválido')).toBeVisible();
  });

  test('sends the request, says so and resets the form', async ({ page }) => {
    await page.goto('/#contacto');
    await page.getByLabel('Nombre').fill('Ana Prueba');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Teléfono').fill('600 111 222');
    await page.getByLabel('Tipo de evento').selectOption('boda');
    await page.getByLabel('Mensaje').fill('Boda de 150 invitados');
    await page.getByRole('checkbox').check();
    const sent = page.waitForRequest('**/api/demo-request');
    const answered = page.waitForResponse('**/api/demo-request');
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: 'Ana Prueba',
      email: 'ana@example.com',
      eventType: 'boda',
      acceptTerms: 'true',
    });
    expect((await answered).status()).toBe(201);
    await expect(page.getByText('¡Solicitud enviada!', { exact: true })).toBeVisible();
    await expect(page.getByText('Te contactaremos en menos de 24 horas.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Nombre')).toHaveValue('');
  });

  test('shows the sending state and a failure toast when the server fails', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 500/);
    await page.route('**/api/demo-request', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({
        status: 500,
        json: { message: 'Ha ocurrido un error interno.', error: 'internal_error' },
      });
    });
    await page.goto('/#contacto');
    await page.getByLabel('Nombre').fill('Ana Prueba');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Enviar Solicitud' }).click();
    await expect(page.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await expect(
      page.getByText('Hubo un problema al enviar tu solicitud. Inténtalo de nuevo.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Nombre')).toHaveValue('Ana Prueba');
  });
});

test.describe('legal and unknown pages', () => {
  test('the legal pages state the retention periods', async ({ page }) => {
    await page.goto('/politica-cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Cookies');
    for (const period of ['30 días', '1 año', '6 meses', '2 años']) {
      await expect(page.getByText(period).first()).toBeAttached();
    }
    await page.goto('/politica-privacidad');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidad');
    await expect(page.getByText(/3 años/).first()).toBeVisible();
    await page.goto('/condiciones-uso');
    await expect(page.getByText(/18 años/).first()).toBeVisible();
    await page.goto('/aviso-legal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso Legal');
  });

  test('an unknown path shows the English 404 page', async ({ page }) => {
    await page.goto('/esto/no/existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText('Page not found')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/login',
    '/register',
    '/aviso-legal',
    '/condiciones-uso',
    '/politica-privacidad',
    '/politica-cookies',
    '/no-existe',
    '/scanner/sin-clave',
  ]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('the signed-in areas have no serious accessibility violations', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page.getByRole('heading', { name: 'Eventos' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
