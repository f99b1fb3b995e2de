import type { Page } from '@playwright/test';
import { registerThroughApi } from './accounts';
import type { LiveEvent } from './scanner-data';
import { expect } from './test';

// The public scanner page at /scanner/{apiKey} as its journeys use it: its parts, and a handheld
// scanner's "keyboard wedge" (the code typed, then Enter).

export const codeField = (page: Page) => page.getByLabel('Código QR');
export const verdict = (page: Page, title: 'Consumo Registrado' | 'Error de Validación') =>
  page.getByRole('heading', { level: 2, name: title });
/** The answer to the last scan, in its fixed place above the code field. */
export const resultArea = (page: Page) => page.getByRole('region', { name: 'Resultado del escaneo' });

/** Opens the event's scanner; the first visit on a device asks for the bar, answered 'Ahora no'. */
export async function openScanner(page: Page, evento: LiveEvent) {
  await page.goto(`/scanner/${evento.apiKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Escáner de Tickets' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await expect(page.getByLabel('¿En qué barra estás?')).toBeHidden();
  // The bartender taps the code field (scanner.spec.ts's first journey checks where the focus goes by
  // itself).
  await codeField(page).click();
}

/**
 * What a handheld scanner does: types the code and presses Enter, wherever the focus is (the page
 * keeps it in the code field).
 */
export async function wedgeScan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** A real handheld scanner types fast, a few milliseconds per character, then Enter. */
export async function fastWedgeScan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 8 });
  await page.keyboard.press('Enter');
}

/** 'Nuevo Escaneo', then the code typed and Enter. */
export async function scanAgain(page: Page, code: string) {
  await page.getByRole('button', { name: 'Nuevo Escaneo' }).click();
  await expect(codeField(page)).toHaveValue('');
  await wedgeScan(page, code);
}

/** An organizer of this journey alone, registered through the API. */
export async function newOrganizer(page: Page) {
  return registerThroughApi(page.request, { nombre: 'Encargada de Barra' });
}
