import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { decideScan, type ScanDecision, type ScanTicket } from '@drinkflow/domain/scan-rules';
import type { ScanResult } from '@drinkflow/domain/scanner';
import type { tiposTicket } from '../../db/schema';

export interface ScanTicketRow extends ScanTicket {
  id: number;
  createdAt: Date;
  eventoId: number;
  titular: string;
  tipo: typeof tiposTicket.$inferSelect;
}

interface ResultInput {
  decision: ScanDecision;
  ticket: ScanTicketRow;
  /** The ticket's consumption times before this scan. */
  times: Date[];
  tipoBebida: string;
  now: Date;
  timeZone: string;
  /** Whether an allowed decision was recorded (consume) or only asked about (verify). */
  recorded: boolean;
}

/**
 * Whether a drink of a kind the ticket allows could be served right now (DECISIONS §7): after a
 * recorded drink, the rule's own answer; a refused drink of the wrong kind asks again with the
 * ticket's own kind, so a valid ticket still reads as valid.
 */
function canConsume({ decision, ticket, times, now, timeZone, recorded }: ResultInput): boolean {
  if (decision.allowed) return recorded ? decision.canConsumeAgain : true;
  if (decision.reason !== 'tipo_bebida') return false;
  const ownKind = defaultTipoBebida(ticket.tipo.drinkType);
  return decideScan({ ticket, tipo: ticket.tipo, consumos: times, tipoBebida: ownKind, now, timeZone })
    .allowed;
}

/** The rule function's decision as the scanner API answers it. */
export function toScanResult(input: ResultInput): ScanResult {
  const { decision, tipoBebida, recorded } = input;
  const result: ScanResult = {
    success: decision.allowed,
    canConsume: canConsume(input),
    message: decision.allowed && recorded ? 'Consumo registrado' : decision.message,
    reason: decision.reason,
    tipoBebida,
  };
  if (decision.remainingDrinks !== undefined) result.remainingDrinks = decision.remainingDrinks;
  if (decision.nextAllowedTime) result.nextAllowedTime = decision.nextAllowedTime.toISOString();
  return result;
}
