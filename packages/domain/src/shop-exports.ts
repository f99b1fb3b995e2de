/*
 * Guest lists exported by the shops where tickets are sold, recognised by their header row.
 *
 * Column titles and status values were read from the shops' own code and help pages:
 * - pretix order data export ("Orders" and "Order positions" sheets) and its check-in list export:
 *   https://github.com/pretix/pretix/blob/master/src/pretix/base/exporters/orderlist.py
 *   https://github.com/pretix/pretix/blob/master/src/pretix/plugins/checkinlists/exporters.py
 *   order status labels: https://github.com/pretix/pretix/blob/master/src/pretix/base/models/orders.py
 *   Spanish and German titles: https://github.com/pretix/pretix/blob/master/src/pretix/locale/es/LC_MESSAGES/django.po
 *   and https://github.com/pretix/pretix/blob/master/src/pretix/locale/de/LC_MESSAGES/django.po
 * - Eventbrite attendee summary report (English and Spanish):
 *   https://www.eventbrite.com/help/en-us/articles/405366/how-to-view-and-download-your-attendee-summary-report/
 */
import { normaliseHeader } from './guest-import';

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

export type ImportFormat = 'plantilla' | 'eventbrite' | 'pretix_pedidos' | 'pretix_asistentes' | 'otro';

export const importFormatNames: Record<ImportFormat, string> = {
  plantilla: 'Plantilla de DrinkFlow',
  eventbrite: 'Eventbrite (asistentes)',
  pretix_pedidos: 'pretix (pedidos)',
  pretix_asistentes: 'pretix (asistentes)',
  otro: 'Otro archivo',
};

/**
 * A header compared as normaliseHeader does, plus the spellings of "number" shops and spreadsheet
 * programs disagree on: 'N.º', 'Nº', 'N.°', 'No.' and 'Número' all read 'numero'.
 */
const headerKey = (cell: string) =>
  normaliseHeader(cell)
    .replace(/[º°]/g, 'o')
    .replace(/^(?:n\.?\s?o\.?|num\.?|numero)(?=\s)/, 'numero');

type Columns = Record<string, ImportField | null>;

/** One language of a shop's export: the titles that must all be there, and the field of each known title. */
interface ShopHeader {
  distinctive: string[];
  columns: Columns;
}

interface Shop {
  formato: Exclude<ImportFormat, 'otro'>;
  languages: ShopHeader[];
}

const keyed = (columns: Columns): Columns =>
  Object.fromEntries(Object.entries(columns).map(([title, field]) => [headerKey(title), field]));

const shopHeader = (distinctive: string[], columns: Columns): ShopHeader => ({
  distinctive: distinctive.map(headerKey),
  columns: keyed(columns),
});

/** Eventbrite's attendee report: one row per attendee, each with its own barcode. */
const eventbrite: Shop = {
  formato: 'eventbrite',
  languages: [
    shopHeader(['Order #', 'Attendee #', 'Ticket Type'], {
      'Order #': null,
      'Attendee #': 'idExterno',
      'Barcode #': 'codigo',
      'Attendee Status': 'estado',
      'Ticket Type': 'tipoTicket',
      'First Name': 'nombre',
      'Last Name': 'apellidos',
      Email: 'email',
      Quantity: 'cantidad',
      'Cell Phone': 'telefono',
      'Mobile Phone': 'telefono',
      'Home Phone': 'telefono',
      'Work Phone': 'telefono',
    }),
    shopHeader(['N.º de pedido', 'N.º de asistente', 'Tipo de entrada'], {
      'N.º de pedido': null,
      'N.º de asistente': 'idExterno',
      'N.º de código de barras': 'codigo',
      'Código de barras': 'codigo',
      'Estado del asistente': 'estado',
      'Tipo de entrada': 'tipoTicket',
      Nombre: 'nombre',
      Apellidos: 'apellidos',
      'Correo electrónico': 'email',
      Cantidad: 'cantidad',
      'Teléfono móvil': 'telefono',
      'Teléfono particular': 'telefono',
      'Teléfono del trabajo': 'telefono',
    }),
  ],
};

/** pretix's "Order positions" sheet and check-in list: one row per ticket. */
const pretixPositions: Shop = {
  formato: 'pretix_asistentes',
  languages: [
    shopHeader(['Order code', 'Product', 'Attendee name'], {
      'Order code': null,
      'Position ID': null,
      Secret: 'codigo',
      'Ticket secret': 'codigo',
      Status: 'estado',
      Product: 'tipoTicket',
      'Attendee name': 'nombreCompleto',
      'Attendee email': 'email',
      Email: 'email',
      'E-mail': 'email',
      'Phone number': 'telefono',
    }),
    shopHeader(['Código de pedido', 'Producto', 'Nombre del asistente'], {
      'Código de pedido': null,
      'ID de posición': null,
      Secreto: 'codigo',
      Estado: 'estado',
      Producto: 'tipoTicket',
      'Nombre del asistente': 'nombreCompleto',
      'Correo electrónico del asistente': 'email',
      'Correo electrónico': 'email',
      'Número de teléfono': 'telefono',
    }),
  ],
};

/** pretix's "Orders" sheet: one row per order, with its number of positions. */
const pretixOrders: Shop = {
  formato: 'pretix_pedidos',
  languages: [
    shopHeader(['Order code', 'Order total', 'Status'], {
      'Order code': 'idExterno',
      Status: 'estado',
      Email: 'email',
      'Phone number': 'telefono',
      Name: 'nombreCompleto',
      Positions: 'cantidad',
    }),
    shopHeader(['Código de pedido', 'Total del pedido', 'Estado'], {
      'Código de pedido': 'idExterno',
      Estado: 'estado',
      'Correo electrónico': 'email',
      'Número de teléfono': 'telefono',
      Nombre: 'nombreCompleto',
      Posiciones: 'cantidad',
    }),
  ],
};

const template: Shop = {
  formato: 'plantilla',
  languages: [
    shopHeader(['nombre completo', 'email', 'tipo de ticket'], {
      'nombre completo': 'nombreCompleto',
      email: 'email',
      teléfono: 'telefono',
      'tipo de ticket': 'tipoTicket',
      cantidad: 'cantidad',
    }),
  ],
};

// Positions before orders: the positions sheet has every distinctive title of a shop's order list too.
const shops: Shop[] = [eventbrite, pretixPositions, pretixOrders, template];

/**
 * Header spellings of other files, Spanish and English, compared as headerKey does. Only whole
 * titles match ('Nombre del evento' is not a name), so a column is never guessed from a word in it.
 * Every alias mapGuestHeader knows keeps its field, so files that imported before still do.
 */
const otherAliases: Record<ImportField, string[]> = {
  nombre: ['first name', 'firstname', 'given name', 'nombre de pila'],
  apellidos: ['apellidos', 'apellido', 'last name', 'lastname', 'surname', 'family name'],
  nombreCompleto: [
    'nombre completo',
    'nombre',
    'nombre y apellidos',
    'invitado',
    'asistente',
    'comprador',
    'name',
    'full name',
    'attendee name',
    'attendee',
  ],
  email: ['email', 'e-mail', 'correo', 'correo electronico', 'mail', 'email address', 'e-mail address'],
  telefono: ['telefono', 'movil', 'tel', 'phone', 'telefono movil', 'phone number', 'mobile', 'celular'],
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
  cantidad: ['cantidad', 'tickets', 'numero de tickets', 'quantity', 'qty', 'entradas', 'numero de entradas'],
  codigo: ['codigo', 'barcode', 'qr', 'codigo qr', 'qr code', 'secret', 'codigo de barras', 'localizador'],
  idExterno: ['id', 'id externo', 'external id', 'numero de pedido', 'order id', 'order number', 'pedido'],
  estado: ['estado', 'status', 'estado pedido', 'estado del pedido', 'order status'],
};

const otherFieldOf = new Map(
  importFields.flatMap((field) => otherAliases[field].map((alias) => [headerKey(alias), field] as const)),
);

const surnameAliases = new Set(otherAliases.apellidos.map(headerKey));

/** The first column guessed for a field keeps it; a later column with the same guess is ignored. */
function firstWins(campos: (ImportField | null)[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return campos.map((field) => {
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/**
 * The field of each column of a shop's export. When two titles hold the same field (pretix's
 * attendee email and order email, Eventbrite's cell and home phone) the title listed first in the
 * shop's columns wins, wherever it stands in the file.
 */
function shopFields(language: ShopHeader, keys: string[]): (ImportField | null)[] {
  const rank = (index: number) => Object.keys(language.columns).indexOf(keys[index] ?? '');
  const winner = new Map<ImportField, number>();
  keys.forEach((key, index) => {
    const field = language.columns[key];
    const held = field ? winner.get(field) : undefined;
    if (field && (held === undefined || rank(index) < rank(held))) winner.set(field, index);
  });
  return keys.map((key, index) => {
    const field = language.columns[key] ?? null;
    return field !== null && winner.get(field) === index ? field : null;
  });
}

function guessOther(keys: string[]): (ImportField | null)[] {
  // 'Nombre' beside 'Apellidos' is the first name; alone, as in the files that imported before, the whole name.
  const hasSurname = keys.some((key) => surnameAliases.has(key));
  return firstWins(
    keys.map((key) => {
      const field = otherFieldOf.get(key) ?? null;
      return field === 'nombreCompleto' && key === 'nombre' && hasSurname ? 'nombre' : field;
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
      distinctive.every((title) => present.has(title)),
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
 * Status words that mean the ticket was taken back, so a re-import invalidates it. Not "Not
 * Attending" (Eventbrite: the buyer said they will not come, the ticket was neither refunded nor
 * cancelled), nor pretix's pending 'n' or expired 'e' (an expired order can still be paid and
 * reactivated in pretix), nor "paid"/"pagado".
 */
const cancelledStatuses = new Set(
  [
    'reembolsado',
    'reembolsada',
    'cancelado',
    'cancelada',
    'anulado',
    'anulada',
    'refunded',
    'cancelled',
    'canceled',
    'deleted',
    'eliminado',
    'eliminada',
    // pretix's status code for a canceled order.
    'c',
    // pretix in German.
    'storniert',
    'erstattet',
  ].map(normaliseHeader),
);

export function isCancelledStatus(estado: string): boolean {
  return cancelledStatuses.has(normaliseHeader(estado));
}

/** Codes shorter than this are easy to guess: imported with a warning. */
export const SHORT_CODE_LENGTH = 16;
export const isShortCode = (codigo: string): boolean => codigo.trim().length < SHORT_CODE_LENGTH;
