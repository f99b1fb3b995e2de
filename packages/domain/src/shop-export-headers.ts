/*
 * Guest lists exported by the shops where tickets are sold, recognised by their header row.
 *
 * Sources of the column titles and status values:
 * - pretix: the "Order data" export (sheets "Orders" and "Order positions") and the check-in list,
 *   https://github.com/pretix/pretix/blob/master/src/pretix/base/exporters/orderlist.py
 *   https://github.com/pretix/pretix/blob/master/src/pretix/plugins/checkinlists/exporters.py
 *   their Spanish and German titles and the status label 'canceled' ('cancelado'),
 *   https://github.com/pretix/pretix/blob/master/src/pretix/locale/es/LC_MESSAGES/django.po
 *   https://github.com/pretix/pretix/blob/master/src/pretix/locale/de/LC_MESSAGES/django.po
 *   and the status codes n/p/e/c, https://github.com/pretix/pretix/blob/master/doc/api/resources/orders.rst
 * - Eventbrite: the attendee report's English titles ('Order #', 'Attendee #', 'Barcode #', 'Attendee
 *   Status' with 'Attending', 'Checked In' …) and its statuses,
 *   https://www.eventbrite.se/help/sv/articles/291888/glossary-of-order-and-attendee-statuses-in-event-reports/
 *   The Spanish report's titles could not be checked against a published sample: the usual
 *   spellings of 'N.º' are all accepted (headerKey), and a few plausible variants of the others.
 */
import { normaliseHeader } from './header-text';
import type { ImportField, ImportFormat } from './import-fields';

/**
 * A header compared as normaliseHeader does, plus the spellings of "number" that shops and
 * spreadsheet programs disagree on: 'N.º', 'Nº', 'N.°', 'No.' and 'Número' all read 'numero'.
 */
export const headerKey = (cell: string) =>
  normaliseHeader(cell)
    .replace(/[º°]/g, 'o')
    .replace(/^(?:n\.?\s?o\.?|num\.?|numero)(?=\s)/, 'numero');

/** A field and the titles a shop writes for it, in one language. */
type Column = [ImportField | null, ...string[]];

/**
 * One language of a shop's export: the titles that must all be there (each one in any of its
 * spellings), and the field of each title it writes. Where two titles hold the same field (pretix's
 * attendee email and order email), the one listed first wins, wherever it stands in the file.
 */
export interface ShopHeader {
  distinctive: string[][];
  columns: Map<string, { field: ImportField | null; rank: number }>;
}

interface Shop {
  formato: Exclude<ImportFormat, 'otro'>;
  languages: ShopHeader[];
}

const shopHeader = (distinctive: string[][], columns: Column[]): ShopHeader => ({
  distinctive: distinctive.map((spellings) => spellings.map(headerKey)),
  columns: new Map(
    columns.flatMap(([field, ...titles], rank) =>
      titles.map((title) => [headerKey(title), { field, rank }] as const),
    ),
  ),
});

/**
 * Eventbrite's attendee report: one row per attendee, each with its own barcode, so the attendee
 * number is the row's key and the order number is left out.
 */
const eventbrite: Shop = {
  formato: 'eventbrite',
  languages: [
    shopHeader(
      [['Order #'], ['Attendee #'], ['Ticket Type']],
      [
        ['idExterno', 'Attendee #'],
        ['codigo', 'Barcode #'],
        ['estado', 'Attendee Status'],
        ['tipoTicket', 'Ticket Type'],
        ['nombre', 'First Name'],
        ['apellidos', 'Last Name'],
        ['email', 'Email', 'E-mail'],
        ['cantidad', 'Quantity'],
        ['telefono', 'Cell Phone', 'Mobile Phone'],
        ['telefono', 'Home Phone'],
        ['telefono', 'Work Phone', 'Phone'],
        [null, 'Order #'],
      ],
    ),
    shopHeader(
      [['N.º de pedido'], ['N.º de asistente'], ['Tipo de entrada']],
      [
        ['idExterno', 'N.º de asistente'],
        ['codigo', 'N.º de código de barras', 'Código de barras'],
        ['estado', 'Estado del asistente', 'Estado de asistente'],
        ['tipoTicket', 'Tipo de entrada'],
        ['nombre', 'Nombre'],
        ['apellidos', 'Apellidos', 'Apellido'],
        ['email', 'Correo electrónico', 'Email', 'E-mail'],
        ['cantidad', 'Cantidad'],
        ['telefono', 'Teléfono móvil', 'Móvil'],
        ['telefono', 'Teléfono particular'],
        ['telefono', 'Teléfono del trabajo', 'Teléfono'],
        [null, 'N.º de pedido'],
      ],
    ),
  ],
};

/**
 * pretix's "Order positions" sheet and its check-in list: one row per ticket. The ticket secret is
 * the row's key (the order code is shared by the order's tickets, the position ID only counts
 * within an order); the attendee's email comes before the order's. The secret is not needed to
 * recognise the file: the check-in list has it only when asked for, and older pretix versions'
 * positions sheet has none.
 */
const pretixPositions: Shop = {
  formato: 'pretix_asistentes',
  languages: [
    shopHeader(
      [['Order code'], ['Product'], ['Attendee name']],
      [
        ['codigo', 'Ticket secret', 'Secret'],
        ['estado', 'Status'],
        ['tipoTicket', 'Product'],
        ['nombreCompleto', 'Attendee name'],
        ['email', 'Attendee email', 'E-mail'],
        ['email', 'Email'],
        ['telefono', 'Phone number'],
        [null, 'Order code', 'Position ID'],
      ],
    ),
    shopHeader(
      [
        ['Código de la orden', 'Código de pedido', 'Código del pedido'],
        ['Producto'],
        ['Nombre del participante', 'Nombre del asistente'],
      ],
      [
        ['codigo', 'Secreto del ticket', 'Secreto'],
        ['estado', 'Estado'],
        ['tipoTicket', 'Producto'],
        ['nombreCompleto', 'Nombre del participante', 'Nombre del asistente'],
        ['email', 'Correo electrónico del participante', 'Correo electrónico del asistente'],
        ['email', 'Correo electrónico'],
        ['telefono', 'Número de teléfono', 'Teléfono'],
        [null, 'Código de la orden', 'Código de pedido', 'Código del pedido', 'ID de posición'],
      ],
    ),
    shopHeader(
      [['Bestellnummer'], ['Produkt'], ['Name Teilnehmer*in']],
      [
        ['estado', 'Status'],
        ['tipoTicket', 'Produkt'],
        ['nombreCompleto', 'Name Teilnehmer*in'],
        ['email', 'E-Mail Teilnehmer*in'],
        ['email', 'E-Mail'],
        ['telefono', 'Telefonnummer'],
        [null, 'Bestellnummer', 'Position'],
      ],
    ),
  ],
};

/** pretix's "Orders" sheet: one row per order, with its number of tickets ('Positions'). */
const pretixOrders: Shop = {
  formato: 'pretix_pedidos',
  languages: [
    shopHeader(
      [['Order code'], ['Order total'], ['Status']],
      [
        ['idExterno', 'Order code'],
        ['estado', 'Status'],
        ['email', 'Email'],
        ['telefono', 'Phone number'],
        ['nombreCompleto', 'Name'],
        ['cantidad', 'Positions'],
      ],
    ),
    shopHeader(
      [
        ['Código de la orden', 'Código de pedido', 'Código del pedido'],
        ['Total de la orden', 'Total del pedido'],
        ['Estado'],
      ],
      [
        ['idExterno', 'Código de la orden', 'Código de pedido', 'Código del pedido'],
        ['estado', 'Estado'],
        ['email', 'Correo electrónico'],
        ['telefono', 'Número de teléfono', 'Teléfono'],
        ['nombreCompleto', 'Nombre'],
        ['cantidad', 'Posiciones'],
      ],
    ),
    shopHeader(
      [['Bestellnummer'], ['Gesamtbetrag'], ['Status']],
      [
        ['idExterno', 'Bestellnummer'],
        ['estado', 'Status'],
        ['email', 'E-Mail'],
        ['telefono', 'Telefonnummer'],
        ['nombreCompleto', 'Name'],
        ['cantidad', 'Positionen'],
      ],
    ),
  ],
};

/** DrinkFlow's own template (guestListColumns). */
const template: Shop = {
  formato: 'plantilla',
  languages: [
    shopHeader(
      [['nombre completo'], ['email'], ['tipo de ticket']],
      [
        ['nombreCompleto', 'nombre completo'],
        ['email', 'email'],
        ['telefono', 'teléfono'],
        ['tipoTicket', 'tipo de ticket'],
        ['cantidad', 'cantidad'],
      ],
    ),
  ],
};

export const shops: Shop[] = [eventbrite, pretixPositions, pretixOrders, template];

/** The field of each column as this shop's export names it (null: ignored). */
export function shopFields(language: ShopHeader, keys: string[]): (ImportField | null)[] {
  const known = keys.map((key) => language.columns.get(key));
  const winner = new Map<ImportField, number>();
  known.forEach((column, index) => {
    if (!column?.field) return;
    const held = winner.get(column.field);
    if (held === undefined || column.rank < (known[held]?.rank ?? Infinity)) winner.set(column.field, index);
  });
  return known.map((column, index) =>
    column?.field && winner.get(column.field) === index ? column.field : null,
  );
}
