import { z } from 'zod';
import { ORDER_QUANTITY, orderMessages } from './orders';

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

export const normaliseHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

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

export const guestFieldLabels: Record<GuestField, string> = {
  nombreCompleto: 'nombre completo',
  email: 'email',
  telefono: 'teléfono',
  tipoTicket: 'tipo de ticket',
  cantidad: 'cantidad',
};

export const importMessages = {
  empty: 'El archivo está vacío o no tiene filas de invitados.',
  missingColumns: (missing: string[]) =>
    `Faltan columnas obligatorias: ${missing.join(', ')}. Usa la plantilla para ver el formato.`,
  tooManyRows: (max: number) => `El archivo tiene demasiadas filas (máximo ${max.toLocaleString('es-ES')}).`,
  unreadable:
    'No se ha podido leer el archivo como CSV. Guárdalo como «CSV (delimitado por comas o punto y coma)».',
  nombre: orderMessages.nombreRequired,
  email: orderMessages.email,
  unknownType: (name: string) => `El tipo de ticket «${name}» no existe en este evento`,
  missingType: 'Falta el tipo de ticket',
  quantity: `La cantidad debe ser un número entre ${ORDER_QUANTITY.min} y ${ORDER_QUANTITY.max}`,
  duplicate: (line: number) => `Fila duplicada: igual que la línea ${line}`,
  nothingToImport: 'No hay filas válidas que importar.',
} as const;

export const MAX_IMPORT_ROWS = 10_000;

export const guestRow = z.object({
  linea: z.number(),
  nombreCompleto: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  tipoTicket: z.string(),
  ticketTypeId: z.number().nullable(),
  cantidad: z.number().nullable(),
  errores: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type GuestRow = z.infer<typeof guestRow>;

export const importPreview = z.object({
  filas: z.array(guestRow),
  total: z.number(),
  validas: z.number(),
  conErrores: z.number(),
  tickets: z.number(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  pedidosCreados: z.number(),
  ticketsCreados: z.number(),
  filasOmitidas: z.number(),
});
export type ImportResult = z.infer<typeof importResult>;
