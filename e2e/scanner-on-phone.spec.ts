import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { expect, test } from './support/test';
import { createLiveEvent, createTicket, invalidateTicket } from './support/scanner-data';
import { codeField, newOrganizer, openScanner, resultArea, verdict, wedgeScan } from './support/scanner-page';

// The public scanner on a bar's phone: the answer and the code field stay on one screen.

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the scanner with a result and a ticket fits the screen', async ({ page }) => {
    const { token } = await newOrganizer(page);
    const evento = await createLiveEvent(page.request, token, 'Festival de Verano de la Costa del Sol 2026');
    const ticket = await createTicket(
      page.request,
      token,
      evento,
      { nombre: 'Barra Libre Premium con Cócteles', modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
      'María de los Ángeles Fernández-Villaverde',
    );

    await openScanner(page, evento);
    await expectFitsTheScreen(page);
    await page.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }).click();
    await codeField(page).fill(ticket.qrCode);
    await page.getByRole('button', { name: 'Verificar Ticket' }).click();
    await expect(page.getByText('Puede consumir')).toBeVisible();
    await page.getByRole('button', { name: 'Registrar Consumo' }).click();
    await expect(verdict(page, 'Consumo Registrado')).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Historial de consumos (1)' })).toBeVisible();
    await expectFitsTheScreen(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('after a scan the holder and the result are on screen without scrolling, and the code field has not moved', async ({
    page,
  }) => {
    const { token } = await newOrganizer(page);
    const evento = await createLiveEvent(page.request, token, 'Festival de Verano de la Costa del Sol 2026');
    const holder = 'María de los Ángeles Fernández-Villaverde';
    const ticket = await createTicket(
      page.request,
      token,
      evento,
      { nombre: 'Dos Copas', maxDrinks: 2 },
      holder,
    );
    const invalidated = await createTicket(page.request, token, evento, { nombre: 'Anulada' }, 'Pablo Ruiz');
    await invalidateTicket(page.request, token, invalidated.id);

    // The page's clock stands still, so the repeat below is "within 3 s" on any machine.
    await page.clock.install();
    await openScanner(page, evento);
    await page.clock.pauseAt(Date.now() + 60_000);
    const field = codeField(page);
    const scrolled = () => page.evaluate(() => window.scrollY);
    // Where the field is before any answer, with the page at its top.
    expect(await scrolled()).toBe(0);
    const before = await field.boundingBox();
    await expect(field).toBeInViewport({ ratio: 1 });

    const expectAnswerOnScreen = async (
      title: 'Consumo Registrado' | 'Error de Validación',
      name: string,
    ) => {
      await expect(verdict(page, title)).toBeInViewport({ ratio: 1 });
      await expect(resultArea(page).getByText(name)).toBeInViewport({ ratio: 1 });
      expect(await scrolled(), 'the page scrolled').toBe(0);
      expect(await field.boundingBox(), 'the code field moved').toEqual(before);
      await expect(field).toBeFocused();
    };

    // A drink: green, with the holder to check against an ID.
    await wedgeScan(page, ticket.qrCode);
    await expectAnswerOnScreen('Consumo Registrado', holder);
    await expect(resultArea(page).getByRole('button', { name: 'Deshacer' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('scanner-360-ok.png') });
    // A refusal: red, in the same place.
    await wedgeScan(page, invalidated.qrCode);
    await expectAnswerOnScreen('Error de Validación', 'Pablo Ruiz');
    await page.screenshot({ path: test.info().outputPath('scanner-360-refused.png') });
    // A repeat, an unknown code: the field still stays where it was.
    await wedgeScan(page, invalidated.qrCode);
    await expect(resultArea(page).getByText(/^Ya escaneado hace \d+ s$/)).toBeInViewport({ ratio: 1 });
    expect(await field.boundingBox()).toEqual(before);
    await wedgeScan(page, 'NO-EXISTE-1234');
    await expect(page.getByText('Ticket no encontrado')).toBeInViewport({ ratio: 1 });
    expect(await field.boundingBox()).toEqual(before);
    await expectFitsTheScreen(page);
  });
});

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}
