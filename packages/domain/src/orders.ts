import { z } from 'zod';
import { envio } from './email';
import { idNumber, MAX_ID } from './ids';
import { isCalendarDay, isoDateTime } from './iso-date-time';
import { tipoTicket } from './ticket-types';
import { singleLineText } from './text';
import { PAGE_MAX, pageMaxMessage } from './pagination';

export const ORDER_QUANTITY = { min: 1, max: 10 } as const;
export const ORDERS_PAGE_LIMIT = { default: 20, max: 100 } as const;

export const orderMessages = {
  nombreRequired: 'El nombre es requerido',
  nombreMax: 'El nombre no puede exceder 200 caracteres',
  email: 'Email inválido',
  emailRequired: 'El email es obligatorio',
  telefonoMax: 'El teléfono no puede exceder 40 caracteres',
  ticketType: 'Debe seleccionar un tipo de ticket',
  ticketTypeOtherEvent: 'El tipo de ticket no pertenece al evento del pedido',
  quantity: `La cantidad debe estar entre ${ORDER_QUANTITY.min} y ${ORDER_QUANTITY.max} tickets`,
  evento: 'Evento requerido',
} as const;

const nombreCompleto = singleLineText(orderMessages.nombreRequired)
  .min(1, orderMessages.nombreRequired)
  .max(200, orderMessages.nombreMax);

const email = singleLineText(orderMessages.emailRequired)
  .min(1, orderMessages.emailRequired)
  .max(254, orderMessages.email)
  .pipe(z.email({ error: orderMessages.email }));

/** Kept as typed (docs/rules/api-conventions.md); empty means none. */
const telefono = singleLineText()
  .max(40, orderMessages.telefonoMax)
  .nullish()
  .transform((value) => value || null);

/**
 * POST /api/pedidos. With `ticketTypeId` the order and `quantity` tickets of that type are created
 * in one transaction (docs/rules/orders-and-tickets.md); without it, only the order (tickets follow one per call).
 */
export const createOrderBody = z.object({
  eventoId: idNumber(orderMessages.evento),
  nombreCompleto,
  email,
  telefono,
  // Who created it is the server's business: always 'organizador' from the organizer area.
  creadoPor: z.unknown().optional(),
  ticketTypeId: idNumber(orderMessages.ticketType).nullish(),
  quantity: z
    .number({ error: orderMessages.quantity })
    .int(orderMessages.quantity)
    .min(ORDER_QUANTITY.min, orderMessages.quantity)
    .max(ORDER_QUANTITY.max, orderMessages.quantity)
    .optional(),
});
export type CreateOrderInput = z.input<typeof createOrderBody>;
export type CreateOrderValues = z.output<typeof createOrderBody>;

/** PUT /api/pedidos/{id}: the guest's details (telefono untouched when absent). */
export const updateOrderBody = z.object({ nombreCompleto, email, telefono: telefono.optional() });
export type UpdateOrderInput = z.input<typeof updateOrderBody>;

export const orderTicketTypeBody = z.object({ ticketTypeId: idNumber(orderMessages.ticketType) });

export const ordersQueryMessages = {
  page: 'La página debe ser un número entero desde 1',
  limit: `El límite debe ser un número entero entre 1 y ${ORDERS_PAGE_LIMIT.max}`,
  desde: 'La fecha "desde" no es válida',
  hasta: 'La fecha "hasta" no es válida',
} as const;

const pageNumber = z.coerce
  .number({ error: ordersQueryMessages.page })
  .int(ordersQueryMessages.page)
  .min(1, ordersQueryMessages.page)
  .max(PAGE_MAX, pageMaxMessage)
  .default(1);

/** A day (YYYY-MM-DD, read in the app's time zone) or an exact instant (ISO-8601). */
const dayOrInstant = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .union([z.string().refine(isCalendarDay, message), isoDateTime(message)], { error: message })
        .optional(),
    );

export const ordersQuery = z.object({
  page: pageNumber,
  limit: z.coerce
    .number({ error: ordersQueryMessages.limit })
    .int(ordersQueryMessages.limit)
    .min(1, ordersQueryMessages.limit)
    .max(ORDERS_PAGE_LIMIT.max, ordersQueryMessages.limit)
    .default(ORDERS_PAGE_LIMIT.default),
  search: singleLineText()
    .max(200, 'La búsqueda es demasiado larga')
    .optional()
    .transform((value) => value || undefined),
  ticketTypeId: z.coerce
    .number({ error: orderMessages.ticketType })
    .int(orderMessages.ticketType)
    .positive(orderMessages.ticketType)
    .max(MAX_ID, orderMessages.ticketType)
    .optional(),
  desde: dayOrInstant(ordersQueryMessages.desde),
  hasta: dayOrInstant(ordersQueryMessages.hasta),
});
export type OrdersQuery = z.input<typeof ordersQuery>;

export const ticketEstados = ['activo', 'invalidado'] as const;

export const ticket = z.object({
  id: z.number(),
  pedidoId: z.number(),
  ticketTypeId: z.number(),
  estado: z.enum(ticketEstados),
  qrCode: z.string(),
  /** The guest's page of this ticket, a path: '/t/<token>' (docs/rules/guests.md). */
  enlaceInvitado: z.string(),
  createdAt: z.string(),
});
export type Ticket = z.infer<typeof ticket>;

/** A ticket as the order detail shows it: its type and how often it was scanned. */
export const ticketDetail = ticket.extend({
  tipoTicket: tipoTicket,
  totalConsumos: z.number(),
  ultimoConsumo: z.string().nullable(),
  /**
   * "Hoy: 2 de 4" (docs/rules/festivals.md), only when the type has a per-day limit: the drinks of the
   * festival day the request falls on (since the event's last cut-off) and the limit, as the
   * scanner answers them.
   */
  bebidasHoy: z.number().int().nonnegative().optional(),
  maxDrinksPerDay: z.number().int().positive().optional(),
  /** Today's per-day limit, only when today's top-ups 'Usables también hoy' raised it (docs/decisions/063). */
  limiteHoy: z.number().int().positive().optional(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/** A drink served on a ticket, with the bar that served it (null when the scanner named none). */
export const consumo = z.object({
  id: z.number(),
  tipoBebida: z.string(),
  timestamp: z.string(),
  barra: z.string().nullable(),
});
export type Consumo = z.infer<typeof consumo>;

/** A refused scan of a ticket (scan log, docs/rules/scanner.md): when, why (a scan-rule reason) and at which bar. */
export const rechazo = z.object({
  id: z.number(),
  timestamp: z.string(),
  reason: z.string(),
  barra: z.string().nullable(),
});
export type Rechazo = z.infer<typeof rechazo>;

export const createTicketBody = z.object({
  pedidoId: idNumber('El pedido es obligatorio'),
  ticketTypeId: idNumber(orderMessages.ticketType),
  estado: z.enum(ticketEstados, { error: 'El estado debe ser activo o invalidado' }).default('activo'),
});
export type CreateTicketInput = z.input<typeof createTicketBody>;

export const pedido = z.object({
  id: z.number(),
  eventoId: z.number(),
  nombreCompleto: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  creadoPor: z.string(),
  createdAt: z.string(),
  evento: z.object({ id: z.number(), nombre: z.string(), fechaInicio: z.string() }),
  /** The ticket type of its tickets (docs/rules/orders-and-tickets.md); null while it has none. */
  tipoTicket: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  totalTickets: z.number(),
  /** The email of its tickets (docs/rules/guests.md): the state of the newest request. */
  envio,
  /** When the organizer marked the tickets as sent by WhatsApp (docs/rules/guests.md); null = not yet. */
  whatsappEnviadoEn: z.string().nullable(),
  /** `telefono` as wa.me wants it (E.164 digits, no '+'); null when it cannot be one. */
  telefonoWhatsapp: z.string().nullable(),
});
export type Pedido = z.infer<typeof pedido>;

export const pedidoCreated = pedido.extend({ tickets: z.array(ticket) });
export type PedidoCreated = z.infer<typeof pedidoCreated>;

export const ordersPage = z.object({
  pedidos: z.array(pedido),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type OrdersPage = z.infer<typeof ordersPage>;
