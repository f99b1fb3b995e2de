import { drinkAllowed } from './bebidas';
import { dailyAllowance, DEFAULT_CORTE_DIARIO, drinksToday, nextCutoff, type DayTopUp } from './daily-cutoff';
import { DEFAULT_TIME_ZONE, formatTime, startingAt } from './dates';
import type { Modo } from './ticket-type-labels';

/**
 * Why a scan is answered as it is, in the order the rules are checked (docs/rules/scan-rules.md,
 * docs/rules/festivals.md): `ok` when served, else the refusal. The one list of them: the wire's
 * reasons (scanner.ts) and the database's check of an offline drink's conflict are built from it.
 */
export const scanRuleReasons = [
  'ok',
  'invalidado',
  'no_valido_aun',
  'caducado',
  'barra_no_permitida',
  'tipo_bebida',
  'agotado',
  'limite_diario',
  'intervalo',
] as const;
export type ScanReason = (typeof scanRuleReasons)[number];

/** Every refusal (every reason but `ok`): what an offline drink's conflict may be. */
export const scanRefusals = scanRuleReasons.filter(
  (reason): reason is Exclude<ScanReason, 'ok'> => reason !== 'ok',
);

export const scanRuleMessages = {
  invalidado: 'Ticket invalidado',
  caducado: 'El ticket ha caducado',
  barraNoPermitida: 'Este ticket no es válido en esta barra',
  agotado: 'Límite de bebidas alcanzado',
  limiteDiario: 'Límite diario alcanzado',
  permitido: 'Consumo permitido',
} as const;

export interface ScanTicket {
  estado: 'activo' | 'invalidado';
}

export interface ScanTicketType {
  modo: Modo;
  maxDrinks: number | null;
  drinkIntervalMinutes: number | null;
  drinkType: string;
  validoDesde: Date;
  validoHasta: Date;
  /** Drinks per festival day, counted since the last cut-off (docs/rules/festivals.md); absent or null: no limit. */
  maxDrinksPerDay?: number | null;
  /** The bars that serve this type (docs/rules/festivals.md); absent or null: every bar. */
  barrasPermitidas?: readonly string[] | null;
}

/** What docs/rules/festivals.md adds to a scan; every field optional, so that absent, the rules are the base six. */
export interface ScanContext {
  /**
   * The bar that scans: its name, or null when the device gave none (then a type that names bars
   * refuses it). Undefined skips the bar rule: a ticket lookup without the device's bar.
   */
  barra?: string | null;
  /** Drinks added to this ticket by top-ups: they raise a count limit (not a temporal ticket's). */
  recargas?: number;
  /**
   * The ticket's top-ups 'Usables también hoy' (`paraHoy`), with when each was made: each also
   * raises the per-day limit of its own festival day (rule 7). Already counted in `recargas`.
   */
  recargasHoy?: readonly DayTopUp[];
  /** When the festival day ends, "HH:mm" in `timeZone`; default "06:00". */
  corteDiario?: string;
}

export interface ScanInput extends ScanContext {
  ticket: ScanTicket;
  tipo: ScanTicketType;
  /** Times of the drinks already recorded for this ticket, in any order. */
  consumos: readonly Date[];
  tipoBebida: string;
  now: Date;
  timeZone?: string;
}

export interface ScanDecision {
  allowed: boolean;
  reason: ScanReason;
  message: string;
  /** Drinks left after this one (or, refused, now); absent when the ticket has no count limit. */
  remainingDrinks?: number;
  /**
   * When the next drink may be served: intervalos_controlados, and the next cut-off of a
   * `limite_diario` refusal — null then when that cut-off falls after the ticket's validity ends.
   */
  nextAllowedTime?: Date | null;
  /** Whether another drink could be served right now once this decision is applied. */
  canConsumeAgain: boolean;
}

const refuse = (reason: ScanReason, message: string, extra: Partial<ScanDecision> = {}): ScanDecision => ({
  allowed: false,
  reason,
  message,
  canConsumeAgain: false,
  ...extra,
});

/** A ticket's total drinks: its type's maximum plus its top-ups; null when it has no count limit. */
export function totalDrinkLimit(
  tipo: Pick<ScanTicketType, 'modo' | 'maxDrinks'>,
  recargas = 0,
): number | null {
  if (tipo.modo === 'temporal' || tipo.maxDrinks === null) return null;
  return tipo.maxDrinks + recargas;
}

/** Drinks a ticket has left once `used` are served: never below 0; null when it has no count limit. */
export function drinksLeft(
  tipo: Pick<ScanTicketType, 'modo' | 'maxDrinks'>,
  used: number,
  recargas = 0,
): number | null {
  const max = totalDrinkLimit(tipo, recargas);
  return max === null ? null : Math.max(0, max - used);
}

/** A bar's name as bars are compared: trimmed, case-insensitive (docs/rules/festivals.md). */
export const barKey = (name: string): string => name.trim().toLocaleLowerCase('es');

/** Whether `barra` may serve a ticket of this type; undefined (a lookup without a bar) skips the rule. */
export function barAllowed(tipo: Pick<ScanTicketType, 'barrasPermitidas'>, barra: string | null | undefined) {
  const permitidas = tipo.barrasPermitidas;
  if (barra === undefined || permitidas === null || permitidas === undefined) return true;
  if (barra === null) return false;
  const key = barKey(barra);
  return permitidas.some((name) => barKey(name) === key);
}

/** The bars a type names, in its order, for people to read: 'VIP, Terraza'. */
const barList = (barras: readonly string[]) => barras.join(', ');

/**
 * Rule 4's refusal, naming where the ticket is valid: 'Este ticket no es válido en esta barra.
 * Válido en: VIP, Terraza' (docs/rules/festivals.md).
 */
export function barRefusalMessage(barrasPermitidas: readonly string[] | null | undefined): string {
  const base = scanRuleMessages.barraNoPermitida;
  return barrasPermitidas?.length ? `${base}. Válido en: ${barList(barrasPermitidas)}` : base;
}

/**
 * 'Válido solo en: VIP, Terraza' for a type that names bars, else null: what the guest page, the
 * ticket card and the ticket's PDF say (docs/rules/festivals.md).
 */
export function validOnlyAtText(barrasPermitidas: readonly string[] | null | undefined): string | null {
  return barrasPermitidas?.length ? `Válido solo en: ${barList(barrasPermitidas)}` : null;
}

/** The one rule that decides every scan (docs/rules/scan-rules.md, in the festival order); pure, `now` passed in. */
export function decideScan({
  ticket,
  tipo,
  consumos,
  tipoBebida,
  now,
  timeZone = DEFAULT_TIME_ZONE,
  barra,
  recargas = 0,
  recargasHoy,
  corteDiario = DEFAULT_CORTE_DIARIO,
}: ScanInput): ScanDecision {
  const used = consumos.length;
  const at = now.getTime();
  if (ticket.estado === 'invalidado') return refuse('invalidado', scanRuleMessages.invalidado);
  if (at < tipo.validoDesde.getTime()) {
    return refuse(
      'no_valido_aun',
      `El ticket aún no es válido (${startingAt(tipo.validoDesde, now, timeZone)})`,
    );
  }
  if (at > tipo.validoHasta.getTime()) return refuse('caducado', scanRuleMessages.caducado);
  if (!barAllowed(tipo, barra)) return refuse('barra_no_permitida', barRefusalMessage(tipo.barrasPermitidas));
  if (!drinkAllowed(tipo.drinkType, tipoBebida)) {
    return refuse('tipo_bebida', `Este ticket no incluye ${tipoBebida} (permite: ${tipo.drinkType})`);
  }
  const max = totalDrinkLimit(tipo, recargas);
  const limited = max !== null;
  if (limited && used >= max) return refuse('agotado', scanRuleMessages.agotado, { remainingDrinks: 0 });
  const left = limited ? { remainingDrinks: max - used } : {};

  const typePerDay = tipo.maxDrinksPerDay ?? null;
  const perDay =
    typePerDay === null ? null : dailyAllowance(typePerDay, recargasHoy, now, corteDiario, timeZone);
  const today = perDay === null ? 0 : drinksToday(consumos, now, corteDiario, timeZone);
  if (perDay !== null && today >= perDay) {
    const next = nextCutoff(now, corteDiario, timeZone);
    return refuse('limite_diario', scanRuleMessages.limiteDiario, {
      ...left,
      nextAllowedTime: next.getTime() > tipo.validoHasta.getTime() ? null : next,
    });
  }
  const moreToday = perDay === null || today + 1 < perDay;

  if (tipo.modo === 'intervalos_controlados' && tipo.drinkIntervalMinutes) {
    const intervalMs = tipo.drinkIntervalMinutes * 60_000;
    const last = consumos.reduce(
      (latest, time) => Math.max(latest, time.getTime()),
      Number.NEGATIVE_INFINITY,
    );
    if (at < last + intervalMs) {
      const nextAllowedTime = new Date(last + intervalMs);
      return refuse(
        'intervalo',
        `Debe esperar hasta las ${formatTime(nextAllowedTime, timeZone)} para la siguiente bebida`,
        { nextAllowedTime, ...left },
      );
    }
    return {
      allowed: true,
      reason: 'ok',
      message: scanRuleMessages.permitido,
      remainingDrinks: limited ? max - used - 1 : undefined,
      nextAllowedTime: new Date(at + intervalMs),
      canConsumeAgain: false,
    };
  }
  if (limited) {
    const remainingDrinks = max - used - 1;
    return {
      allowed: true,
      reason: 'ok',
      message: scanRuleMessages.permitido,
      remainingDrinks,
      canConsumeAgain: remainingDrinks > 0 && moreToday,
    };
  }
  return { allowed: true, reason: 'ok', message: scanRuleMessages.permitido, canConsumeAgain: moreToday };
}

export type TicketEstadoEfectivo = 'activo' | 'invalidado' | 'caducado' | 'agotado';

/** One Spanish name per effective state, on every screen and export (docs/rules/scan-rules.md). */
export const estadoEfectivoLabels: Record<TicketEstadoEfectivo, string> = {
  activo: 'Activo',
  agotado: 'Agotado',
  invalidado: 'Invalidado',
  caducado: 'Caducado',
};

/** The state a scanner shows: invalidado > caducado > agotado > activo (docs/rules/scan-rules.md). */
export function effectiveTicketState(
  ticket: ScanTicket,
  tipo: Pick<ScanTicketType, 'modo' | 'maxDrinks' | 'validoHasta'>,
  used: number,
  now: Date,
  /** Drinks its top-ups added (docs/rules/festivals.md): they raise the limit. */
  recargas = 0,
): TicketEstadoEfectivo {
  if (ticket.estado === 'invalidado') return 'invalidado';
  if (now.getTime() > tipo.validoHasta.getTime()) return 'caducado';
  const max = totalDrinkLimit(tipo, recargas);
  if (max !== null && used >= max) return 'agotado';
  return 'activo';
}
