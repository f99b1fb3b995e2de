import {
  hasInvalidCharacters,
  importMessages,
  MAX_CODE_LENGTH,
  type GuestRow,
} from '@drinkflow/domain/guest-import';
import { createOrderBody, ORDER_QUANTITY } from '@drinkflow/domain/orders';
import { joinName, type ImportField } from '@drinkflow/domain/shop-exports';
import { isSingleLineText, SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import type { FileColumns } from './file-columns';
import type { FileRow } from './read-spreadsheet';

/** A row's guest is checked by the same rules as an order created by hand (lengths included). */
const guestFields = createOrderBody.pick({ nombreCompleto: true, email: true, telefono: true });

/** The row's texts that are stored or compared, checked for characters a form would refuse. */
const checkedTexts = [
  'nombreCompleto',
  'email',
  'telefono',
  'tipoTicket',
  'cantidad',
  'codigo',
  'idExterno',
] as const;
type CheckedText = (typeof checkedTexts)[number];

/** Digits only: Number() would also take '0x3', '1e1' or ' '. */
const quantityOf = (text: string) => (text === '' ? 1 : /^\d+$/.test(text) ? Number(text) : NaN);

/**
 * One line of the file as a guest: its fields joined and checked. What the import does with it
 * (accion, type, duplicates) is decided afterwards, against the event (sync-plan.ts).
 */
export function readGuestRow({ line, cells }: FileRow, columns: FileColumns): GuestRow {
  const cell = (field: ImportField) => {
    const index = columns.columnOf[field];
    return index === undefined ? '' : (cells[index]?.trim() ?? '');
  };
  const fallbackEmail = columns.emailFallbacks.map((index) => cells[index]?.trim() ?? '').find(Boolean) ?? '';
  const texts: Record<CheckedText, string> = {
    nombreCompleto: cell('nombreCompleto') || joinName(cell('nombre'), cell('apellidos')),
    email: cell('email') || fallbackEmail,
    telefono: cell('telefono'),
    tipoTicket: cell('tipoTicket'),
    cantidad: cell('cantidad'),
    codigo: cell('codigo'),
    idExterno: cell('idExterno'),
  };
  const errores: GuestRow['errores'] = [];
  const hasError = (field: string) => errores.some((error) => error.field === field);
  const addError = (field: string, message: string) => {
    if (!hasError(field)) errores.push({ field, message });
  };
  // A NUL cannot be stored (it would fail the insert) and U+FFFD is a byte the file's encoding lacks.
  // A line break, another control character or a bidirectional override inside a cell is refused
  // as in a form (docs/decisions/052); the reader has already trimmed whitespace around it.
  for (const field of checkedTexts) {
    if (hasInvalidCharacters(texts[field])) addError(field, importMessages.invalidCharacters);
    else if (!isSingleLineText(texts[field])) addError(field, SINGLE_LINE_TEXT_MESSAGE);
  }
  const guest = guestFields.safeParse({
    nombreCompleto: texts.nombreCompleto,
    email: texts.email,
    telefono: texts.telefono,
  });
  for (const issue of guest.error?.issues ?? []) addError(String(issue.path[0]), issue.message);
  if (texts.codigo.length > MAX_CODE_LENGTH) addError('codigo', importMessages.codeTooLong);
  if (texts.idExterno.length > MAX_CODE_LENGTH) addError('idExterno', importMessages.externalIdTooLong);

  const cantidad = quantityOf(texts.cantidad);
  const quantityOk =
    Number.isInteger(cantidad) && cantidad >= ORDER_QUANTITY.min && cantidad <= ORDER_QUANTITY.max;
  // A shop's code is one ticket's: a row with a code is that ticket.
  if (texts.codigo !== '' && cantidad !== 1) addError('cantidad', importMessages.oneTicketPerCode);
  else if (!quantityOk) addError('cantidad', importMessages.quantity);

  const estado = cell('estado');
  return {
    linea: line,
    nombreCompleto: texts.nombreCompleto,
    email: texts.email,
    telefono: texts.telefono || null,
    tipoTicket: texts.tipoTicket,
    ticketTypeId: null,
    cantidad: quantityOk && !hasError('cantidad') ? cantidad : null,
    cantidadTexto: texts.cantidad,
    errores,
    duplicado: null,
    codigo: texts.codigo || null,
    idExterno: texts.idExterno || null,
    estado: estado || null,
    accion: errores.length > 0 ? 'error' : 'nuevo',
    pedidoId: null,
    avisos: [],
  };
}
