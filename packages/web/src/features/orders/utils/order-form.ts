import {
  createOrderBody,
  orderMessages,
  updateOrderBody,
  type CreateOrderInput,
  type Pedido,
} from '@drinkflow/domain/orders';
import type { FieldErrors, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api';

/** What the order dialogs' fields hold: text, as typed or chosen. */
export interface OrderFormValues {
  nombreCompleto: string;
  email: string;
  telefono: string;
  ticketTypeId: string;
  quantity: string;
}

export const newOrderValues: OrderFormValues = {
  nombreCompleto: '',
  email: '',
  telefono: '',
  ticketTypeId: '',
  quantity: '1',
};

export const orderValuesFrom = (pedido: Pedido): OrderFormValues => ({
  nombreCompleto: pedido.nombreCompleto,
  email: pedido.email,
  telefono: pedido.telefono ?? '',
  ticketTypeId: pedido.tipoTicket ? String(pedido.tipoTicket.id) : '',
  quantity: '1',
});

const formText = z.object({
  nombreCompleto: z.string(),
  email: z.string(),
  telefono: z.string(),
  ticketTypeId: z.string(),
  quantity: z.string(),
});

/** docs/rules/validation.md: a quantity that is not a number counts as 1; the schema then checks 1 to 10. */
const quantityOf = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? 1 : Number(text));

/** The create dialog's check: the form's text turned into the POST body, checked by the API's schema. */
export const createOrderFormSchema = (eventoId: number) =>
  formText
    .transform((values): CreateOrderInput => ({
      eventoId,
      nombreCompleto: values.nombreCompleto,
      email: values.email,
      telefono: values.telefono,
      // An empty choice is 0, which the schema refuses with 'Debe seleccionar un tipo de ticket'.
      ticketTypeId: Number(values.ticketTypeId),
      quantity: quantityOf(values.quantity),
    }))
    .pipe(createOrderBody);

const editOrderBody = updateOrderBody.extend({
  ticketTypeId: z.string().transform(Number).pipe(z.number().int().positive(orderMessages.ticketType)),
});

/** The edit dialog's check: the guest's details (PUT) and the ticket type (its own PUT). */
export const editOrderFormSchema = formText
  .transform(({ quantity: _unused, ...values }): z.input<typeof editOrderBody> => values)
  .pipe(editOrderBody);

/** docs/rules/validation.md: the toast when a required field is empty, else the first field's message. */
export function invalidOrderToast(values: OrderFormValues, firstMessage: string | undefined) {
  const missing = !values.nombreCompleto.trim() || !values.email.trim() || !values.ticketTypeId;
  return missing
    ? { title: 'Campos requeridos', description: 'Por favor completa todos los campos obligatorios.' }
    : { title: 'Error de validación', description: firstMessage ?? 'Revisa los campos marcados.' };
}

const formFields: (keyof OrderFormValues)[] = [
  'nombreCompleto',
  'email',
  'telefono',
  'ticketTypeId',
  'quantity',
];

/** The first message of a failed check, in the fields' order. */
export const firstError = (errors: FieldErrors<OrderFormValues>) =>
  formFields.map((field) => errors[field]?.message).find(Boolean);

/** Puts the server's field messages (400 `details`) next to their fields. */
export function showServerErrors(setError: UseFormSetError<OrderFormValues>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  for (const field of formFields) {
    const message = error.fieldMessage(field);
    if (message) setError(field, { message });
  }
}
