import { drinkAllowed } from './bebidas';
import { DEFAULT_TIME_ZONE, formatDateTime, formatTime } from './dates';
import type { Modo } from './ticket-types';

/** Why a scan was refused, in the order the rules are checked (DECISIONS §5); `ok` when served. */
export type ScanReason =
  'ok' | 'invalidado' | 'no_valido_aun' | 'caducado' | 'tipo_bebida' | 'agotado' | 'intervalo';

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
}

export interface ScanInput {
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
  /** When the next drink may be served (intervalos_controlados). */
  nextAllowedTime?: Date;
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

const isLimited = (tipo: ScanTicketType) => tipo.modo !== 'temporal' && tipo.maxDrinks !== null;

/** The one rule that decides every scan (DECISIONS §5); pure, `now` passed in. */
export function decideScan({
  ticket,
  tipo,
  consumos,
  tipoBebida,
  now,
  timeZone = DEFAULT_TIME_ZONE,
}: ScanInput): ScanDecision {
  const used = consumos.length;
  const at = now.getTime();
  if (ticket.estado === 'invalidado') return refuse('invalidado', 'Ticket invalidado');
  if (at < tipo.validoDesde.getTime()) {
    return refuse(
      'no_valido_aun',
      `El ticket aún no es válido (desde ${formatDateTime(tipo.validoDesde, timeZone)})`,
    );
  }
  if (at > tipo.validoHasta.getTime()) return refuse('caducado', 'El ticket ha caducado');
  if (!drinkAllowed(tipo.drinkType, tipoBebida)) {
    return refuse('tipo_bebida', `Este ticket no incluye ${tipoBebida} (permite: ${tipo.drinkType})`);
  }
  const limited = isLimited(tipo);
  const max = tipo.maxDrinks ?? 0;
  if (limited && used >= max) return refuse('agotado', 'Límite de bebidas alcanzado', { remainingDrinks: 0 });

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
        {
          nextAllowedTime,
          remainingDrinks: limited ? max - used : undefined,
        },
      );
    }
    const remainingDrinks = limited ? max - used - 1 : undefined;
    return {
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks,
      nextAllowedTime: new Date(at + intervalMs),
      canConsumeAgain: false,
    };
  }
  if (limited) {
    const remainingDrinks = max - used - 1;
    return {
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks,
      canConsumeAgain: remainingDrinks > 0,
    };
  }
  return { allowed: true, reason: 'ok', message: 'Consumo permitido', canConsumeAgain: true };
}

export type TicketEstadoEfectivo = 'activo' | 'invalidado' | 'caducado' | 'agotado';

/** The state a scanner shows: invalidado > caducado > agotado > activo (DECISIONS §5). */
export function effectiveTicketState(
  ticket: ScanTicket,
  tipo: Pick<ScanTicketType, 'modo' | 'maxDrinks' | 'validoHasta'>,
  used: number,
  now: Date,
): TicketEstadoEfectivo {
  if (ticket.estado === 'invalidado') return 'invalidado';
  if (now.getTime() > tipo.validoHasta.getTime()) return 'caducado';
  if (tipo.modo !== 'temporal' && tipo.maxDrinks !== null && used >= tipo.maxDrinks) return 'agotado';
  return 'activo';
}
