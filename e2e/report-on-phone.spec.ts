import { demoAccounts, loginThroughForm, signInAsNewOrganizer, uniqueEmail } from './support/accounts';
import {
  createLiveEventWithTickets,
  createOrderThroughApi,
  createTicketTypeThroughApi,
} from './support/api-data';
import { demoEvent, figure, rowsOf, spanishCount, topUpThroughApi } from './support/event-report';
import { expect, test } from './support/test';
import { ownDeviceThroughApi } from './support/who-served';

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

  test('the tables per device and per person fit a phone', async ({ page, request }, testInfo) => {
    const organizer = await signInAsNewOrganizer(page, request, 'Marta');
    const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, { maxDrinks: 1 });
    const qrCode = pedido.tickets[0]!.qrCode;
    const device = await ownDeviceThroughApi(request, organizer.token, evento.id, {
      nombre: 'Tableta de la terraza superior del recinto',
      barra: 'Terraza superior',
    });
    expect(await device.consume(evento.apiKey, qrCode)).toBe(true);
    expect(await device.consume(evento.apiKey, qrCode)).toBe(false);

    await page.goto(`/organizer/estadisticas/${evento.id}/informe`);
    await expect(page.getByRole('heading', { level: 1, name: 'Informe del evento' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Por dispositivo/ })).toBeVisible();
    expect(await rowsOf(page, 'Por dispositivo')).toEqual([
      ['Dispositivo', 'Barra', 'Consumos', 'Rechazos', 'Máx./min'],
      ['Tableta de la terraza superior del recintoTerraza superior', 'Terraza superior', '1', '1', '1'],
    ]);
    expect(await rowsOf(page, 'Por persona')).toEqual([
      ['Persona', 'Consumos', 'Rechazos'],
      ['Marta', '1', '1'],
    ]);
    await expect(
      page.getByRole('table', { name: /^Por dispositivo/ }).getByRole('columnheader', { name: 'Barra' }),
    ).toBeHidden();
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    await page.screenshot({ path: testInfo.outputPath('informe-quien-sirvio-360.png'), fullPage: true });
  });

  test('the offline conflicts are listed and fit a phone (docs/decisions/067)', async ({
    page,
    request,
  }, testInfo) => {
    const organizer = await signInAsNewOrganizer(page, request, 'Marta');
    const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, {
      maxDrinks: 1,
      nombreCompleto: 'Maximiliana Fernández-Villaverde de la Concepción',
    });
    // Two bars served the one-drink ticket offline: the one uploaded second is the conflict.
    for (const [minutes, barra] of [
      [20, 'Terraza'],
      [10, 'Barra de la pista central junto al escenario'],
    ] as const) {
      const upload = await request.post(`/api/scanner/${evento.apiKey}/consume`, {
        data: {
          qrCode: pedido.tickets[0]!.qrCode,
          scanId: crypto.randomUUID(),
          barra,
          offline: true,
          escaneadoEn: new Date(Date.now() - minutes * 60_000).toISOString(),
        },
      });
      expect(upload.status()).toBe(200);
    }

    await page.goto(`/organizer/estadisticas/${evento.id}/informe`);
    const list = page.getByRole('list', { name: 'Conflictos offline registrados' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Límite de bebidas alcanzado');
    await expect(list).toContainText('Maximiliana Fernández-Villaverde de la Concepción');
    await expect(list).toContainText('Barra de la pista central junto al escenario');
    await list.scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    await page.screenshot({ path: testInfo.outputPath('informe-conflictos-360.png'), fullPage: true });
  });
});
