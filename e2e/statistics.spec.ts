import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createLiveEventWithTickets } from './support/api-data';
import { statCardValue as cardValue } from './support/page-parts';
import { expect, test } from './support/test';
import { ownDeviceThroughApi } from './support/who-served';

// Issue parts 2–3, docs/decisions/021: the statistics page follows the bars' scans live.

test('scans made at a bar appear on the open statistics page without a reload', async ({ page, request }) => {
  const organizer = await signInAsNewOrganizer(page, request, 'Marta');
  // An event happening now, so the bar's scans are allowed.
  const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, {
    nombre: 'Fiesta en directo',
    maxDrinks: 3,
    quantity: 2,
  });
  const [first, second] = pedido.tickets;

  await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
  await expect(page.getByRole('status').getByText('En directo', { exact: true })).toBeVisible();
  await expect(cardValue(page, 'Total Consumos')).toHaveText('0');
  await expect(cardValue(page, 'Total Asistentes')).toHaveText('2');
  await expect(cardValue(page, 'Hora Pico')).toHaveText('--:--');
  await expect(page.getByText('Sin Actividad')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajustar límites' })).toHaveAttribute(
    'href',
    `/organizer/tipos-ticket?evento=${evento.id}`,
  );
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  const consume = (qrCode: string, barra: string) =>
    page.request.post(`/api/scanner/${evento.apiKey}/consume`, { data: { qrCode, barra } });
  expect((await consume(first!.qrCode, 'Terraza')).status()).toBe(200);

  await expect(cardValue(page, 'Total Consumos')).toHaveText('1', { timeout: 5_000 });
  await expect(cardValue(page, 'Promedio por Asistente')).toHaveText('0,5');
  await expect(cardValue(page, 'Hora Pico')).not.toHaveText('--:--');
  await expect(page.getByText('Evento Activo')).toBeVisible();
  // The charts draw the new drink, and their tables list it.
  const bars = page.locator('section, div.rounded-xl', {
    has: page.getByRole('heading', { name: 'Consumos por barra' }),
  });
  await expect(bars.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await bars.getByText('Ver datos').click();
  await expect(bars.getByRole('table')).toContainText('Terraza');

  expect((await consume(second!.qrCode, 'Barra 2')).status()).toBe(200);
  expect((await consume(second!.qrCode, 'Barra 2')).status()).toBe(200);
  await expect(cardValue(page, 'Total Consumos')).toHaveText('3', { timeout: 5_000 });
  await expect(bars.getByRole('table')).toContainText('Barra 2');
  await expect(page.getByRole('list', { name: 'Horas pico' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').getByText('En directo', { exact: true })).toBeVisible();
  expect(navigations).toEqual([]);

  // A drink recorded and undone at a bar (docs/rules/offline-and-field.md): gone from the totals, counted as undone.
  const undoable = {
    qrCode: second!.qrCode,
    barra: 'Barra 2',
    scanId: randomUUID(),
    deviceId: 'movil-barra-2',
  };
  const scanner = `/api/scanner/${evento.apiKey}`;
  expect((await page.request.post(`${scanner}/consume`, { data: undoable })).status()).toBe(200);
  await expect(cardValue(page, 'Total Consumos')).toHaveText('4', { timeout: 5_000 });
  const { scanId, deviceId } = undoable;
  expect((await page.request.post(`${scanner}/undo`, { data: { scanId, deviceId } })).status()).toBe(200);
  await expect(cardValue(page, 'Total Consumos')).toHaveText('3', { timeout: 5_000 });
  await expect(cardValue(page, 'Deshechos')).toHaveText('1');
  await expect(bars.getByRole('table').getByRole('columnheader', { name: 'Deshechos' })).toBeVisible();
  await expect(bars.getByRole('table').getByRole('row').filter({ hasText: 'Barra 2' })).toHaveText(
    /Barra 2\s*2\s*0\s*1/,
  );

  // The drinks as a CSV file that Spanish Excel opens: BOM, ';', one row per drink.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Consumos (CSV)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`evento-${evento.id}-consumos.csv`);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain(';');
  expect(lines.slice(1).join('\n')).toContain('Terraza');

  await expectNoSeriousA11yViolations(page);
});

test('an alert set on the page fires live when a passed-around QR is refused again and again', async ({
  page,
  request,
}) => {
  const organizer = await signInAsNewOrganizer(page, request, 'Marta');
  const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, {
    nombre: 'Fiesta con alertas',
    maxDrinks: 1,
  });
  const qrCode = pedido.tickets[0]!.qrCode;

  await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
  await expect(page.getByRole('status').getByText('En directo', { exact: true })).toBeVisible();
  const alerts = page.getByRole('region', { name: 'Alertas' });
  await expect(alerts.getByText('Sin alertas.')).toBeVisible();

  const refusals = alerts.getByLabel('Escaneos rechazados de un mismo ticket en 10 minutos (más de)');
  await refusals.fill('0');
  await alerts.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(
    alerts.getByText(/Los escaneos rechazados deben ser un número entero entre 1 y 1000/),
  ).toBeVisible();
  await refusals.fill('2');
  await alerts.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(page.getByText('Umbrales guardados', { exact: true })).toBeVisible();

  const consume = () =>
    page.request.post(`/api/scanner/${evento.apiKey}/consume`, { data: { qrCode, barra: 'Terraza' } });
  expect((await consume()).status()).toBe(200);
  for (let i = 0; i < 3; i++) await consume(); // agotado ×3: more than 2 refusals in 10 minutes

  const banner = page.getByRole('alert').filter({ hasText: 'Nueva alerta: Posible QR compartido' });
  await expect(banner).toBeVisible({ timeout: 5_000 });
  await expect(banner).toContainText('de Lucía Fernández tuvo 3 escaneos rechazados en 10 minutos');
  await expect(alerts.getByRole('list', { name: 'Alertas disparadas' }).getByRole('listitem')).toHaveCount(1);
  await expect(alerts.getByRole('listitem').locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await banner.getByRole('button', { name: 'Entendido' }).click();
  await expect(banner).toBeHidden();

  // Listed afterwards: a new visit lists the alert without announcing it again.
  await page.reload();
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await expect(alerts.getByRole('listitem')).toContainText('Posible QR compartido');
  await expect(page.getByRole('alert').filter({ hasText: 'Nueva alerta' })).toHaveCount(0);
  await expect(refusals).toHaveValue('2');
  await expectNoSeriousA11yViolations(page);
});

test.describe('at 360×740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the statistics with charts fit a phone', async ({ page, request }) => {
    const organizer = await signInAsNewOrganizer(page, request);
    const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, {
      nombreCompleto: 'Ana Pérez',
    });
    await page.request.post(`/api/scanner/${evento.apiKey}/consume`, {
      data: { qrCode: pedido.tickets[0]!.qrCode, barra: 'Barra con un nombre bastante largo' },
    });

    await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
    await expect(cardValue(page, 'Total Consumos')).toHaveText('1');
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('who served it: the tables per device and per person fit a phone', async ({ page, request }) => {
    const organizer = await signInAsNewOrganizer(page, request, 'Marta');
    const { evento, pedido } = await createLiveEventWithTickets(request, organizer.token, {
      maxDrinks: 2,
      quantity: 2,
    });
    const [first, second] = pedido.tickets;
    const device = await ownDeviceThroughApi(request, organizer.token, evento.id, {
      nombre: 'Móvil de Marta con un nombre bastante largo',
      barra: 'Barra con un nombre bastante largo',
    });
    expect(await device.consume(evento.apiKey, first!.qrCode)).toBe(true);
    expect(await device.consume(evento.apiKey, first!.qrCode)).toBe(true);
    expect(await device.consume(evento.apiKey, first!.qrCode)).toBe(false); // agotado: a refusal
    // Older data, a scan through the link without a device of its own, is in no row.
    await page.request.post(`/api/scanner/${evento.apiKey}/consume`, { data: { qrCode: second!.qrCode } });

    await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
    await expect(cardValue(page, 'Total Consumos')).toHaveText('3');
    const devices = page.getByRole('table', { name: 'Por dispositivo' });
    await devices.scrollIntoViewIfNeeded();
    // On a phone the bar is a line under the device's name, not a column.
    await expect(devices.getByRole('columnheader', { name: 'Barra' })).toBeHidden();
    const row = devices.getByRole('row').filter({ hasText: 'Móvil de Marta' });
    // The hidden Barra cell is out of the accessibility tree: four cells on a phone.
    await expect(row.getByRole('cell')).toHaveText([
      'Móvil de Marta con un nombre bastante largoBarra con un nombre bastante largo',
      '2',
      '1',
      /^[12]$/, // two drinks a second apart: one minute, or two across a minute's end
    ]);
    await expect(row.getByText('Barra con un nombre bastante largo').first()).toBeVisible();
    const people = page.getByRole('table', { name: 'Por persona' });
    await expect(people.getByRole('row')).toHaveCount(2);
    await expect(people.getByRole('row').nth(1).getByRole('cell')).toHaveText([/^Marta/, '2', '1']);
    for (const table of [devices, people]) {
      const box = (await table.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      // Within its card too: no cell sticks out of the table's box.
      expect(
        await table.evaluate((element) => element.scrollWidth - element.clientWidth),
      ).toBeLessThanOrEqual(0);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});
