import { defaultTipoBebida } from './bebidas';
import { dailyAllowance, drinksToday, type DayTopUp } from './daily-cutoff';
import {
  decideScan,
  effectiveTicketState,
  type ScanContext,
  type ScanDecision,
  type ScanTicket,
  type ScanTicketType,
} from './scan-rules';
import type { ScannedTicket, ScanResult } from './scanner';

/**
 * How a scan's answer is built from the rule function's decision, shared by the server and the
 * offline scanner (docs/rules/offline-and-field.md), so both answer alike.
 */

/** A ticket as the scanner answers it: its rule fields, holder and type. */
export interface ScanTicketRow extends ScanTicket {
  id: number;
  createdAt: Date;
  titular: string;
  tipo: ScanTicketType & { nombre: string; durationMinutes: number | null };
  /** Drinks its top-ups added (docs/rules/festivals.md); absent: none. */
  recargas?: number;
  /** Its top-ups 'Usables también hoy' with their times (rule 7, docs/decisions/063); absent: none. */
  recargasHoy?: readonly DayTopUp[];
}

/** The scan's bar and the event's cut-off (docs/rules/festivals.md), as `decideScan` took them. */
export type ScanPlace = Pick<ScanContext, 'barra' | 'corteDiario'>;

/** A drink of the ticket's history. */
export interface ConsumoRow {
  id: number;
  tipoBebida: string;
  timestamp: Date;
  barra: string | null;
}

/** A scan of a ticket row: what the rule function needs besides the row's own fields. */
export interface TicketScan {
  ticket: ScanTicketRow;
  /** The ticket's consumption times before this scan. */
  times: readonly Date[];
  tipoBebida: string;
  now: Date;
  timeZone: string;
  /** The bar and cut-off the scan is decided with (docs/rules/festivals.md); absent: none. */
  place?: ScanPlace;
}

interface ResultInput extends TicketScan {
  decision: ScanDecision;
  /** A consume (an allowed drink is recorded) or a verification (nothing is). */
  kind: 'consume' | 'verify';
}

/**
 * The one rule function on a ticket row, as every scanner decides (the server, the lookup, the
 * offline scanner): the row's type and top-ups, the scan's bar and the event's cut-off.
 */
export function decideTicketScan({
  ticket,
  times,
  tipoBebida,
  now,
  timeZone,
  place,
}: TicketScan): ScanDecision {
  return decideScan({
    ticket,
    tipo: ticket.tipo,
    consumos: times,
    tipoBebida,
    now,
    timeZone,
    recargas: ticket.recargas,
    recargasHoy: ticket.recargasHoy,
    ...place,
  });
}

/** A scan decided and answered as the scanner API answers it. */
export function answerScan(
  scan: TicketScan,
  kind: ResultInput['kind'],
): { decision: ScanDecision; result: ScanResult } {
  const decision = decideTicketScan(scan);
  return { decision, result: toScanResult({ ...scan, decision, kind }) };
}

/**
 * Whether a drink of a kind the ticket allows could be served right now (docs/rules/scanner.md): after a
 * recorded drink, the rule's own answer; a refused drink of the wrong kind asks again with the
 * ticket's own kind, so a valid ticket still reads as valid.
 */
function canConsume({ decision, ticket, times, now, timeZone, kind, place }: ResultInput): boolean {
  if (decision.allowed) return kind === 'consume' ? decision.canConsumeAgain : true;
  if (decision.reason !== 'tipo_bebida') return false;
  return ownKindAllowed(ticket, times, now, timeZone, place);
}

/**
 * Whether a drink of the ticket's own kind would be served now (at `place`'s bar, with its top-ups
 * and the event's cut-off).
 */
export function ownKindAllowed(
  ticket: ScanTicketRow,
  times: readonly Date[],
  now: Date,
  timeZone: string,
  place: ScanPlace = {},
): boolean {
  const tipoBebida = defaultTipoBebida(ticket.tipo.drinkType);
  return decideTicketScan({ ticket, times, tipoBebida, now, timeZone, place }).allowed;
}

/** The rule function's decision as the scanner API answers it. */
export function toScanResult(input: ResultInput): ScanResult {
  const { decision, tipoBebida, kind } = input;
  const result: ScanResult = {
    success: decision.allowed,
    canConsume: canConsume(input),
    message: decision.allowed && kind === 'consume' ? 'Consumo registrado' : decision.message,
    reason: decision.reason,
    tipoBebida,
  };
  if (decision.remainingDrinks !== undefined) result.remainingDrinks = decision.remainingDrinks;
  if (decision.nextAllowedTime) result.nextAllowedTime = decision.nextAllowedTime.toISOString();
  const perDay = input.ticket.tipo.maxDrinksPerDay;
  if (perDay !== null && perDay !== undefined) {
    const { times, now, timeZone, place } = input;
    const recorded = decision.allowed && kind === 'consume' ? 1 : 0;
    result.bebidasHoy = drinksToday(times, now, place?.corteDiario, timeZone) + recorded;
    result.maxDrinksPerDay = perDay;
    const limiteHoy = dailyAllowance(perDay, input.ticket.recargasHoy, now, place?.corteDiario, timeZone);
    if (limiteHoy !== perDay) result.limiteHoy = limiteHoy;
  }
  return result;
}

/** The ticket as the scanner shows it, with its drinks in time order, at `now`. */
export function toScannedTicket(ticket: ScanTicketRow, history: ConsumoRow[], now: Date): ScannedTicket {
  const { tipo } = ticket;
  const answer: ScannedTicket = {
    ticket: {
      id: ticket.id,
      estado: effectiveTicketState(ticket, tipo, history.length, now, ticket.recargas),
      titular: ticket.titular,
      createdAt: ticket.createdAt.toISOString(),
    },
    tipoTicket: {
      nombre: tipo.nombre,
      modo: tipo.modo,
      maxDrinks: tipo.maxDrinks,
      drinkIntervalMinutes: tipo.drinkIntervalMinutes,
      durationMinutes: tipo.durationMinutes,
      drinkType: tipo.drinkType,
      validoDesde: tipo.validoDesde.toISOString(),
      validoHasta: tipo.validoHasta.toISOString(),
    },
    consumos: history.map((row) => ({ ...row, timestamp: row.timestamp.toISOString() })),
  };
  // docs/rules/festivals.md's fields, only when the ticket or its type has them (answers stay as they were).
  if (ticket.recargas !== undefined) answer.ticket.recargas = ticket.recargas;
  if (tipo.maxDrinksPerDay !== null && tipo.maxDrinksPerDay !== undefined) {
    answer.tipoTicket.maxDrinksPerDay = tipo.maxDrinksPerDay;
  }
  if (tipo.barrasPermitidas) answer.tipoTicket.barrasPermitidas = [...tipo.barrasPermitidas];
  return answer;
}
