/** Drink types a ticket may name (docs/rules/data-model.md); free text is allowed too. */
export const drinkTypeChoices = [
  { value: 'todo', label: 'Todo' },
  { value: 'copas', label: 'Copas' },
  { value: 'cerveza', label: 'Cerveza' },
] as const;

export const ALL_DRINKS_LABEL = 'Todas las bebidas';

const normalise = (text: string) => text.trim().toLocaleLowerCase('es');
const allowsEverything = (drinkType: string) => ['todo', 'todas'].includes(normalise(drinkType));

/** Whether a ticket of `drinkType` may be served `tipoBebida` (docs/rules/scan-rules.md). */
export function drinkAllowed(drinkType: string, tipoBebida: string): boolean {
  if (allowsEverything(drinkType)) return true;
  const allowed = normalise(drinkType) === 'copas' ? 'copa' : normalise(drinkType);
  return normalise(tipoBebida) === allowed;
}

export function drinkTypeLabel(drinkType: string | null | undefined): string {
  if (!drinkType || allowsEverything(drinkType)) return ALL_DRINKS_LABEL;
  const choice = drinkTypeChoices.find((option) => option.value === normalise(drinkType));
  return choice ? choice.label : drinkType;
}

/**
 * The drink a scan records when the bar does not say which (docs/rules/scan-rules.md, docs/decisions/006):
 * `cerveza` → cerveza; `copas`, `todo`, `todas` → copa; any other text → that text.
 */
export function defaultTipoBebida(drinkType: string): string {
  const kind = normalise(drinkType);
  // `cerveza` (like any other text) records itself.
  if (kind === 'copas' || allowsEverything(kind)) return 'copa';
  return kind;
}

const drinkLabels: Record<string, string> = { copa: 'Copa', cerveza: 'Cerveza' };

/**
 * A recorded drink's name, one spelling on every screen, chart, report and CSV: 'Copa', 'Cerveza'
 * or the text the ticket type named, capitalised ('agua' → 'Agua').
 */
export const drinkLabel = (tipoBebida: string) =>
  drinkLabels[normalise(tipoBebida)] ?? tipoBebida.charAt(0).toLocaleUpperCase('es') + tipoBebida.slice(1);
