import type { Locator, Page } from '@playwright/test';

/** The toast with this title (Radix also announces it in a hidden live region). */
export const toastTitled = (page: Page, title: string) => page.getByText(title, { exact: true });

/** The figure of one of the statistics page's four cards ('Total Consumos', …). */
export const statCardValue = (page: Page, title: string): Locator =>
  page
    .locator('div.rounded-xl', { has: page.getByRole('heading', { name: title, exact: true }) })
    .locator('p')
    .first();
