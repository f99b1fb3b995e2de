import { topUpBody, type TopUpValues } from '@drinkflow/domain/topups';
import { z } from 'zod';

/** The top-up dialog's fields as typed: text, so an empty 'Importe' is no amount. */
export interface TopUpFormValues {
  bebidas: string;
  importe: string;
  metodo: string;
  nota: string;
}

export const emptyTopUpForm: TopUpFormValues = { bebidas: '', importe: '', metodo: '', nota: '' };

/** '12,5' or '12.5' as 12.5; an empty field as null (no value); anything else stays NaN for the check. */
const typedNumber = (value: unknown) => {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  return text === '' ? null : Number(text);
};
const typedChoice = (value: unknown) => (value === '' ? null : value);

/** The server's own checks and Spanish messages (topUpBody), run on the typed text. */
export const topUpFormSchema = z.object({
  bebidas: z.preprocess(typedNumber, topUpBody.shape.bebidas),
  importe: z.preprocess(typedNumber, topUpBody.shape.importe),
  metodo: z.preprocess(typedChoice, topUpBody.shape.metodo),
  nota: topUpBody.shape.nota,
});

/** What the typed fields give; 'Usables también hoy' is chosen beside them, from the ticket's day. */
export type TopUpFormOutput = Omit<TopUpValues, 'paraHoy'>;

export const topUpFields = ['bebidas', 'importe', 'metodo', 'nota'] as const;
