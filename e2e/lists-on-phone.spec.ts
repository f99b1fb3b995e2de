import { formatDateTime } from '@drinkflow/domain/dates';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { signInAsNewOrganizer } from './support/accounts';
import { createEventThroughApi } from './support/api-data';
import { toastTitled } from './support/page-parts';
import { expect, test } from './support/test';

// The organizer's lists on a phone: one card per row, every field visible, every action reachable
// and working from the card, and nothing wider than the screen.

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

const HOUR = 60 * 60 * 1000;
const longName = 'Boda de Marta Fernández-Villaverde y Pablo Rodríguez en la Finca';
const longPlace = 'Finca El Encinar de los Reyes, Carretera de Toledo km 23, Toledo';

/** dd/MM/yyyy HH:mm in the journeys' time zone (Madrid), as the lists show dates. */
const shown = (iso: string) => formatDateTime(new Date(iso));

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/** The card lies within the screen's width and none of its content scrolls sideways. */
async function expectCardFits(card: Locator) {
  await expect(card).toBeVisible();
  const fits = await card.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth &&
      element.getBoundingClientRect().left >= 0 &&
      element.getBoundingClientRect().right <= window.innerWidth,
  );
  expect(fits, 'the card is wider than the screen').toBe(true);
}

/** A field of a card: its label and value both visible. */
async function expectField(card: Locator, label: string, value: string | RegExp) {
  const field = card.getByRole('term').filter({ hasText: label }).locator('xpath=..');
  await expect(field.getByRole('term')).toBeVisible();
  await expect(field.getByRole('definition')).toBeVisible();
  await expect(field.getByRole('definition')).toHaveText(value);
}

for (const viewport of phones) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the events list: cards with every field, and Ver, Editar and Eliminar', async ({
      page,
      request,
    }) => {
      const account = await signInAsNewOrganizer(page, request);
      const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR);
      const evento = await createEventThroughApi(request, account.token, {
        nombre: longName,
        ubicacion: longPlace,
        fechaInicio: start.toISOString(),
        fechaFin: new Date(start.getTime() + 6 * HOUR).toISOString(),
      });
      await createEventThroughApi(request, account.token, { nombre: 'Cena de Empresa' });
      await page.reload();

      const card = page.getByRole('article', { name: longName });
      await expectCardFits(card);
      await expect(page.getByRole('table')).toBeHidden();
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(card.getByRole('heading', { name: longName })).toBeVisible();
      await expect(card.getByText(longPlace)).toBeVisible();
      await expectField(card, 'Fecha Inicio', shown(evento.fechaInicio));
      await expectField(card, 'Fecha Fin', shown(evento.fechaFin));
      await expectField(card, 'Estado', 'Próximo');
      await expect(page.getByText('Página 1 de 1')).toBeVisible();
      await expectFitsTheScreen(page);
      await expectNoSeriousA11yViolations(page);

      // Ver
      await card.getByRole('link', { name: `Ver ${longName}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: longName })).toBeVisible();
      await page.goBack();

      // Editar
      await card.getByRole('button', { name: `Editar ${longName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar Evento' });
      await expect(dialog.getByLabel('Nombre del evento *')).toHaveValue(longName);
      await dialog.getByLabel('Nombre del evento *').fill('Boda de Marta y Pablo');
      await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(toastTitled(page, 'Evento actualizado')).toBeVisible();
      const renamed = page.getByRole('article', { name: 'Boda de Marta y Pablo' });
      await expectCardFits(renamed);

      // Eliminar, after confirming
      await renamed.getByRole('button', { name: 'Eliminar Boda de Marta y Pablo' }).click();
      const confirm = page.getByRole('alertdialog', { name: '¿Eliminar evento?' });
      await expect(confirm).toContainText('Esta acción no se puede deshacer.');
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await expect(toastTitled(page, 'Evento eliminado')).toBeVisible();
      await expect(renamed).toHaveCount(0);
      await expect(page.getByRole('article', { name: 'Cena de Empresa' })).toBeVisible();
      await expect(page.getByText('1 evento en total')).toBeVisible();
      await expectFitsTheScreen(page);
    });

    test('the ticket-types list: cards with every field, and Editar, Duplicar and Eliminar', async ({
      page,
      request,
    }) => {
      const account = await signInAsNewOrganizer(page, request);
      const evento = await createEventThroughApi(request, account.token, { nombre: longName });
      const tipoName = 'Bono de Cuatro Copas para los Invitados de la Boda';
      const created = await request.post('/api/tipos-ticket', {
        headers: { authorization: `Bearer ${account.token}` },
        data: {
          eventoId: evento.id,
          nombre: tipoName,
          modo: 'intervalos_controlados',
          drinkIntervalMinutes: 30,
          durationMinutes: 180,
          drinkType: 'cerveza',
          validoDesde: evento.fechaInicio,
          validoHasta: new Date(new Date(evento.fechaInicio).getTime() + 3 * HOUR).toISOString(),
        },
      });
      expect(created.status()).toBe(201);
      const tipo = (await created.json()) as { validoDesde: string; validoHasta: string };

      // All my events: the Evento field too, and how to create a ticket type.
      await page.goto('/organizer/tipos-ticket?evento=todos');
      const card = page.getByRole('article', { name: tipoName });
      await expectCardFits(card);
      await expect(page.getByRole('table')).toBeHidden();
      await expectField(card, 'Evento', new RegExp(longName));
      await expectField(card, 'Modo', 'Intervalos Controlados');
      await expectField(card, 'Tipo de Bebida', 'Cerveza');
      await expectField(
        card,
        'Restricciones',
        `1 bebida cada 30 min${shown(tipo.validoDesde)} – ${shown(tipo.validoHasta)}`,
      );
      await expect(
        page.getByText('Para crear un tipo de ticket, elige primero un evento en el selector.'),
      ).toBeVisible();
      await expectFitsTheScreen(page);
      await expectNoSeriousA11yViolations(page);

      // Duplicar
      await card.getByRole('button', { name: `Duplicar ${tipoName}` }).click();
      await expect(toastTitled(page, 'Tipo de ticket creado')).toBeVisible();
      const copy = page.getByRole('article', { name: `${tipoName} (Copia)` });
      await expectCardFits(copy);

      // Editar the copy, and back to the same list
      await copy.getByRole('link', { name: `Editar ${tipoName} (Copia)` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Editar Tipo de Ticket' })).toBeVisible();
      await page.getByLabel('Nombre', { exact: true }).fill('Cerveza cada media hora');
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(toastTitled(page, 'Tipo de ticket actualizado')).toBeVisible();
      await expect(page).toHaveURL('/organizer/tipos-ticket?evento=todos');
      const edited = page.getByRole('article', { name: 'Cerveza cada media hora' });
      await expectCardFits(edited);

      // Eliminar, after confirming
      await edited.getByRole('button', { name: 'Eliminar Cerveza cada media hora' }).click();
      await page
        .getByRole('alertdialog', { name: '¿Eliminar tipo de ticket?' })
        .getByRole('button', {
          name: 'Eliminar',
        })
        .click();
      await expect(toastTitled(page, 'Tipo de ticket eliminado')).toBeVisible();
      await expect(edited).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expectFitsTheScreen(page);
    });
  });
}
