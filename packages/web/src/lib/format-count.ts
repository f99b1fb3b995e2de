/**
 * A count as Spanish readers write it, exactly what `Intl.NumberFormat('es-ES')` prints for a whole
 * number: a '.' between thousands from five digits on (1250, 12.500, 1.234.567). Fractions are
 * rounded to the nearest whole number.
 *
 * Written out rather than asked of `Intl`: a page's first `Intl` formatter sets up the locale's data,
 * one task of about 25 ms on a mid-range phone (100 ms at Lighthouse's 4× slowdown), and every list
 * footer ran it inside the first render of the organizer's pages (docs/decisions/027).
 */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  if (!Number.isFinite(rounded)) return String(rounded);
  const digits = String(Math.abs(rounded));
  const grouped = digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, '.');
  return rounded < 0 ? `-${grouped}` : grouped;
}
