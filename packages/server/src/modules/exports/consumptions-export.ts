import { drinkLabel } from '@drinkflow/domain/bebidas';
import { sql } from 'drizzle-orm';
import { afterPosition, csvLines, localTime, maxId, type ExportKind, type KeyedRow } from './export-kind';
import { ticketNames } from './ticket-names';
import { whoServedNames, type WhoServedIds } from './who-served-names';

export interface ConsumoRow extends KeyedRow, WhoServedIds {
  fecha: string;
  ticket_id: number;
  tipo_bebida: string;
  barra: string | null;
  offline: boolean;
}

/**
 * One row per consumption (an undone drink is no longer one: decision 015), in time order; an
 * offline drink at its scan time, marked `Offline: Sí` (docs/rules/offline-and-field.md); the device
 * and the person that served it (docs/decisions/061), empty on drinks older than devices.
 */
export const consumosExport: ExportKind<ConsumoRow> = {
  header: [
    'Fecha',
    'Ticket',
    'Titular',
    'Tipo de ticket',
    'Bebida',
    'Barra',
    'Offline',
    'Dispositivo',
    'Persona',
  ],
  upTo: maxId(sql`consumos`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select c."timestamp"::text as k_at, c.id as k_id, 0 as k_sub,
           ${localTime(sql`c."timestamp"`, timeZone)} as fecha, c.ticket_id, c.tipo_bebida, c.barra,
           c.offline, c.dispositivo_id, c.usuario_id
    from consumos c
    where c.evento_id = ${eventoId} and c.id <= ${upTo}
      ${afterPosition(sql`c."timestamp"`, sql`c.id`, after)}
    order by c."timestamp", c.id
    limit ${limit}`,
  writer: (db) => {
    const names = ticketNames(db);
    const whoServed = whoServedNames(db);
    return async (rows) => {
      await names.load(rows.map((row) => row.ticket_id));
      await whoServed.load(rows);
      return csvLines(rows, (row) => {
        const ticket = names.get(row.ticket_id);
        return [
          row.fecha,
          row.ticket_id,
          ticket?.titular,
          ticket?.tipo,
          drinkLabel(row.tipo_bebida),
          row.barra,
          row.offline ? 'Sí' : 'No',
          ...whoServed.cells(row),
        ];
      });
    };
  },
};
