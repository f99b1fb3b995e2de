import { topUpMetodoLabels, type TopUpMetodo } from '@drinkflow/domain/topups';
import { sql } from 'drizzle-orm';
import { afterPosition, localTime, maxId, plainWriter, type ExportKind, type KeyedRow } from './export-kind';

export interface RecargaRow extends KeyedRow {
  fecha: string;
  ticket_id: number;
  titular: string;
  tipo: string;
  bebidas: number;
  importe: string | null;
  metodo: string | null;
  nota: string | null;
  registrada_por: string | null;
}

/**
 * One row per top-up (docs/rules/festivals.md), in time order, with the ticket's holder and type and who
 * registered it. Top-ups are few (one per sale at a desk), so the batch joins what it names. The
 * amount is written with a decimal comma (`12,50`), as a Spanish spreadsheet reads a number.
 */
export const recargasExport: ExportKind<RecargaRow> = {
  header: [
    'Fecha',
    'Ticket',
    'Titular',
    'Tipo de ticket',
    'Bebidas',
    'Importe',
    'Método',
    'Nota',
    'Registrada por',
  ],
  upTo: maxId(sql`recargas`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select r.created_at::text as k_at, r.id as k_id, 0 as k_sub,
           ${localTime(sql`r.created_at`, timeZone)} as fecha, r.ticket_id, p.nombre_completo as titular,
           tt.nombre as tipo, r.bebidas, r.importe::text as importe, r.metodo, r.nota,
           concat_ws(' ', u.nombre, u.apellido) as registrada_por
    from recargas r
    join tickets t on t.id = r.ticket_id
    join pedidos p on p.id = t.pedido_id
    join tipos_ticket tt on tt.id = t.ticket_type_id
    left join users u on u.id = r.creado_por
    where r.evento_id = ${eventoId} and r.id <= ${upTo}
      ${afterPosition(sql`r.created_at`, sql`r.id`, after)}
    order by r.created_at, r.id
    limit ${limit}`,
  writer: plainWriter((row: RecargaRow) => [
    row.fecha,
    row.ticket_id,
    row.titular,
    row.tipo,
    row.bebidas,
    row.importe === null ? null : row.importe.replace('.', ','),
    row.metodo === null ? null : (topUpMetodoLabels[row.metodo as TopUpMetodo] ?? row.metodo),
    row.nota,
    row.registrada_por || null,
  ]),
};
