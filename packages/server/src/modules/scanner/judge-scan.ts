import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { judgeOfflineScan, offlineDrinkTime } from '@drinkflow/domain/offline-sync';
import { drinksLeft, type ScanReason } from '@drinkflow/domain/scan-rules';
import { scanReasonLabel } from '@drinkflow/domain/stats-summary';
import { offlineUploadMessages, scannerMessages, type ScanResult } from '@drinkflow/domain/scanner';
import {
  answerScan,
  ownKindAllowed,
  toScannedTicket,
  type ScanPlace,
  type ScanTicketRow,
} from '@drinkflow/domain/scan-answer';
import { conflict } from '../../http/errors';
import type { ScannerEventRow } from './admission/event-of-key';
import type { TicketRead } from './ticket-read';

/**
 * Judging a scan, pure: from a read of its ticket, either the replay of an earlier scan with the
 * same scanId or a new decision of the one rule function, with what to record (record-scan.ts
 * writes it). Nothing here reads the database or the clock: the scan's time comes in.
 */

export interface ConsumeRequest {
  qrCode: string;
  tipoBebida?: string;
  scanId?: string;
  barra?: string;
  deviceId?: string;
  /** A drink served offline, uploaded now (docs/rules/offline-and-field.md); then `scanId` and `escaneadoEn` are set. */
  offline?: boolean;
  /** When the device scanned it (ISO), offline only. */
  escaneadoEn?: string;
  /** A scan the device refused offline, with its reason: logged, never served (docs/decisions/067). */
  rechazo?: Exclude<ScanReason, 'ok'>;
}

/** An accepted offline upload: the device's scan time, and the time a lookup failure is logged at. */
export interface OfflineScan {
  escaneadoEn: Date;
  loggedAt: Date;
}

/** A scan judged: its answer, whether a drink is recorded, at what time, and what its log row says. */
export interface Judged {
  result: ScanResult;
  served: boolean;
  drinkAt: Date;
  logReason: string;
  /** An offline drink's conflict (the refusal's reason), else null. */
  conflicto: string | null;
}

/** A new decision, with the drink it is about. */
export interface Decided {
  judged: Judged;
  tipoBebida: string;
}

/** What a scan is judged with besides its ticket: the time, the server's time zone, the place. */
export interface ScanMoment {
  at: Date;
  timeZone: string;
  place: ScanPlace;
}

/**
 * Where a consume happens, for the rules: its bar — none given is null, which a type that names
 * bars refuses (docs/rules/festivals.md) — and the event's cut-off.
 */
export const placeOf = (evento: ScannerEventRow, request: ConsumeRequest): ScanPlace => ({
  barra: request.barra ?? null,
  corteDiario: evento.corteDiario,
});

/** An online scan: the rule function decides at `at`, and only an allowed drink is recorded. */
function judgeOnline(ticket: ScanTicketRow, times: Date[], tipoBebida: string, moment: ScanMoment): Judged {
  const { at, timeZone, place } = moment;
  const { decision, result } = answerScan({ ticket, times, tipoBebida, now: at, timeZone, place }, 'consume');
  return { result, served: decision.allowed, drinkAt: at, logReason: decision.reason, conflicto: null };
}

/**
 * An offline upload (docs/rules/offline-and-field.md): always recorded, at its scan time; a conflict when the rules,
 * with every drink of the ticket the server has, would have refused it (offline-sync.ts). The
 * answer's `canConsume` and `remainingDrinks` describe the ticket now, this drink included.
 */
function judgeOffline(
  ticket: ScanTicketRow,
  times: Date[],
  tipoBebida: string,
  offline: OfflineScan,
  { at, timeZone, place }: ScanMoment,
): Judged {
  const drinkAt = offlineDrinkTime(offline.escaneadoEn, at);
  const judgement = judgeOfflineScan({
    ticket,
    tipo: ticket.tipo,
    consumos: times,
    tipoBebida,
    escaneadoEn: drinkAt,
    timeZone,
    recargas: ticket.recargas,
    recargasHoy: ticket.recargasHoy,
    ...place,
  });
  const withThis = [...times, drinkAt];
  const result: ScanResult = {
    success: true,
    conflicto: judgement.conflicto,
    canConsume: ownKindAllowed(ticket, withThis, at, timeZone, place),
    message: judgement.conflicto
      ? `${offlineUploadMessages.conflict}: ${judgement.message}`
      : 'Consumo registrado',
    reason: judgement.reason,
    tipoBebida,
  };
  const left = drinksLeft(ticket.tipo, withThis.length, ticket.recargas);
  if (left !== null) result.remainingDrinks = left;
  const conflicto = judgement.conflicto ? judgement.reason : null;
  return { result, served: true, drinkAt, logReason: 'ok', conflicto };
}

/**
 * A refusal the device decided offline, uploaded now (docs/decisions/067): a fact like an offline
 * drink, so it is logged with the device's reason at its scan time, not judged again; nothing is
 * served. The answer's `canConsume` describes the ticket now.
 */
function judgeOfflineRefusal(
  ticket: ScanTicketRow,
  times: Date[],
  tipoBebida: string,
  offline: OfflineScan,
  reason: Exclude<ScanReason, 'ok'>,
  { at, timeZone, place }: ScanMoment,
): Judged {
  const result: ScanResult = {
    success: false,
    canConsume: ownKindAllowed(ticket, times, at, timeZone, place),
    message: `${offlineUploadMessages.refusal}: ${scanReasonLabel(reason)}`,
    reason,
    tipoBebida,
  };
  const drinkAt = offlineDrinkTime(offline.escaneadoEn, at);
  return { result, served: false, drinkAt, logReason: reason, conflicto: null };
}

/**
 * The answer to a scan, from a read of its ticket: a replay of an earlier scan with this scanId, or
 * a new decision with what to record.
 */
export function judgeScan(
  read: TicketRead,
  request: ConsumeRequest,
  offline: OfflineScan | null,
  moment: ScanMoment,
): { replay: ScanResult } | Decided {
  const { ticket, history, earlier } = read;
  const times = history.map((row) => row.timestamp);
  const { at, timeZone, place } = moment;
  if (earlier) {
    if (earlier.qr !== request.qrCode) throw conflict(scannerMessages.scanIdReused);
    // The first answer, with the ticket as it is now; a drink taken back since is never green
    // again (docs/rules/offline-and-field.md).
    const first: ScanResult = earlier.undone
      ? {
          success: false,
          canConsume: ownKindAllowed(ticket, times, at, timeZone, place),
          message: scannerMessages.undone,
          reason: 'deshecho',
          tipoBebida: earlier.response.tipoBebida,
          scanId: request.scanId,
        }
      : earlier.response;
    return { replay: { ...first, ...toScannedTicket(ticket, history, at) } };
  }
  const tipoBebida = (request.tipoBebida ?? defaultTipoBebida(ticket.tipo.drinkType)).toLocaleLowerCase('es');
  const judged = !offline
    ? judgeOnline(ticket, times, tipoBebida, moment)
    : request.rechazo
      ? judgeOfflineRefusal(ticket, times, tipoBebida, offline, request.rechazo, moment)
      : judgeOffline(ticket, times, tipoBebida, offline, moment);
  if (request.scanId) judged.result.scanId = request.scanId;
  return { judged, tipoBebida };
}
