import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { drinkLabel } from '@drinkflow/domain/bebidas';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { demoAccounts, loginThroughForm, uniqueEmail } from './support/accounts';
import { createOrderThroughApi, createTicketTypeThroughApi } from './support/api-data';
import { demoEvent, figure, rowsOf, spaces, spanishCount, topUpThroughApi } from './support/event-report';
import { expect, test } from './support/test';

// The printable event report: opened from the statistics page, printed to an A4 PDF by Chromium and
// read back with poppler's tools, the way a person would see the sheet.

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/** pdfinfo's page size is A4, 595.28 × 841.89 pt, give or take Chromium's rounding to whole pixels. */
function expectA4(pdfinfo: string) {
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts \(A4\)/.exec(pdfinfo);
  expect(size, pdfinfo).not.toBeNull();
  expect(Math.abs(Number(size![1]) - 595.28)).toBeLessThanOrEqual(1);
  expect(Math.abs(Number(size![2]) - 841.89)).toBeLessThanOrEqual(1);
}

test('the event report opens from the statistics page and prints on A4 without the app around it', async ({
  page,
  request,
}, testInfo) => {
  // The demo wedding is going on now: a new ticket with two drinks, scanned three times at one bar,
  // and its second drink undone there.
  const { token, evento, statsOf } = await demoEvent(request, 'Boda de Lucía y Hugo');
  const before = await statsOf();
  // A bar of this run only: a retry or another run adds to the same demo event.
  const barra = `Barra Informe ${testInfo.retry}-${Date.now() % 100_000}`;
  const tipo = await createTicketTypeThroughApi(request, token, evento, {
    nombre: 'Bono Informe',
    maxDrinks: 2,
  });
  const order = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: 'Inés Informe',
    email: uniqueEmail('informe'),
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  const qrCode = order.tickets[0]!.qrCode;
  const results: { success: boolean; reason: string }[] = [];
  const deviceId = `informe-${Date.now()}`;
  const scanIds = [randomUUID(), randomUUID(), randomUUID()];
  for (const scanId of scanIds) {
    const response = await request.post(`/api/scanner/${evento.apiKey}/consume`, {
      data: { qrCode, barra, scanId, deviceId },
    });
    expect(response.status()).toBe(200);
    results.push((await response.json()) as { success: boolean; reason: string });
  }
  expect(results.map((result) => result.success)).toEqual([true, true, false]);
  expect(results[2]!.reason).toBe('agotado');
  const undo = await request.post(`/api/scanner/${evento.apiKey}/undo`, {
    data: { scanId: scanIds[1], deviceId },
  });
  expect(undo.status()).toBe(200);
  // The guest buys two more drinks at the desk.
  const nota = `Pagó en la barra ${testInfo.retry}-${Date.now() % 100_000}`;
  await topUpThroughApi(request, token, order.tickets[0]!.id, {
    bebidas: 2,
    importe: 7.5,
    metodo: 'efectivo',
    nota,
  });
  const stats = await statsOf();
  expect(stats.recargas?.bebidas).toBe((before.recargas?.bebidas ?? 0) + 2);
  expect(stats.totalConsumos).toBe(before.totalConsumos + 1);
  expect(stats.deshechos).toBe(before.deshechos + 1);
  expect(stats.totalAsistentes).toBe(before.totalAsistentes + 1);

  await loginThroughForm(page, demoAccounts.organizer);
  await expect(page).toHaveURL('/organizer/eventos');
  await page.goto(`/organizer/estadisticas?evento=${evento.id}`);
  await page.getByRole('link', { name: 'Informe imprimible' }).click();
  await expect(page).toHaveURL(`/organizer/estadisticas/${evento.id}/informe`);

  await expect(page.getByRole('heading', { level: 1, name: 'Informe del evento' })).toBeVisible();
  await expect(page.getByText(evento.nombre, { exact: true })).toBeVisible();
  await expect(page.getByText('Finca Los Olivos, Madrid')).toBeVisible();
  // Outside the organizer shell: no menu, no account header.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toHaveCount(0);

  await expect(figure(page, 'Total Consumos')).toHaveText(spanishCount(stats.totalConsumos));
  await expect(figure(page, 'Total Asistentes')).toHaveText(spanishCount(stats.totalAsistentes));
  await expect(figure(page, 'Hora Pico')).toHaveText(stats.horasPico[0]!.hora);
  await expect(figure(page, 'Deshechos')).toHaveText(spanishCount(stats.deshechos));
  expect(await rowsOf(page, 'Horas pico')).toEqual([
    ['Hora', 'Consumos'],
    ...stats.horasPico.map((hour) => [hour.hora, spanishCount(hour.cantidad)]),
  ]);
  const timeline = await rowsOf(page, 'Consumos por hora');
  expect(timeline).toHaveLength(stats.consumosPorHora.length + 1);
  expect(timeline.slice(1).every(([hora]) => /^\d{2}\/\d{2}\/\d{4} \d{2}:00$/.test(hora ?? ''))).toBe(true);
  expect(timeline.slice(1).reduce((sum, [, cantidad]) => sum + Number(cantidad), 0)).toBe(
    stats.totalConsumos,
  );
  expect(await rowsOf(page, 'Bebidas')).toEqual([
    ['Bebida', 'Consumos'],
    ...stats.bebidasPopulares.map((drink) => [drinkLabel(drink.tipoBebida), spanishCount(drink.cantidad)]),
  ]);
  expect(await rowsOf(page, 'Estado de los tickets')).toEqual([
    ['Estado', 'Tickets'],
    ['Activos', spanishCount(stats.estadoTickets.activo)],
    ['Agotados', spanishCount(stats.estadoTickets.agotado)],
    ['Invalidados', spanishCount(stats.estadoTickets.invalidado)],
    ['Caducados', spanishCount(stats.estadoTickets.caducado)],
  ]);
  expect(await rowsOf(page, 'Consumos por barra')).toContainEqual([barra, '1', '1', '1']);
  expect(await rowsOf(page, 'Rechazos por motivo')).toContainEqual([
    'Límite de bebidas alcanzado',
    spanishCount(stats.rechazos.agotado!),
  ]);
  // The top-up: in the figures, the totals by payment method and the list (date, holder and
  // ticket, drinks, amount, method, note).
  await expect(figure(page, 'Recargas')).toHaveText(spanishCount(stats.recargas!.bebidas));
  const methods = (await rowsOf(page, 'Recargas por método de pago')).map((row) => row.map(spaces));
  expect(methods[0]).toEqual(['Método', 'Recargas', 'Bebidas', 'Importe']);
  expect(methods.map((row) => row[0])).toEqual(
    expect.arrayContaining(['Efectivo', 'Tarjeta', 'Invitación', 'Total']),
  );
  expect(methods.at(-1)).toEqual([
    'Total',
    expect.any(String),
    spanishCount(stats.recargas!.bebidas),
    `${stats.recargas!.importe.toFixed(2).replace('.', ',')} €`,
  ]);
  const listed = (await rowsOf(page, 'Recargas registradas')).map((row) => row.map(spaces));
  expect(listed[0]).toEqual(['Fecha', 'Titular / ticket', 'Bebidas', 'Importe', 'Método', 'Nota']);
  const row = listed.find((cells) => cells[5] === nota);
  expect(row).toEqual([
    expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    `Inés InformeTicket #${order.tickets[0]!.id}`,
    '+2',
    '7,50 €',
    'Efectivo',
    nota,
  ]);

  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Chromium's own print to PDF, with the print style sheet and the page size and margins it sets.
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: testInfo.outputPath('informe-print.png'), fullPage: true });
  const pdfPath = testInfo.outputPath('informe.pdf');
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });

  const info = run('pdfinfo', [pdfPath]);
  expectA4(info);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(4);

  // The report's own print style asks for A4, so a browser set up for US Letter prints A4 too.
  const letterDefault = testInfo.outputPath('informe-letter.pdf');
  await page.pdf({ path: letterDefault, format: 'Letter', preferCSSPageSize: true });
  expectA4(run('pdfinfo', [letterDefault]));

  const text = run('pdftotext', ['-layout', pdfPath, '-']);
  expect(text).toContain('Informe del evento');
  expect(text).toContain(evento.nombre);
  // The first figure's number sits under its label, at the start of the next line.
  const lines = text.split('\n');
  const label = lines.findIndex((line) => line.trimStart().startsWith('Total Consumos'));
  expect(label).toBeGreaterThanOrEqual(0);
  const figures = lines.slice(label + 1).find((line) => line.trim() !== '');
  expect(figures?.trim().split(/\s+/)[0]).toBe(spanishCount(stats.totalConsumos));
  // The top-ups are on paper too.
  expect(text).toContain('Recargas por método de pago');
  // The sheet is wide enough for the six-column table (not the phone's blocks).
  expect(text).toMatch(/Titular \/ ticket/);
  expect(text).toContain(nota);
  for (const absent of [
    'Imprimir',
    'Volver a estadísticas',
    'Cerrar Sesión',
    'Mis Eventos',
    'Escáner QR',
    'Mi Perfil',
  ]) {
    expect(text, `the printed report shows "${absent}"`).not.toContain(absent);
  }

  const imagePrefix = testInfo.outputPath('informe-pagina');
  run('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', pdfPath, imagePrefix]);
  const png = readFileSync(`${imagePrefix}.png`);
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  // An A4 sheet at 50 dpi: 8.27 × 11.69 inches, 413 × 585 px give or take a pixel of rounding.
  expect(Math.abs(png.readUInt32BE(16) - 413)).toBeLessThanOrEqual(1);
  expect(Math.abs(png.readUInt32BE(20) - 585)).toBeLessThanOrEqual(1);
});
