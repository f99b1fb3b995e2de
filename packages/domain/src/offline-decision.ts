import { defaultTipoBebida } from './bebidas';
import { offlineTicketId, openHolderName } from './offline-crypto';
import type { OfflineData, OfflineTicket } from './offline-data';
import {
  answerScan,
  toScannedTicket,
  type ConsumoRow,
  type ScanPlace,
  type ScanTicketRow,
} from './scan-answer';
import type { ScannerTicketResponse, ScanResult } from './scanner';

/**
 * A scan decided on the bar's device when the server cannot be reached (docs/rules/offline-and-field.md): the
 * ticket is found in the offline data by the hash of the code just read, the drinks this device
 * served it since the data was built are added to the ones the data knows, and the one rule
 * function decides; the answer is built by the server's own code (scan-answer.ts), so an offline
 * verdict reads like an online one.
 *
 * Only zod-free modules are imported here (types excepted): the public scanner's bundle carries no
 * schema library (scripts/route-budget.mjs), so the crypto comes from offline-crypto.ts.
 */

/** The answer for a code the offline data does not hold (scannerMessages.ticketNotFound). */
export const OFFLINE_NOT_FOUND = 'Ticket no encontrado';
/** A drink the data knows only by its time: its kind and bar are not in the offline data. */
export const UNKNOWN_DRINK = 'bebida';
/** The holder, when the sealed name does not open (altered data). */
export const UNKNOWN_HOLDER = 'Titular desconocido';

/** A drink this device served that the offline data may not hold yet (queued, or sent since). */
export interface LocalDrink {
  /** The ticket's offline id (offlineTicketId of its code). */
  ticket: string;
  tipoBebida: string;
  /** When it was served, ISO. */
  timestamp: string;
  barra: string | null;
}

export interface OfflineScanInput {
  data: OfflineData;
  /** The code just read. */
  qrCode: string;
  /** This device's drinks the data does not hold, of any ticket. */
  localDrinks: readonly LocalDrink[];
  now: Date;
  /** Left out or blank: the ticket's default drink (as the server does). */
  tipoBebida?: string;
  barra?: string | null;
}

export type OfflineConsume =
  | { found: false; message: string }
  | {
      found: true;
      /** The ticket's offline id. */
      ticket: string;
      /** The consume answer, as the server would give it, with the ticket after this drink. */
      result: ScanResult;
      /** The drink to queue for the server, when it was allowed. */
      drink: LocalDrink | null;
    };

export type OfflineVerify =
  { found: false; message: string } | { found: true; ticket: string; response: ScannerTicketResponse };

interface Located {
  id: string;
  row: ScanTicketRow;
  /** The data's drinks and this device's, in time order. */
  history: ConsumoRow[];
  timeZone: string;
}

const byTime = (a: { timestamp: Date }, b: { timestamp: Date }) =>
  a.timestamp.getTime() - b.timestamp.getTime();

function historyOf(ticket: OfflineTicket, id: string, localDrinks: readonly LocalDrink[]): ConsumoRow[] {
  const known = ticket.consumos.map((time) => ({
    tipoBebida: UNKNOWN_DRINK,
    timestamp: new Date(time),
    barra: null,
  }));
  const local = localDrinks
    .filter((drink) => drink.ticket === id)
    .map((drink) => ({
      tipoBebida: drink.tipoBebida,
      timestamp: new Date(drink.timestamp),
      barra: drink.barra,
    }));
  // No drink here has a server id: negative ones, unique within the ticket.
  return [...known, ...local].sort(byTime).map((drink, index) => ({ id: -(index + 1), ...drink }));
}

/**
 * The ticket of `qrCode` in the data, as the scanner answers it, or null when it is not there. The
 * code is trimmed and its case kept, as the server's lookup reads it (a shop's code, docs/decisions/069).
 */
async function locate(
  data: OfflineData,
  scanned: string,
  localDrinks: readonly LocalDrink[],
): Promise<Located | null> {
  const qrCode = scanned.trim();
  const id = await offlineTicketId(qrCode);
  const ticket = data.tickets.find((candidate) => candidate.id === id);
  const tipo = ticket && data.tiposTicket.find((candidate) => candidate.id === ticket.ticketTypeId);
  if (!ticket || !tipo) return null;
  const row: ScanTicketRow = {
    id: ticket.ticketId,
    estado: ticket.estado,
    createdAt: new Date(ticket.createdAt),
    titular: (await openHolderName(qrCode, ticket.titular)) ?? UNKNOWN_HOLDER,
    tipo: {
      ...tipo,
      validoDesde: new Date(tipo.validoDesde),
      validoHasta: new Date(tipo.validoHasta),
      maxDrinksPerDay: tipo.maxDrinksPerDay ?? null,
      barrasPermitidas: tipo.barrasPermitidas ?? null,
    },
    ...(ticket.recargas ? { recargas: ticket.recargas } : {}),
    ...(ticket.recargasHoy
      ? {
          recargasHoy: ticket.recargasHoy.map((topUp) => ({
            at: new Date(topUp.createdAt),
            bebidas: topUp.bebidas,
          })),
        }
      : {}),
  };
  return { id, row, history: historyOf(ticket, id, localDrinks), timeZone: data.evento.zonaHoraria };
}

/**
 * The rule function's decision and answer for a located ticket, with the inputs the server passes
 * (docs/rules/festivals.md): the scan's bar, the ticket's top-ups, the event's cut-off.
 */
function decideLocated(
  { row, history, timeZone }: Located,
  {
    tipoBebida,
    now,
    place,
    kind,
  }: { tipoBebida: string; now: Date; place: ScanPlace; kind: 'consume' | 'verify' },
) {
  const times = history.map((drink) => drink.timestamp);
  return answerScan({ ticket: row, times, tipoBebida, now, timeZone, place }, kind);
}

/** A consume decided offline: what the server would answer, and the drink to queue when allowed. */
export async function decideOfflineScan(input: OfflineScanInput): Promise<OfflineConsume> {
  const { data, qrCode, localDrinks, now } = input;
  const found = await locate(data, qrCode, localDrinks);
  if (!found) return { found: false, message: OFFLINE_NOT_FOUND };
  const { id, row, history } = found;
  const tipoBebida = (input.tipoBebida?.trim() || defaultTipoBebida(row.tipo.drinkType)).toLocaleLowerCase(
    'es',
  );
  // A consume always names its bar: none given is null, which a type that names bars refuses.
  const barra = input.barra?.trim() || null;
  const place = { barra, corteDiario: data.evento.corteDiario };
  const { decision, result: answer } = decideLocated(found, { tipoBebida, now, place, kind: 'consume' });
  let drink: LocalDrink | null = null;
  if (decision.allowed) {
    drink = { ticket: id, tipoBebida, timestamp: now.toISOString(), barra };
    history.push({ id: -(history.length + 1), tipoBebida, timestamp: now, barra });
  }
  return { found: true, ticket: id, result: { ...answer, ...toScannedTicket(row, history, now) }, drink };
}

/** Advanced mode's 'Verificar Ticket' offline: the ticket and what a drink now would get. */
export async function verifyOffline(input: Omit<OfflineScanInput, 'tipoBebida'>): Promise<OfflineVerify> {
  const { data, qrCode, localDrinks, now } = input;
  const found = await locate(data, qrCode, localDrinks);
  if (!found) return { found: false, message: OFFLINE_NOT_FOUND };
  const { id, row, history } = found;
  const tipoBebida = defaultTipoBebida(row.tipo.drinkType);
  // The device's bar when it gave one (else the allowed-bars rule is skipped, as online).
  const place = { barra: input.barra?.trim() || undefined, corteDiario: data.evento.corteDiario };
  const { result: answer } = decideLocated(found, { tipoBebida, now, place, kind: 'verify' });
  const { nombre, ubicacion, fechaInicio, fechaFin } = data.evento;
  return {
    found: true,
    ticket: id,
    response: {
      ...toScannedTicket(row, history, now),
      evento: { nombre, ubicacion, fechaInicio, fechaFin },
      verificacion: answer,
    },
  };
}
