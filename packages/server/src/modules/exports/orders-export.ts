import { estadoEfectivoLabels, type TicketEstadoEfectivo } from '@drinkflow/domain/scan-rules';
import { sql } from 'drizzle-orm';
import { ticketEffectiveStateSql } from '../stats';
import { afterPosition, localTime, maxId, plainWriter, type ExportKind, type KeyedRow } from './export-kind';

export interface OrderRow extends KeyedRow {
  nombre_completo: string;
  email: string;
  telefono: string | null;
  creado: string;
  ticket_id: number | null;
  tipo: string | null;
  estado: string | null;
}

/**
 * One row per ticket with its order's fields; an order without tickets once, with empty ticket
 * cells. The QR code is left out on purpose: it is the ticket itself (a bearer credential), and a
 * spreadsheet travels by email (docs/decisions/020).
 */
export const pedidosExport: ExportKind<OrderRow> = {
  header: [
    'Pedido',
    'Nombre completo',
    'Email',
    'Teléfono',
    'Fecha del pedido',
    'Ticket',
    'Tipo de ticket',
    'Estado',
  ],
  upTo: maxId(sql`pedidos`),
  batch: (eventoId, upTo, after, timeZone, limit, now) => sql`
    select p.created_at::text as k_at, p.id as k_id, coalesce(t.id, 0) as k_sub,
           p.nombre_completo, p.email, p.telefono, ${localTime(sql`p.created_at`, timeZone)} as creado,
           t.id as ticket_id, tt.nombre as tipo,
           case when t.id is null then null else ${ticketEffectiveStateSql(now)} end as estado
    from pedidos p
    left join tickets t on t.pedido_id = p.id
    left join tipos_ticket tt on tt.id = t.ticket_type_id
    where p.evento_id = ${eventoId} and p.id <= ${upTo}
      ${afterPosition(sql`p.created_at`, sql`p.id, coalesce(t.id, 0)`, after, true)}
    order by p.created_at, p.id, coalesce(t.id, 0)
    limit ${limit}`,
  writer: plainWriter((row: OrderRow) => [
    row.k_id,
    row.nombre_completo,
    row.email,
    row.telefono,
    row.creado,
    row.ticket_id,
    row.tipo,
    // The effective state (docs/rules/scan-rules.md), as the statistics and the order detail name it.
    row.estado === null ? null : (estadoEfectivoLabels[row.estado as TicketEstadoEfectivo] ?? row.estado),
  ]),
};
