import { z } from 'zod';
import { SIN_BARRA } from './stats-summary';

/**
 * Alerts of one event (docs/decisions/022): the organizer sets thresholds, the server checks them
 * after the event's scans and every minute, and each crossing is recorded once.
 * - `qr_compartido`: one ticket refused more than N times within 10 minutes (a QR passed around);
 * - `consumo_alto`: more than N drinks within the last 60 minutes;
 * - `barra_inactiva`: a bar that scanned during the event has not scanned for N minutes;
 * - `deshechos_frecuentes`: one bar undid more than N drinks within 10 minutes.
 */
export const alertTypes = [
  'qr_compartido',
  'consumo_alto',
  'barra_inactiva',
  'deshechos_frecuentes',
] as const;
export type AlertType = (typeof alertTypes)[number];

/** The window of the refused-scans, the consumption-per-hour and the frequent-undo rules. */
export const ALERT_WINDOWS_MINUTES = {
  qr_compartido: 10,
  consumo_alto: 60,
  deshechos_frecuentes: 10,
} as const;

export const ALERT_LIMITS = {
  rechazosPorTicket: { min: 1, max: 1_000 },
  consumosPorHora: { min: 1, max: 1_000_000 },
  minutosSinEscanear: { min: 1, max: 24 * 60 },
  deshechosPorBarra: { min: 1, max: 1_000 },
} as const;

/** How many alerts the list keeps (newest first). */
export const ALERT_LIST_LIMIT = 100;

export const alertMessages = {
  rechazosPorTicket: `Los escaneos rechazados deben ser un número entero entre ${ALERT_LIMITS.rechazosPorTicket.min} y ${ALERT_LIMITS.rechazosPorTicket.max}, o vacío`,
  consumosPorHora: `Las consumiciones por hora deben ser un número entero entre ${ALERT_LIMITS.consumosPorHora.min} y ${ALERT_LIMITS.consumosPorHora.max}, o vacío`,
  minutosSinEscanear: `Los minutos sin escanear deben ser un número entero entre ${ALERT_LIMITS.minutosSinEscanear.min} y ${ALERT_LIMITS.minutosSinEscanear.max}, o vacío`,
  deshechosPorBarra: `Los consumos deshechos deben ser un número entero entre ${ALERT_LIMITS.deshechosPorBarra.min} y ${ALERT_LIMITS.deshechosPorBarra.max}, o vacío`,
} as const;

const threshold = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message).nullable();

/** PUT /api/eventos/{id}/alertas/reglas — a null threshold turns its alert off. */
export const alertRules = z.strictObject(
  {
    rechazosPorTicket: threshold(ALERT_LIMITS.rechazosPorTicket, alertMessages.rechazosPorTicket),
    consumosPorHora: threshold(ALERT_LIMITS.consumosPorHora, alertMessages.consumosPorHora),
    minutosSinEscanear: threshold(ALERT_LIMITS.minutosSinEscanear, alertMessages.minutosSinEscanear),
    deshechosPorBarra: threshold(ALERT_LIMITS.deshechosPorBarra, alertMessages.deshechosPorBarra),
  },
  { error: 'Campo no permitido' },
);
export type AlertRules = z.infer<typeof alertRules>;

export const noAlertRules: AlertRules = {
  rechazosPorTicket: null,
  consumosPorHora: null,
  minutosSinEscanear: null,
  deshechosPorBarra: null,
};

/**
 * One alert as recorded when it fired. `cantidad` is what was seen (refusals, drinks, minutes of
 * silence, undos) and `umbral` the threshold then in force; `ticketId`/`titular` for
 * `qr_compartido`, `barra` for `barra_inactiva` and `deshechos_frecuentes` (null there: scans
 * without a bar name).
 */
export const alerta = z.object({
  id: z.number().int(),
  tipo: z.enum(alertTypes),
  cantidad: z.number().int(),
  umbral: z.number().int(),
  ticketId: z.number().int().nullable(),
  titular: z.string().nullable(),
  barra: z.string().nullable(),
  disparadaEn: z.string(),
});
export type Alerta = z.infer<typeof alerta>;

/** GET /api/eventos/{id}/alertas: the thresholds and the alerts fired, newest first. */
export const eventAlerts = z.object({ reglas: alertRules, alertas: z.array(alerta) });
export type EventAlerts = z.infer<typeof eventAlerts>;

export const alertTitles: Record<AlertType, string> = {
  qr_compartido: 'Posible QR compartido',
  consumo_alto: 'Consumo por hora alto',
  barra_inactiva: 'Barra sin escanear',
  deshechos_frecuentes: 'Muchos consumos deshechos',
};

/** The sentence that explains an alert, in Spanish. */
export function alertText(
  alert: Pick<Alerta, 'tipo' | 'cantidad' | 'umbral' | 'ticketId' | 'titular' | 'barra'>,
) {
  switch (alert.tipo) {
    case 'qr_compartido': {
      const owner = alert.titular ? ` de ${alert.titular}` : '';
      return `El ticket #${alert.ticketId ?? '?'}${owner} tuvo ${alert.cantidad} escaneos rechazados en ${ALERT_WINDOWS_MINUTES.qr_compartido} minutos (umbral: más de ${alert.umbral}).`;
    }
    case 'consumo_alto':
      return `${alert.cantidad} consumiciones en la última hora (umbral: más de ${alert.umbral}).`;
    case 'barra_inactiva':
      return `La barra «${alert.barra ?? ''}» lleva ${alert.cantidad} minutos sin escanear (umbral: ${alert.umbral} minutos).`;
    case 'deshechos_frecuentes':
      return `La barra «${alert.barra ?? SIN_BARRA}» deshizo ${alert.cantidad} consumos en ${ALERT_WINDOWS_MINUTES.deshechos_frecuentes} minutos (umbral: más de ${alert.umbral}).`;
  }
}
