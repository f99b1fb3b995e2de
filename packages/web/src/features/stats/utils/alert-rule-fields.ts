import { ALERT_LIMITS, alertMessages, type AlertRules } from '@drinkflow/domain/alerts';

export type RuleField = keyof AlertRules;
export const ruleFields: readonly RuleField[] = [
  'rechazosPorTicket',
  'consumosPorHora',
  'minutosSinEscanear',
  'deshechosPorBarra',
];

export const ruleLabels: Record<RuleField, string> = {
  rechazosPorTicket: 'Escaneos rechazados de un mismo ticket en 10 minutos (más de)',
  consumosPorHora: 'Consumiciones en una hora (más de)',
  minutosSinEscanear: 'Minutos de una barra sin escanear',
  deshechosPorBarra: 'Consumos deshechos en una barra en 10 minutos (más de)',
};

export const ruleHints: Record<RuleField, string> = {
  rechazosPorTicket: 'Avisa de un QR que puede estar pasando de mano en mano.',
  consumosPorHora: 'Avisa cuando la última hora supera este consumo.',
  minutosSinEscanear: 'Avisa mientras dura el evento si una barra que escaneaba se queda en silencio.',
  deshechosPorBarra: 'Avisa si una barra anula muchos consumos seguidos.',
};

/** What the inputs show for the saved thresholds: empty means off. */
export const toInputs = (rules: AlertRules): Record<RuleField, string> => ({
  rechazosPorTicket: rules.rechazosPorTicket?.toString() ?? '',
  consumosPorHora: rules.consumosPorHora?.toString() ?? '',
  minutosSinEscanear: rules.minutosSinEscanear?.toString() ?? '',
  deshechosPorBarra: rules.deshechosPorBarra?.toString() ?? '',
});

/** The typed thresholds, or the message of each field that holds no whole number in range. */
export function parseRules(
  inputs: Record<RuleField, string>,
):
  | { rules: AlertRules; errors?: undefined }
  | { rules?: undefined; errors: Partial<Record<RuleField, string>> } {
  const rules: Partial<AlertRules> = {};
  const errors: Partial<Record<RuleField, string>> = {};
  for (const field of ruleFields) {
    const text = inputs[field].trim();
    if (text === '') {
      rules[field] = null;
      continue;
    }
    const value = Number(text);
    const { min, max } = ALERT_LIMITS[field];
    if (!/^\d+$/.test(text) || value < min || value > max) errors[field] = alertMessages[field];
    else rules[field] = value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { rules: rules as AlertRules };
}
