import { demoAccounts, loginThroughForm, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { demoEvent, figure, spanishCount, topUpThroughApi } from './support/event-report';
import { expect, test } from './support/test';

// The printable event report on a phone: the same page as the A4 sheet (report.spec.ts), read at
// a phone's width.

test.describe('at 360×740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the report fits a phone without sideways scrolling', async ({ page, request }, testInfo) => {
    const { token, evento, statsOf } = await demoEvent(request, 'Fiesta de Empresa Acme');
    // A top-up with a long holder's name and note: its row must wrap, not widen the page.
    const tipo = await createTicketTypeThroughApi(request, token, evento, {
      nombre: 'Bono Móvil',
      maxDrinks: 2,
    });
    const order = await createOrderThroughApi(request, token, {
      eventoId: evento.id,
      nombreCompleto: 'Maximiliana Fernández-Villaverde de la Concepción',
      email: uniqueEmail('informe-movil'),
      ticketTypeId: tipo.id,
      quantity: 1,
    });
    await topUpThroughApi(request, token, order.tickets[0]!.id, {
      bebidas: 12,
      importe: 1234.5,
      metodo: 'invitacion',
      nota: 'Invitación de la dirección por el aniversario de la empresa, servir en la terraza',
    });
    const stats = await statsOf();
    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.goto(`/organizer/estadisticas/${evento.id}/informe`);
    await expect(page.getByRole('heading', { level: 1, name: 'Informe del evento' })).toBeVisible();
    await expect(figure(page, 'Total Consumos')).toHaveText(spanishCount(stats.totalConsumos));
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    // On a phone the top-ups are blocks of wrapping lines, not the six-column table of the sheet.
    await expect(page.getByRole('table', { name: /^Recargas registradas/ })).toBeHidden();
    await expect(page.getByRole('list', { name: 'Recargas registradas' })).toContainText(
      'Maximiliana Fernández-Villaverde de la Concepción',
    );
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body).toBeLessThanOrEqual(widths.viewport);
    await page.screenshot({ path: testInfo.outputPath('informe-360.png'), fullPage: true });
  });
});
