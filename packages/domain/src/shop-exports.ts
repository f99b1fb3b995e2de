/*
 * Guest lists exported by the shops where tickets are sold, recognised by their header row
 * (the shops' titles and their sources: shop-export-headers.ts), and what a row's cells mean.
 */
import { normaliseHeader } from './header-text';
import { importFields, type ImportField, type ImportFormat } from './import-fields';
import { headerKey, shopFields, shops } from './shop-export-headers';

export {
  importFieldLabels,
  importFields,
  importFormatNames,
  importFormats,
  type ImportField,
  type ImportFormat,
} from './import-fields';

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
