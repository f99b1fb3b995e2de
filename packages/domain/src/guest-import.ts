import { z } from 'zod';
import { normaliseHeader } from './header-text';
import { idNumber } from './ids';
import { ORDER_QUANTITY, orderMessages } from './orders';
import { importFields, importFormats } from './shop-exports';

/** The columns of a guest list, in the order of the downloadable template. */
export const guestListColumns = [
  'nombre completo',
  'email',
  'teléfono',
  'tipo de ticket',
  'cantidad',
] as const;
export type GuestField = 'nombreCompleto' | 'email' | 'telefono' | 'tipoTicket' | 'cantidad';

/** Header spellings people really use, compared without case, accents or extra spaces. */
const headerAliases: Record<GuestField, string[]> = {
  nombreCompleto: ['nombre completo', 'nombre', 'nombre y apellidos', 'invitado', 'name', 'full name'],
  email: ['email', 'e-mail', 'correo', 'correo electronico', 'mail'],
  telefono: ['telefono', 'movil', 'tel', 'phone'],
  tipoTicket: ['tipo de ticket', 'tipo', 'ticket', 'tipo ticket', 'entrada'],
  cantidad: ['cantidad', 'tickets', 'numero de tickets', 'quantity'],
};

export { normaliseHeader };

/** Which field each column holds (null: ignored); the missing required fields. */
export function mapGuestHeader(header: string[]): { fields: (GuestField | null)[]; missing: GuestField[] } {
  const fields = header.map((cell) => {
    const name = normaliseHeader(cell);
    const match = (Object.keys(headerAliases) as GuestField[]).find((field) =>
      headerAliases[field].includes(name),
    );
    return match ?? null;
  });
  const required: GuestField[] = ['nombreCompleto', 'email', 'tipoTicket'];
  return { fields, missing: required.filter((field) => !fields.includes(field)) };
}

/** The template's column order, used for a file without a header row. */
export const defaultGuestFields: GuestField[] = [
  'nombreCompleto',
  'email',
  'telefono',
  'tipoTicket',
  'cantidad',
];

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/**
 * A first row that names no known column but holds an email is a guest, not a header: the file
 * has no header row (an organizer who deleted it, or a list pasted from elsewhere).
 */
export function isHeaderlessGuestRow(cells: string[]): boolean {
  const { fields } = mapGuestHeader(cells);
  return fields.every((field) => field === null) && cells.some(looksLikeEmail);
}

/** The longest code or external id a row may carry (docs/decisions/068). */
export const MAX_CODE_LENGTH = 200;
/** The most column or ticket-type entries one mapping request may carry. */
export const MAX_MAPPING_ENTRIES = 1_000;

/** How a file's ticket-type text is shown: a file without one (or an empty cell) is '(sin tipo)'. */
export const typeTextLabel = (text: string) => (text === '' ? '(sin tipo)' : text);

/** Which details made a row the same guest as an order or an earlier row. */
export type GuestMatch = 'email' | 'telefono';
const matchLabels: Record<GuestMatch, string> = { email: 'email', telefono: 'teléfono' };

export const importMessages = {
  empty: 'El archivo está vacío o no tiene filas de invitados.',
  noHeader: (columns: readonly string[]) =>
    `El archivo no tiene fila de encabezado: se ha leído desde la primera fila con las columnas de la plantilla (${columns.join(', ')}).`,
  missingColumns: (missing: string[]) =>
    `Faltan columnas obligatorias: ${missing.join(', ')}. Usa la plantilla para ver el formato.`,
  tooManyRows: (max: number) => `El archivo tiene demasiadas filas (máximo ${max.toLocaleString('es-ES')}).`,
  unreadable:
    'No se ha podido leer el archivo. Súbelo como Excel (.xlsx) o guárdalo como «CSV (delimitado por comas o punto y coma)».',
  spreadsheetTooLarge:
    'El archivo Excel es demasiado grande una vez abierto: deja solo la hoja de invitados o guárdalo como CSV.',
  nombre: orderMessages.nombreRequired,
  email: orderMessages.email,
  ambiguousType: (name: string) =>
    `El tipo de ticket «${name}» coincide con varios tipos de este evento: elige uno o cambia el nombre de uno de ellos`,
  invalidCharacters:
    'Contiene caracteres no válidos (nulos o ilegibles): corrígelo o guarda el archivo como «CSV UTF-8»',
  quantity: `La cantidad debe ser un número entre ${ORDER_QUANTITY.min} y ${ORDER_QUANTITY.max}`,
  duplicateOfOrder: (match: GuestMatch, pedidoId: number) =>
    `Ya existe un pedido con el mismo nombre y ${matchLabels[match]} en este evento (pedido n.º ${pedidoId})`,
  duplicateOfRow: (match: GuestMatch, line: number) =>
    `Repetida: mismo nombre y ${matchLabels[match]} que la línea ${line}`,
  nothingToImport: 'No hay filas válidas que importar.',
  nothingNew:
    'Todas las filas válidas ya están en este evento, son duplicados o no se importan: no hay nada nuevo que importar.',
  omitirDuplicados: 'omitirDuplicados debe ser true o false',
  undecidedTypes: (texts: string[]) =>
    `Elige un tipo de ticket o «No importar» para: ${texts.map(typeTextLabel).join(', ')}`,
  codeTooLong: `El código no puede tener más de ${MAX_CODE_LENGTH} caracteres`,
  externalIdTooLong: `El id externo no puede tener más de ${MAX_CODE_LENGTH} caracteres`,
  oneTicketPerCode: 'Con código, cada fila es un solo ticket',
  codeRepeated: (line: number) => `Código repetido: ya está en la línea ${line}`,
  codeInEvent: (pedidoId: number) =>
    `El código ya es de otro invitado de este evento (pedido n.º ${pedidoId})`,
  externalIdRepeated: (line: number) => `Id externo repetido: ya está en la línea ${line}`,
  shortCode: 'Código corto: fácil de adivinar',
  unknownField: 'No es un campo de la importación',
  typeNotOfEvent: 'El tipo de ticket no es de este evento',
  mappingKey: `Cada cabecera o tipo tiene como máximo ${MAX_CODE_LENGTH} caracteres`,
  mappingSize: `Como máximo ${MAX_MAPPING_ENTRIES} entradas`,
} as const;

export const MAX_IMPORT_ROWS = 20_000;

/** Text PostgreSQL cannot store (NUL) or that could not be read from the file (U+FFFD). */
export const hasInvalidCharacters = (text: string) => text.includes('\u0000') || text.includes('\uFFFD');

/** The phone's digits, without 00/+ and without Spain's 34 (docs/rules/guests.md): '+34 611 22 33 44' = '611223344'. */
const phoneDigits = (phone: string) => {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  return digits.length === 11 && digits.startsWith('34') ? digits.slice(2) : digits;
};

/**
 * The keys under which two guests are the same person: the name (without case, accents or extra
 * spaces) with the email (without case), and the name with the phone's digits. A missing email or
 * phone gives no key, so two guests with only the same name are not duplicates.
 */
export function guestMatchKeys(guest: {
  nombreCompleto: string;
  email: string | null;
  telefono: string | null;
}): { match: GuestMatch; key: string }[] {
  const name = normaliseHeader(guest.nombreCompleto);
  const email = guest.email?.trim().toLowerCase() ?? '';
  const phone = guest.telefono ? phoneDigits(guest.telefono) : '';
  if (!name) return [];
  return [
    ...(email ? [{ match: 'email' as const, key: `${name}\u0000${email}` }] : []),
    // Too few digits to be a phone ('-', 'no tiene', '1'): no key.
    ...(phone.length >= 6 ? [{ match: 'telefono' as const, key: `${name}\u0000tel:${phone}` }] : []),
  ];
}

/**
 * POST /api/eventos/{id}/importar?omitirDuplicados=false imports the rows the preview marks as
 * duplicates too; by default they are left out (docs/decisions/030-guest-import-duplicates.md).
 */
export const importQuery = z.object({
  omitirDuplicados: z
    .enum(['true', 'false'], { error: importMessages.omitirDuplicados })
    .default('true')
    .transform((value) => value === 'true'),
});

const importField = z.enum(importFields, { error: importMessages.unknownField });

/** What the import does with a row (docs/rules/orders-and-tickets.md#guest-import). */
export const importActions = [
  'nuevo',
  'ya_importado',
  'anular',
  'ya_anulado',
  'cancelado',
  'duplicado',
  'omitido_tipo',
  'sin_tipo',
  'error',
] as const;
export type ImportAction = (typeof importActions)[number];

export const guestRow = z.object({
  linea: z.number(),
  nombreCompleto: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  /** The file's ticket-type text ('' when it has none). */
  tipoTicket: z.string(),
  /** The event's ticket type it maps to; null when 'No importar' or undecided. */
  ticketTypeId: z.number().nullable(),
  cantidad: z.number().nullable(),
  /** The quantity cell as the file wrote it, shown beside its error when it is not a valid number. */
  cantidadTexto: z.string(),
  errores: z.array(z.object({ field: z.string(), message: z.string() })),
  /**
   * A valid row that looks like a guest already there: an order of the event (`pedidoId`) or an
   * earlier row of the file (`linea`). Imported only with omitirDuplicados=false.
   */
  duplicado: z
    .object({ pedidoId: z.number().nullable(), linea: z.number().nullable(), message: z.string() })
    .nullable(),
  /** The ticket's code from the shop: its QR code once imported. */
  codigo: z.string().nullable(),
  /** The shop's id of the order or attendee: a re-import finds its order by it. */
  idExterno: z.string().nullable(),
  estado: z.string().nullable(),
  accion: z.enum(importActions),
  /** The order the row matched (ya_importado, anular, ya_anulado, and a duplicate of an order). */
  pedidoId: z.number().nullable(),
  /** Warnings that do not stop the row, e.g. 'Código corto: fácil de adivinar'. */
  avisos: z.array(z.string()),
});
export type GuestRow = z.infer<typeof guestRow>;

export const importPreview = z.object({
  formato: z.enum(importFormats),
  formatoNombre: z.string(),
  /** Every column of the file, the field it is read as (null: not imported) and its first value. */
  columnas: z.array(
    z.object({
      indice: z.number(),
      cabecera: z.string(),
      campo: importField.nullable(),
      ejemplo: z.string(),
    }),
  ),
  /** Required fields no column holds: then `filas` is empty, the counts are 0 and the columns must be mapped. */
  faltan: z.array(importField),
  /** Every ticket-type text of the file's valid rows and the event's type it maps to. */
  tiposArchivo: z.array(
    z.object({
      texto: z.string(),
      filas: z.number(),
      ticketTypeId: z.number().nullable(),
      /** False: neither remembered nor one type's name; its rows are `sin_tipo` until mapped. */
      decidido: z.boolean(),
    }),
  ),
  filas: z.array(guestRow),
  total: z.number(),
  validas: z.number(),
  conErrores: z.number(),
  /** Valid rows marked `duplicado` (counted in `validas` too). */
  duplicados: z.number(),
  /** The tickets of the rows that would create orders: `nuevo` and `duplicado`. */
  tickets: z.number(),
  /** The file had no header row: its first row was read as a guest, in the template's column order. */
  sinCabecera: z.boolean(),
  nuevos: z.number(),
  yaImportados: z.number(),
  /** Rows whose guest's tickets would be invalidated (`anular`). */
  anulados: z.number(),
  /** The active tickets those rows would invalidate. */
  ticketsAnulados: z.number(),
  cancelados: z.number(),
  omitidosPorTipo: z.number(),
  sinTipo: z.number(),
  /** Rows to import whose code is shorter than 16 characters. */
  codigosCortos: z.number(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  pedidosCreados: z.number(),
  ticketsCreados: z.number(),
  /** Rows with errors, never imported. */
  filasOmitidas: z.number(),
  /** Valid rows left out as duplicates (0 with omitirDuplicados=false). */
  duplicadosOmitidos: z.number(),
  yaImportados: z.number(),
  omitidosPorTipo: z.number(),
  /** Tickets created with a code shorter than 16 characters. */
  codigosCortos: z.number(),
  /** The guests whose tickets this import invalidated (refunded or cancelled in the shop). */
  anulados: z.array(z.object({ pedidoId: z.number(), nombreCompleto: z.string(), tickets: z.number() })),
  ticketsAnulados: z.number(),
});
export type ImportResult = z.infer<typeof importResult>;

const boundedEntries = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string(), value)
    .refine((entries) => Object.keys(entries).length <= MAX_MAPPING_ENTRIES, importMessages.mappingSize)
    .refine(
      (entries) => Object.keys(entries).every((key) => key.length <= MAX_CODE_LENGTH),
      importMessages.mappingKey,
    );

/**
 * How an event reads its guest lists (docs/decisions/068): a header → field (null: 'No importar'),
 * a ticket-type text → the event's type (null: 'No importar'). Keys are stored normalised.
 */
export const importMapping = z.object({
  columnas: boundedEntries(importField.nullable()),
  tipos: boundedEntries(idNumber(importMessages.typeNotOfEvent).nullable()),
});
export type ImportMapping = z.infer<typeof importMapping>;

/** PUT …/importar/mapeo: the entries given replace the stored ones of the same key, the rest stay. */
export const importMappingBody = importMapping.partial();
export type ImportMappingBody = z.infer<typeof importMappingBody>;
