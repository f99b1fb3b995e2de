import { DEFAULT_TIME_ZONE, formatTime } from './dates';
import {
  decideScan,
  type ScanContext,
  type ScanReason,
  type ScanTicket,
  type ScanTicketType,
} from './scan-rules';

/**
 * Scans a bar's device decided without the network, judged again by the server when they arrive
 * (docs/rules/offline-and-field.md, docs/decisions/036). A drink served offline is a fact: it is always stored, at the
 * time it was scanned. This module says whether the rules, knowing every drink of the ticket the
 * server has, would have refused it — a *conflict*, stored with the reason.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How far an upload's `escaneadoEn` may lie from the server's clock. */
export const OFFLINE_SYNC_LIMITS = {
  /** An offline scan older than this is refused (400): the device kept it too long. */
  maxAgeMs: 48 * HOUR,
  /**
   * A device's clock may run this far ahead of the server's: such a scan is taken as made now
   * (its time is never stored in the future). Further ahead → 400.
   */
  clockSkewMs: 5 * MINUTE,
} as const;

export const offlineSyncMessages = {
  future: 'La hora del escaneo no puede estar en el futuro',
  tooOld: 'La hora del escaneo no puede tener más de 48 horas',
} as const;

/** Why `escaneadoEn` cannot be accepted at `now` (a Spanish sentence), or null when it can. */
export function escaneadoEnProblem(escaneadoEn: Date, now: Date): string | null {
  const ahead = escaneadoEn.getTime() - now.getTime();
  if (ahead > OFFLINE_SYNC_LIMITS.clockSkewMs) return offlineSyncMessages.future;
  if (-ahead > OFFLINE_SYNC_LIMITS.maxAgeMs) return offlineSyncMessages.tooOld;
  return null;
}

/** The time an accepted offline drink is stored at: its scan time, or now when the device ran ahead. */
export const offlineDrinkTime = (escaneadoEn: Date, now: Date): Date =>
  escaneadoEn.getTime() > now.getTime() ? now : escaneadoEn;

export interface OfflineScanInput extends ScanContext {
  ticket: ScanTicket;
  tipo: ScanTicketType;
  /** Times of every drink the server has for this ticket (this scan's not included), in any order. */
  consumos: readonly Date[];
  tipoBebida: string;
  /** When the device scanned it (already accepted by {@link escaneadoEnProblem}). */
  escaneadoEn: Date;
  timeZone?: string;
}

export interface OfflineJudgement {
  /** The rules, with every drink the server knows, would have refused this drink. */
  conflicto: boolean;
  /** `ok`, or the refusal's reason (docs/rules/scan-rules.md). */
  reason: ScanReason;
  /** Why, in Spanish (the rule function's message, or the later drink's interval). */
  message: string;
}

/**
 * Would the rules have refused this offline drink, knowing every drink of the ticket? Judged by
 * the one rule function, `decideScan`, at `escaneadoEn` (the validity window then, not at upload):
 * - the stored state: an invalidated ticket → `invalidado`; a drink the type excludes → `tipo_bebida`;
 * - a count limit counts every drink the ticket has, before and after `escaneadoEn` (what the
 *   bars served is all that matters: of two offline drinks of a one-drink ticket, the one uploaded
 *   second is the conflict) → `agotado`;
 * - an interval compares with the drinks on both sides of `escaneadoEn`: an earlier drink less than
 *   one interval before (decideScan with the earlier drinks), or a later drink less than one
 *   interval after (that drink would have been refused had this one been known) → `intervalo`.
 */
export function judgeOfflineScan({
  ticket,
  tipo,
  consumos,
  tipoBebida,
  escaneadoEn,
  timeZone = DEFAULT_TIME_ZONE,
  ...context
}: OfflineScanInput): OfflineJudgement {
  const at = escaneadoEn.getTime();
  // The bar, top-ups and cut-off (docs/rules/festivals.md) judge an offline drink as they would have online.
  const decide = (drinks: readonly Date[]) =>
    decideScan({ ticket, tipo, consumos: drinks, tipoBebida, now: escaneadoEn, timeZone, ...context });

  // Every rule but the interval is decided with every drink: the order of the rules stays the
  // rule function's own (invalidado, validity, drink, count).
  const all = decide(consumos);
  if (all.allowed) return { conflicto: false, reason: 'ok', message: all.message };
  if (all.reason !== 'intervalo') return { conflicto: true, reason: all.reason, message: all.message };

  // The interval: the rule function judges the drinks before (or at) this one …
  const before = decide(consumos.filter((time) => time.getTime() <= at));
  if (!before.allowed) return { conflicto: true, reason: before.reason, message: before.message };
  // … and a later drink served within one interval after this one would itself have been refused.
  const intervalMs = (tipo.drinkIntervalMinutes ?? 0) * MINUTE;
  const next = consumos
    .map((time) => time.getTime())
    .filter((time) => time > at)
    .reduce((soonest, time) => Math.min(soonest, time), Number.POSITIVE_INFINITY);
  if (next < at + intervalMs) {
    return {
      conflicto: true,
      reason: 'intervalo',
      message: `Se sirvió otra bebida a las ${formatTime(new Date(next), timeZone)}, antes del intervalo`,
    };
  }
  return { conflicto: false, reason: 'ok', message: 'Consumo permitido' };
}
