// The statistics page's pure rules (docs/rules/constants.md "Stats summary"): no zod, no clock, so the web bundle
// and the server share them at no cost.

import type { allScanReasons } from './scanner';

/** Thresholds of the performance summary; each label needs a value strictly above its threshold. */
export const STATS_THRESHOLDS = {
  /** promedio above this → 'Alto Consumo'. */
  altoConsumo: 2,
  /** promedio above this → 'Consumo Moderado'. */
  consumoModerado: 1,
  /** attendees above this → 'Evento Grande'. */
  eventoGrande: 50,
  /** attendees above this → 'Evento Mediano'. */
  eventoMediano: 20,
} as const;

/** The bar name shown for consumptions and scans recorded without one (docs/rules/statistics.md `porBarra`). */
export const SIN_BARRA = 'Sin barra';

export type ActivityLabel = 'Evento Activo' | 'Sin Actividad';
export type ConsumptionLabel = 'Alto Consumo' | 'Consumo Moderado' | 'Bajo Consumo';
export type SizeLabel = 'Evento Grande' | 'Evento Mediano' | 'Evento Pequeño';

export interface StatsSummary {
  actividad: ActivityLabel;
  consumo: ConsumptionLabel;
  tamano: SizeLabel;
}

/**
 * Drinks per attendee, rounded half up to 2 decimals; 0 for an event without tickets.
 * Integer arithmetic first, so 201 drinks / 200 tickets is 1.01 (not 1.00 as `1.005.toFixed(2)`).
 */
export function averageConsumption(totalConsumos: number, totalAsistentes: number): number {
  if (totalAsistentes <= 0) return 0;
  return Math.round((totalConsumos * 100) / totalAsistentes) / 100;
}

export const activityLabel = (totalConsumos: number): ActivityLabel =>
  totalConsumos > 0 ? 'Evento Activo' : 'Sin Actividad';

/** From the average as the statistics answer gives it (`promedioConsumos`, 2 decimals). */
export function consumptionLabel(promedioConsumos: number): ConsumptionLabel {
  if (promedioConsumos > STATS_THRESHOLDS.altoConsumo) return 'Alto Consumo';
  if (promedioConsumos > STATS_THRESHOLDS.consumoModerado) return 'Consumo Moderado';
  return 'Bajo Consumo';
}

export function sizeLabel(totalAsistentes: number): SizeLabel {
  if (totalAsistentes > STATS_THRESHOLDS.eventoGrande) return 'Evento Grande';
  if (totalAsistentes > STATS_THRESHOLDS.eventoMediano) return 'Evento Mediano';
  return 'Evento Pequeño';
}

/** The three lines of the statistics page's performance summary (docs/rules/constants.md). */
export function statsSummary(stats: {
  totalConsumos: number;
  totalAsistentes: number;
  promedioConsumos: number;
}): StatsSummary {
  return {
    actividad: activityLabel(stats.totalConsumos),
    consumo: consumptionLabel(stats.promedioConsumos),
    tamano: sizeLabel(stats.totalAsistentes),
  };
}

/** Spanish text of a scan-log reason (a refusal's, or `ok` / `deshecho`); unknown codes as they are. */
/** Every reason a scan log row can hold: the rules' (docs/rules/scan-rules.md, docs/rules/festivals.md) and a failed look-up's. */
type LoggedScanReason = (typeof allScanReasons)[number] | 'no_encontrado' | 'otro_evento';

export const scanReasonLabels: Readonly<Record<LoggedScanReason, string>> = {
  ok: 'Consumo registrado',
  invalidado: 'Ticket invalidado',
  no_valido_aun: 'Ticket aún no válido',
  caducado: 'Ticket caducado',
  tipo_bebida: 'Bebida no incluida en el ticket',
  agotado: 'Límite de bebidas alcanzado',
  intervalo: 'Antes del intervalo entre bebidas',
  barra_no_permitida: 'Ticket no válido en esta barra',
  limite_diario: 'Límite diario alcanzado',
  no_encontrado: 'Ticket no encontrado',
  otro_evento: 'Ticket de otro evento',
  deshecho: 'Consumo deshecho',
};

export const scanReasonLabel = (reason: string): string =>
  Object.hasOwn(scanReasonLabels, reason) ? scanReasonLabels[reason as LoggedScanReason] : reason;

/** The scan export's Motivo of an offline drink stored as a conflict (docs/rules/offline-and-field.md). */
export const offlineConflictLabel = (reason: string): string =>
  `Conflicto offline: ${scanReasonLabel(reason)}`;
