import type { Locator, Page } from '@playwright/test';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

/**
 * The toast with this title, as a box on the screen (not Radix's copy for screen readers). An open
 * dialog hides the rest of the page from the accessibility tree, so hidden roles count too.
 */
const toastBox = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notificaciones/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

/** The two boxes share no pixel. */
async function expectApart(a: Locator, b: Locator) {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  expect(first && second).toBeTruthy();
  const overlap =
    first!.x < second!.x + second!.width &&
    second!.x < first!.x + first!.width &&
    first!.y < second!.y + second!.height &&
    second!.y < first!.y + first!.height;
  expect(overlap, 'the toast covers the button').toBe(false);
}

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the welcome toast leaves the create-event dialog’s buttons free', async ({ page, request }) => {
    await signInAsNewOrganizer(page, request, 'Lidia');
    const welcome = toastBox(page, 'Bienvenido');
    await expect(welcome).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
    await expect(dialog).toBeVisible();
    await expect(welcome).toBeVisible();
    for (const name of ['Crear Evento', 'Cancelar'])
      await expectApart(welcome, dialog.getByRole('button', { name }));

    // Playwright clicks only what receives the pointer: nothing may lie over the buttons.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Nuevo Evento' }).click();
    await dialog.getByLabel('Nombre del evento').fill('Cena de Empresa');
    await dialog.getByLabel('Ubicación').fill('Bilbao');
    await dialog.getByRole('button', { name: 'Crear Evento' }).click();
    await expect(toastTitled(page, 'Evento creado')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the region around a toast does not catch taps', async ({ page, request }) => {
    await signInAsNewOrganizer(page, request);
    const welcome = toastBox(page, 'Bienvenido');
    await expect(welcome).toBeVisible();
    const box = (await welcome.boundingBox())!;
    // Just beside the toast, inside the notification region's padding: the page below gets the tap.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="region"]')?.getAttribute('aria-label'),
      [box.x - 4, box.y + box.height / 2],
    );
    expect(hit ?? '').not.toMatch(/Notificaciones/);
    // At the bottom (decision 044): the header's buttons stay free.
    expect(box.y + box.height).toBeGreaterThan(844 - 100);
  });

  test('a toast closes by swiping it right', async ({ page, request }) => {
    await signInAsNewOrganizer(page, request);
    const welcome = toastBox(page, 'Bienvenido');
    await expect(welcome).toBeVisible();
    const box = (await welcome.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(welcome).toBeHidden();
  });
});

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an error toast leaves the create-ticket-type dialog usable at ${viewport.width}×${viewport.height}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const account = await signInAsNewOrganizer(page, request);
    const evento = await createEventThroughApi(request, account.token);
    await page.goto(`/organizer/tipos-ticket?evento=${evento.id}`);
    await page.getByRole('button', { name: 'Nuevo Tipo de Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Ticket' });
    await dialog.getByLabel('Nombre', { exact: true }).fill('Barra Libre Corta');
    await dialog.getByRole('radio', { name: /Barra Libre/ }).check();
    await dialog.getByLabel('Duración (minutos)').fill('20');
    const create = dialog.getByRole('button', { name: 'Crear Tipo de Ticket' });
    await create.click();

    const error = toastBox(page, 'Errores en el formulario');
    await expect(error).toBeVisible();
    await expectApart(error, create);
    await expectApart(error, dialog.getByRole('button', { name: 'Cancelar' }));
    await create.click();
    await expect(error).toBeVisible();
    await expect(dialog.getByText('La duración debe estar entre 30 y 1440 minutos')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });
}
