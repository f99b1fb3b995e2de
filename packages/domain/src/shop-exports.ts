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

export const importFields = [
  'nombre',
  'apellidos',
  'nombreCompleto',
  'email',
  'telefono',
  'tipoTicket',
  'cantidad',
  'codigo',
  'idExterno',
  'estado',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  nombre: 'nombre',
  apellidos: 'apellidos',
  nombreCompleto: 'nombre completo',
  email: 'email',
  telefono: 'teléfono',
  tipoTicket: 'tipo de ticket',
  cantidad: 'cantidad',
  codigo: 'código',
  idExterno: 'id externo',
  estado: 'estado',
};

export const importFormats = [
  'plantilla',
  'eventbrite',
  'pretix_pedidos',
  'pretix_asistentes',
  'otro',
] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importFormatNames: Record<ImportFormat, string> = {
  plantilla: 'Plantilla de DrinkFlow',
  eventbrite: 'Eventbrite (asistentes)',
  pretix_pedidos: 'pretix (pedidos)',
  pretix_asistentes: 'pretix (asistentes)',
  otro: 'Otro archivo',
};

/**
 * A header compared as normaliseHeader does, plus the spellings of "number" that shops and
 * spreadsheet programs disagree on: 'N.º', 'Nº', 'N.°', 'No.' and 'Número' all read 'numero'.
 */
const headerKey = (cell: string) =>
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
interface ShopHeader {
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

const shops: Shop[] = [eventbrite, pretixPositions, pretixOrders, template];

/**
 * Header spellings of other files, Spanish and English, compared as headerKey does. Only whole
 * titles match ('Nombre del evento' is not a name), so a column is never guessed from a word in it.
 * Every alias mapGuestHeader knows keeps its field, so files that imported before still do. A
 * required field is never guessed from an ambiguous title: one that may hold the buyer rather than
 * the guest, or a yes/no ('Comprador', 'Asistente'), is left for the organizer to map.
 */
const otherAliases: Record<ImportField, string[]> = {
  nombre: ['first name', 'firstname', 'given name', 'nombre de pila'],
  apellidos: ['apellidos', 'apellido', 'last name', 'lastname', 'surname', 'family name'],
  nombreCompleto: [
    'nombre completo',
    'nombre',
    'nombre y apellidos',
    'invitado',
    'name',
    'full name',
    'attendee name',
    'nombre del asistente',
  ],
  email: [
    'email',
    'e-mail',
    'correo',
    'correo electronico',
    'mail',
    'email address',
    'e-mail address',
    'attendee email',
  ],
  telefono: ['telefono', 'movil', 'tel', 'phone', 'telefono movil', 'phone number', 'mobile', 'cell phone'],
  tipoTicket: [
    'tipo de ticket',
    'tipo',
    'ticket',
    'tipo ticket',
    'entrada',
    'tipo de entrada',
    'ticket type',
    'producto',
    'product',
  ],
  cantidad: [
    'cantidad',
    'tickets',
    'numero de tickets',
    'quantity',
    'qty',
    'numero de entradas',
    'unidades',
    'uds.',
    'uds',
  ],
  codigo: [
    'codigo',
    'codigo qr',
    'qr',
    'qr code',
    'barcode',
    'barcode #',
    'codigo de barras',
    'numero de codigo de barras',
    'secret',
    'ticket secret',
  ],
  // Not a bare 'ID' or 'Pedido': often a row number, which would take the next list's guests for
  // ones already imported.
  idExterno: [
    'id externo',
    'external id',
    'localizador',
    'numero de pedido',
    'order id',
    'order number',
    'attendee #',
    'numero de asistente',
  ],
  estado: ['estado', 'status', 'estado pedido', 'estado del pedido', 'order status', 'attendee status'],
};

const otherFieldOf = new Map(
  importFields.flatMap((field) => otherAliases[field].map((alias) => [headerKey(alias), field] as const)),
);

const surnameKeys = new Set(otherAliases.apellidos.map(headerKey));
/** Titles that are the whole name alone, and the first name beside a surname column. */
const givenOrWholeName = new Set(['nombre', 'name']);

/** The first column guessed for a field keeps it; a later column with the same guess is ignored. */
function firstWins(campos: (ImportField | null)[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return campos.map((field) => {
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

function shopFields(language: ShopHeader, keys: string[]): (ImportField | null)[] {
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

/**
 * The best guess for a file no shop wrote. 'Nombre' beside a surname column is the first name;
 * alone, as in the files that imported before, the whole name.
 */
function guessOther(keys: string[]): (ImportField | null)[] {
  const hasSurname = keys.some((key) => surnameKeys.has(key));
  return firstWins(
    keys.map((key) => {
      const guess = otherFieldOf.get(key) ?? null;
      return hasSurname && givenOrWholeName.has(key) ? 'nombre' : guess;
    }),
  );
}

/** The format of a header row and the field of each column (null: ignored). For 'otro', the
 * best guess from common header spellings (Spanish and English), never a wrong required field. */
export function recognizeExport(header: string[]): { formato: ImportFormat; campos: (ImportField | null)[] } {
  const keys = header.map(headerKey);
  const present = new Set(keys);
  for (const shop of shops) {
    const language = shop.languages.find(({ distinctive }) =>
      distinctive.every((spellings) => spellings.some((title) => present.has(title))),
    );
    if (language) return { formato: shop.formato, campos: shopFields(language, keys) };
  }
  return { formato: 'otro', campos: guessOther(keys) };
}

/** The required fields a mapping lacks: a name (nombreCompleto, or nombre) and email. */
export function missingImportFields(campos: (ImportField | null)[]): ImportField[] {
  const hasName = campos.includes('nombreCompleto') || campos.includes('nombre');
  return [
    ...(hasName ? [] : ['nombreCompleto' as const]),
    ...(campos.includes('email') ? [] : ['email' as const]),
  ];
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "Ana" + "García López" → "Ana García López"; an empty part leaves no stray space. */
export function joinName(nombre: string, apellidos: string): string {
  return [tidy(nombre), tidy(apellidos)].filter(Boolean).join(' ');
}

/**
 * Status words that mean the ticket was taken back, so a re-import invalidates it: refunded,
 * cancelled or deleted, in Spanish and English, as the shops write them. pretix writes its order
 * status label ('canceled', Spanish 'cancelado', German 'storniert'), or the code 'c' in its API and
 * JSON export. Eventbrite's reports write 'Refunded', 'Cancelled', 'Deleted' and the order status
 * 'Refunded/Canceled'. Not cancelled: Eventbrite's 'Not Attending' (the guest said they will not
 * come, the ticket was neither refunded nor cancelled) and 'Transferred' (the attendee moved to
 * another ticket, which appears as its own row); pretix's pending 'n' and expired 'e' (an expired
 * order can still be paid and reactivated in pretix); and any paid or attending status.
 */
const cancelledStatuses = new Set([
  'reembolsado',
  'reembolsada',
  'devuelto',
  'devuelta',
  'cancelado',
  'cancelada',
  'anulado',
  'anulada',
  'eliminado',
  'eliminada',
  'refunded',
  'cancelled',
  'canceled',
  'deleted',
  'c',
  'storniert',
]);

/** Whether a row's status says its ticket was refunded or cancelled ('Refunded/Canceled' too). */
export function isCancelledStatus(estado: string): boolean {
  const words = normaliseHeader(estado)
    .split('/')
    .map((word) => word.trim());
  return words.every((word) => cancelledStatuses.has(word));
}

/** Codes shorter than this are easy to guess: imported with a warning. */
export const SHORT_CODE_LENGTH = 16;
export const isShortCode = (codigo: string): boolean => codigo.trim().length < SHORT_CODE_LENGTH;
