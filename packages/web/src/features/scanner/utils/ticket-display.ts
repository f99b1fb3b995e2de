import type { ScannerTicketResponse } from '@drinkflow/domain/scanner';
import {
  formatMadridDate as formatDate,
  formatMadridDateTime as formatDateTime,
  formatMadridTime as formatTime,
} from '@/lib/madrid-time';
import { startingAtWords } from '@drinkflow/domain/dates';
import { modoLabels } from '@drinkflow/domain/ticket-type-labels';

// Only zod-free domain modules here: the public scanner's bundle carries no schema library.

type TipoTicket = ScannerTicketResponse['tipoTicket'];
export type EstadoEfectivo = ScannerTicketResponse['ticket']['estado'];

export const estadoLabels: Record<EstadoEfectivo, string> = {
  activo: 'Activo',
  agotado: 'Agotado',
  invalidado: 'Invalidado',
  caducado: 'Caducado',
};

/** docs/rules/states-and-flows.md: any other value is shown as it is. */
export const estadoLabel = (estado: string) => estadoLabels[estado as EstadoEfectivo] ?? estado;

export const modoLabel = (modo: string) => modoLabels[modo as TipoTicket['modo']] ?? modo;

/** dd/MM/yyyy HH:mm in Europe/Madrid, the events' time zone. */
export const dateTime = (iso: string) => formatDateTime(new Date(iso));

/** dd/MM HH:mm: a drink of tonight's history. */
export const shortDateTime = (iso: string) =>
  `${formatDate(new Date(iso)).slice(0, 5)} ${formatTime(new Date(iso))}`;

/**
 * When the next drink may be served, as every scanner message says a date (docs/rules/constants.md):
 * 'a partir de las 23:30' today, else 'a partir del 28/11 a las 06:00'.
 */
export function startingAtText(iso: string, now = new Date()) {
  const date = new Date(iso);
  const day = formatDate(date);
  return startingAtWords(day.slice(0, 5), formatTime(date), day === formatDate(now));
}

/** 'Quedan 3 bebidas', 'Queda 1 bebida', 'No quedan bebidas'. */
export function remainingText(remaining: number) {
  if (remaining <= 0) return 'No quedan bebidas';
  return remaining === 1 ? 'Queda 1 bebida' : `Quedan ${remaining} bebidas`;
}

/** A recorded drink's name: the domain's one label ('Copa'), as the charts and exports write it. */
export { drinkLabel } from '@drinkflow/domain/bebidas';
