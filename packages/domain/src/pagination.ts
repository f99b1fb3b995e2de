/**
 * The last page a list may ask for (docs/decisions/052): 100 rows a page × a million pages is more
 * than any event or account will hold, and a page past it — 1e20 included — is a 400 on `page`
 * instead of an offset the database cannot take.
 */
export const PAGE_MAX = 1_000_000;
export const pageMaxMessage = 'La página no puede ser mayor que 1.000.000';
