import { describe, expect, it } from 'vitest';
import { drinkAllowed, drinkLabel, drinkTypeChoices, drinkTypeLabel } from '../src/bebidas';
import { decideScan } from '../src/scan-rules';
import { porCantidad, servable } from './support/scan-fixtures';

describe('drinkAllowed (docs/rules/scan-rules.md)', () => {
  it.each([
    // todo / todas allow every drink, whatever their case and surrounding spaces.
    ['todo', 'copa', true],
    ['todo', 'cualquier cosa', true],
    ['todas', 'cerveza', true],
    ['TODO', 'vino', true],
    [' Todas ', 'agua', true],
    ['Todos', 'copa', false],
    ['toda', 'copa', false],
    // cerveza allows cerveza only, compared case-insensitively.
    ['cerveza', 'cerveza', true],
    ['cerveza', 'Cerveza', true],
    ['Cerveza', 'CERVEZA', true],
    ['cerveza', 'copa', false],
    ['cerveza', 'cervezas', false],
    // copas allows copa (the singular the bar records), and not the literal 'copas'.
    ['copas', 'copa', true],
    ['COPAS', 'Copa', true],
    [' Copas ', ' copa ', true],
    ['copas', 'copas', false],
    ['copas', 'cerveza', false],
    ['copa', 'copa', true],
    ['copa', 'copas', false],
    // Any other text allows a drink equal to it, ignoring case and surrounding spaces.
    ['vino', 'vino', true],
    ['Vino tinto', 'vino TINTO', true],
    ['  vino ', 'Vino', true],
    ['vino', 'vino tinto', false],
    ['vino', 'copa', false],
    // Lower-casing follows Spanish rules, so accented capitals match; accents still count.
    ['ÁGUA', 'água', true],
    ['Zumo de piña', 'ZUMO DE PIÑA', true],
    ['água', 'agua', false],
  ])('a %j ticket serves %j: %s', (drinkType, tipoBebida, allowed) => {
    expect(drinkAllowed(drinkType, tipoBebida)).toBe(allowed);
  });

  it('refuses a drink the ticket does not include, naming both', () => {
    const decision = decideScan(servable(porCantidad(3, 'Cerveza'), { tipoBebida: 'Copa' }));
    expect(decision).toEqual({
      allowed: false,
      reason: 'tipo_bebida',
      message: 'Este ticket no incluye Copa (permite: Cerveza)',
      canConsumeAgain: false,
    });
  });

  it('serves a drink that matches only once case and spaces are ignored', () => {
    const decision = decideScan(servable(porCantidad(3, ' Todas '), { tipoBebida: 'Tequila' }));
    expect(decision).toMatchObject({ allowed: true, reason: 'ok' });
  });
});

describe('drinkTypeLabel and drinkTypeChoices', () => {
  it('offers todo, copas and cerveza by name in the form', () => {
    expect(drinkTypeChoices).toEqual([
      { value: 'todo', label: 'Todo' },
      { value: 'copas', label: 'Copas' },
      { value: 'cerveza', label: 'Cerveza' },
    ]);
  });

  it.each([
    [null, 'Todas las bebidas'],
    [undefined, 'Todas las bebidas'],
    ['', 'Todas las bebidas'],
    ['todo', 'Todas las bebidas'],
    [' TODAS ', 'Todas las bebidas'],
    ['copas', 'Copas'],
    [' COPAS ', 'Copas'],
    ['cerveza', 'Cerveza'],
    ['Cerveza', 'Cerveza'],
    ['vino tinto', 'vino tinto'],
    ['Sidra ', 'Sidra '],
  ])('shows a %j ticket as %j', (drinkType, label) => {
    expect(drinkTypeLabel(drinkType)).toBe(label);
  });
});

describe('drinkLabel: one spelling of a recorded drink everywhere', () => {
  it.each([
    ['copa', 'Copa'],
    ['COPA', 'Copa'],
    [' copa ', 'Copa'],
    ['cerveza', 'Cerveza'],
    ['Cerveza', 'Cerveza'],
  ])('names the drinks the scanner records by default: %j → %j', (tipoBebida, label) => {
    expect(drinkLabel(tipoBebida)).toBe(label);
  });

  it.each([
    ['agua', 'Agua'],
    ['vino tinto', 'Vino tinto'],
    ['ñ', 'Ñ'],
    ['Sidra', 'Sidra'],
    ['x', 'X'],
    ['', ''],
  ])('capitalises any other drink, keeping the rest as typed: %j → %j', (tipoBebida, label) => {
    expect(drinkLabel(tipoBebida)).toBe(label);
  });
});
