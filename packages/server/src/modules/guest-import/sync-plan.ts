import {
  guestMatchKeys,
  importMessages,
  normaliseHeader,
  type GuestRow,
  type ImportMapping,
  type ImportPreview,
} from '@drinkflow/domain/guest-import';
import { isCancelledStatus, isShortCode } from '@drinkflow/domain/shop-exports';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pedidos, tickets, tiposTicket } from '../../db/schema';

/**
 * A re-import is a sync (docs/decisions/068): each row is matched with the event's guests by its key
 * — the shop's id (`pedidos.id_externo`), else its code (the ticket's QR code in the event), else the
 * name with the email or phone (docs/decisions/030) — and the plan says what to do with each.
 */

interface EventOrder {
  id: number;
  nombreCompleto: string;
  email: string;
  telefono: string | null;
  idExterno: string | null;
}

interface EventTicket {
  id: number;
  pedidoId: number;
  estado: 'activo' | 'invalidado';
  qrCode: string;
}

/** What the import finds of the event: its orders, its tickets (when codes or cancellations need them) and its types. */
export interface EventState {
  orders: Map<number, EventOrder>;
  orderByExternalId: Map<string, EventOrder>;
  orderByGuestKey: Map<string, number>;
  ticketByCode: Map<string, EventTicket>;
  ticketsOfOrder: Map<number, EventTicket[]>;
  types: { id: number; nombre: string }[];
}

/** The event as the rows need it; its tickets are read only when a row has a code or is cancelled. */
export async function readEventState(
  executor: Db | Tx,
  eventoId: number,
  filas: GuestRow[],
): Promise<EventState> {
  const orderRows = await executor
    .select({
      id: pedidos.id,
      nombreCompleto: pedidos.nombreCompleto,
      email: pedidos.email,
      telefono: pedidos.telefono,
      idExterno: pedidos.idExterno,
    })
    .from(pedidos)
    .where(eq(pedidos.eventoId, eventoId))
    .orderBy(pedidos.id);
  const needsTickets = filas.some(
    (fila) => fila.accion !== 'error' && (fila.codigo !== null || isCancelled(fila)),
  );
  const ticketRows = needsTickets
    ? await executor
        .select({
          id: tickets.id,
          pedidoId: tickets.pedidoId,
          estado: tickets.estado,
          qrCode: tickets.qrCode,
        })
        .from(tickets)
        .where(eq(tickets.eventoId, eventoId))
        .orderBy(tickets.id)
    : [];
  const types = await executor
    .select({ id: tiposTicket.id, nombre: tiposTicket.nombre })
    .from(tiposTicket)
    .where(eq(tiposTicket.eventoId, eventoId));

  const state: EventState = {
    orders: new Map(orderRows.map((order) => [order.id, order])),
    orderByExternalId: new Map(),
    orderByGuestKey: new Map(),
    ticketByCode: new Map(ticketRows.map((ticket) => [ticket.qrCode, ticket])),
    ticketsOfOrder: new Map(),
    types,
  };
  for (const order of orderRows) {
    if (order.idExterno !== null) state.orderByExternalId.set(order.idExterno, order);
    for (const { key } of guestMatchKeys(order)) {
      if (!state.orderByGuestKey.has(key)) state.orderByGuestKey.set(key, order.id);
    }
  }
  for (const ticket of ticketRows) {
    const ofOrder = state.ticketsOfOrder.get(ticket.pedidoId) ?? [];
    ofOrder.push(ticket);
    state.ticketsOfOrder.set(ticket.pedidoId, ofOrder);
  }
  return state;
}

const isCancelled = (fila: GuestRow) => fila.estado !== null && isCancelledStatus(fila.estado);

type TypeChoice = { ticketTypeId: number | null; decidido: boolean; ambiguous: boolean };

/**
 * The event's type for each ticket-type text of the file: the remembered choice (a type of the
 * event, or null for 'No importar'), else the one type of that name, else undecided.
 */
function typeChoices(
  texts: string[],
  types: EventState['types'],
  remembered: ImportMapping['tipos'],
): Map<string, TypeChoice> {
  const ids = new Set(types.map((type) => type.id));
  const byName = new Map<string, number[]>();
  for (const type of types) {
    const name = normaliseHeader(type.nombre);
    byName.set(name, [...(byName.get(name) ?? []), type.id]);
  }
  return new Map(
    texts.map((key): [string, TypeChoice] => {
      const choice = remembered[key];
      if (choice === null || (choice !== undefined && ids.has(choice))) {
        return [key, { ticketTypeId: choice, decidido: true, ambiguous: false }];
      }
      const named = byName.get(key) ?? [];
      return [
        key,
        named.length === 1
          ? { ticketTypeId: named[0]!, decidido: true, ambiguous: false }
          : { ticketTypeId: null, decidido: false, ambiguous: named.length > 1 },
      ];
    }),
  );
}

/** Each ticket-type text of the valid rows (as first written), its rows and its type. */
function fileTypes(filas: GuestRow[], choices: Map<string, TypeChoice>): ImportPreview['tiposArchivo'] {
  const byText = new Map<string, ImportPreview['tiposArchivo'][number]>();
  for (const fila of filas) {
    if (fila.accion === 'error') continue;
    const key = normaliseHeader(fila.tipoTicket);
    const entry = byText.get(key);
    if (entry) entry.filas += 1;
    else {
      const { ticketTypeId, decidido } = choices.get(key)!;
      byText.set(key, { texto: fila.tipoTicket, filas: 1, ticketTypeId, decidido });
    }
  }
  return [...byText.values()];
}

/** The row's error, which also makes it `error` (codes and shop ids are checked against the file and the event). */
function refuse(fila: GuestRow, field: string, message: string): undefined {
  fila.errores.push({ field, message });
  fila.accion = 'error';
  fila.ticketTypeId = null;
  return undefined;
}

/** A plan: the rows with their `accion`, the tickets each `anular` row invalidates, and the file's types. */
export interface SyncPlan {
  filas: GuestRow[];
  tiposArchivo: ImportPreview['tiposArchivo'];
  ticketsToInvalidate: Map<number, number[]>;
}

/** What a row's shop id or code finds in the event. */
interface ShopMatch {
  keyedByShop: boolean;
  pedidoId: number | undefined;
  /** The ticket of the row's code, when the code is its key (no shop id). */
  ticket: EventTicket | undefined;
}

/** The lines of the file's shop ids and codes so far: each may appear once. */
interface FileKeys {
  lineOfCode: Map<string, number>;
  lineOfExternalId: Map<string, number>;
  lineOfGuestKey: Map<string, number>;
}

/**
 * The row's shop id and code, checked against the file and the event: undefined after refusing
 * the row (repeated in the file, or a code another guest of the event holds).
 */
function matchByShop(fila: GuestRow, state: EventState, keys: FileKeys): ShopMatch | undefined {
  const earlierId = fila.idExterno === null ? undefined : keys.lineOfExternalId.get(fila.idExterno);
  if (earlierId !== undefined) return refuse(fila, 'idExterno', importMessages.externalIdRepeated(earlierId));
  const earlierCode = fila.codigo === null ? undefined : keys.lineOfCode.get(fila.codigo);
  if (earlierCode !== undefined) return refuse(fila, 'codigo', importMessages.codeRepeated(earlierCode));
  if (fila.idExterno !== null) keys.lineOfExternalId.set(fila.idExterno, fila.linea);
  if (fila.codigo !== null) keys.lineOfCode.set(fila.codigo, fila.linea);

  const order = fila.idExterno === null ? undefined : state.orderByExternalId.get(fila.idExterno);
  const codeTicket = fila.codigo === null ? undefined : state.ticketByCode.get(fila.codigo);
  // The code is the key only without a shop id; with one, the code must be that order's or nobody's.
  if (fila.idExterno !== null) {
    if (codeTicket && codeTicket.pedidoId !== order?.id) {
      return refuse(fila, 'codigo', importMessages.codeInEvent(codeTicket.pedidoId));
    }
    return { keyedByShop: true, pedidoId: order?.id, ticket: undefined };
  }
  return { keyedByShop: fila.codigo !== null, pedidoId: codeTicket?.pedidoId, ticket: codeTicket };
}

/**
 * A row the shop refunded or cancelled: it invalidates what it matched — the code's one ticket, or
 * every ticket of the order matched by shop id or name — and is `cancelado` when it matched nothing.
 */
function decideCancelled(
  fila: GuestRow,
  match: ShopMatch,
  state: EventState,
  ticketsToInvalidate: Map<number, number[]>,
) {
  const pedidoId = match.keyedByShop ? match.pedidoId : guestKeyMatch(fila, state.orderByGuestKey);
  if (pedidoId === undefined) {
    fila.accion = 'cancelado';
    return;
  }
  const targets = match.ticket ? [match.ticket] : (state.ticketsOfOrder.get(pedidoId) ?? []);
  const active = targets.filter((ticket) => ticket.estado === 'activo').map((ticket) => ticket.id);
  fila.pedidoId = pedidoId;
  fila.accion = active.length > 0 ? 'anular' : 'ya_anulado';
  if (active.length > 0) ticketsToInvalidate.set(fila.linea, active);
}

/**
 * Decides every row, in file order: errors stay errors; a code or shop id repeated in the file, or a
 * code another guest of the event has, is an error; a cancelled row invalidates what it matches;
 * a matched row is already imported; the rest go by their ticket type, then by duplicates.
 */
export function planSync(filas: GuestRow[], state: EventState, remembered: ImportMapping['tipos']): SyncPlan {
  const keys: FileKeys = { lineOfCode: new Map(), lineOfExternalId: new Map(), lineOfGuestKey: new Map() };
  const ticketsToInvalidate = new Map<number, number[]>();

  for (const fila of filas) {
    if (fila.accion === 'error') continue;
    const match = matchByShop(fila, state, keys);
    if (!match) continue;
    if (isCancelled(fila)) decideCancelled(fila, match, state, ticketsToInvalidate);
    else if (match.pedidoId !== undefined) {
      fila.pedidoId = match.pedidoId;
      fila.accion = 'ya_importado';
    } else if (!match.keyedByShop) markDuplicate(fila, state.orderByGuestKey, keys.lineOfGuestKey);
  }

  const texts = [
    ...new Set(
      filas.filter((fila) => fila.accion !== 'error').map((fila) => normaliseHeader(fila.tipoTicket)),
    ),
  ];
  const choices = typeChoices(texts, state.types, remembered);
  for (const fila of filas) decideType(fila, choices.get(normaliseHeader(fila.tipoTicket)));
  return { filas, tiposArchivo: fileTypes(filas, choices), ticketsToInvalidate };
}

/** The order of the event this row's guest already is, by name and email or phone. */
function guestKeyMatch(fila: GuestRow, orderByGuestKey: Map<string, number>): number | undefined {
  const match = guestMatchKeys(fila).find(({ key }) => orderByGuestKey.has(key));
  return match && orderByGuestKey.get(match.key);
}

/** Marks a row that repeats a guest of an existing order or of an earlier row (docs/decisions/030). */
function markDuplicate(
  fila: GuestRow,
  orderByGuestKey: Map<string, number>,
  lineOfGuestKey: Map<string, number>,
) {
  const keys = guestMatchKeys(fila);
  const order = keys.find(({ key }) => orderByGuestKey.has(key));
  const earlier = keys.find(({ key }) => lineOfGuestKey.has(key));
  if (order) {
    const pedidoId = orderByGuestKey.get(order.key)!;
    fila.pedidoId = pedidoId;
    fila.duplicado = {
      pedidoId,
      linea: null,
      message: importMessages.duplicateOfOrder(order.match, pedidoId),
    };
  } else if (earlier) {
    const linea = lineOfGuestKey.get(earlier.key)!;
    fila.duplicado = { pedidoId: null, linea, message: importMessages.duplicateOfRow(earlier.match, linea) };
  }
  for (const { key } of keys) if (!lineOfGuestKey.has(key)) lineOfGuestKey.set(key, fila.linea);
}

/**
 * A row to create takes its text's type: 'No importar' leaves it out, an undecided text holds it
 * (`sin_tipo`); the rest are new or duplicates. Rows to create with a short code are warned.
 */
function decideType(fila: GuestRow, choice: TypeChoice | undefined) {
  if (!choice || fila.accion === 'error') return;
  fila.ticketTypeId = choice.ticketTypeId;
  // Only the rows still to create go by their type; the others were decided by their match.
  if (fila.accion !== 'nuevo') return;
  if (choice.ambiguous) fila.avisos.push(importMessages.ambiguousType(fila.tipoTicket));
  fila.accion = !choice.decidido
    ? 'sin_tipo'
    : choice.ticketTypeId === null
      ? 'omitido_tipo'
      : fila.duplicado
        ? 'duplicado'
        : 'nuevo';
  if (fila.accion !== 'omitido_tipo' && fila.codigo !== null && isShortCode(fila.codigo)) {
    fila.avisos.push(importMessages.shortCode);
  }
}

/** The preview's counts of a plan. */
export function planCounts(filas: GuestRow[]) {
  const count = (accion: GuestRow['accion']) => filas.filter((fila) => fila.accion === accion).length;
  const validas = filas.filter((fila) => fila.accion !== 'error');
  const toCreate = filas.filter((fila) => fila.accion === 'nuevo' || fila.accion === 'duplicado');
  return {
    total: filas.length,
    validas: validas.length,
    conErrores: filas.length - validas.length,
    duplicados: count('duplicado'),
    tickets: toCreate.reduce((sum, fila) => sum + (fila.cantidad ?? 0), 0),
    nuevos: count('nuevo'),
    yaImportados: count('ya_importado'),
    anulados: count('anular'),
    cancelados: count('cancelado'),
    omitidosPorTipo: count('omitido_tipo'),
    sinTipo: count('sin_tipo'),
    codigosCortos: filas.filter((fila) => fila.avisos.includes(importMessages.shortCode)).length,
  };
}
