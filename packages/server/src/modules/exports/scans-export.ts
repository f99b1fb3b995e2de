import { drinkLabel } from '@drinkflow/domain/bebidas';
import { offlineConflictLabel, scanReasonLabel } from '@drinkflow/domain/stats-summary';
import { sql } from 'drizzle-orm';
import { afterPosition, csvLines, localTime, maxId, type ExportKind, type KeyedRow } from './export-kind';
import { ticketNames } from './ticket-names';
import { whoServedNames, type WhoServedIds } from './who-served-names';

export interface ScanRow extends KeyedRow, WhoServedIds {
  fecha: string;
  ticket_id: number | null;
  accion: string;
  allowed: boolean;
  reason: string;
  tipo_bebida: string | null;
  barra: string | null;
  deshecho: string | null;
  conflicto: string | null;
  offline: boolean;
}

function scanResult(row: ScanRow): { resultado: string; motivo: string } {
  if (row.accion === 'deshacer') return { resultado: 'Deshecho', motivo: scanReasonLabel(row.reason) };
  if (!row.allowed) return { resultado: 'Rechazado', motivo: scanReasonLabel(row.reason) };
  // An offline drink the rules would have refused was served all the same (docs/rules/offline-and-field.md), and an
  // allowed scan that the bar took back keeps its row; the undo follows as a row of its own.
  const motivos = [
    row.conflicto ? offlineConflictLabel(row.conflicto) : null,
    row.deshecho ? `Deshecho el ${row.deshecho}` : null,
  ];
  return { resultado: 'Permitido', motivo: motivos.filter((motivo) => motivo !== null).join(' · ') };
}

/**
 * One row per scan attempt and per undo, from the audit log: rows of deleted orders stay (their
 * ticket and holder cells are then empty). No QR code (a credential) and no device id (of no use to
 * a reader): the device's name and the person's instead (docs/decisions/061), empty on rows older
 * than devices. The holder and whether the scan was decided offline come last (docs/decisions/067),
 * so a spreadsheet that reads the earlier columns by position keeps working.
 */
export const escaneosExport: ExportKind<ScanRow> = {
  header: [
    'Fecha',
    'Ticket',
    'Resultado',
    'Motivo',
    'Bebida',
    'Barra',
    'Dispositivo',
    'Persona',
    'Titular',
    'Offline',
  ],
  upTo: maxId(sql`scan_log`),
  batch: (eventoId, upTo, after, timeZone, limit) => sql`
    select s.created_at::text as k_at, s.id as k_id, 0 as k_sub,
           ${localTime(sql`s.created_at`, timeZone)} as fecha, s.ticket_id, s.accion, s.allowed,
           s.reason, s.tipo_bebida, s.barra, ${localTime(sql`s.undone_at`, timeZone)} as deshecho,
           s.conflicto, s.offline, s.dispositivo_id, s.usuario_id
    from scan_log s
    where s.evento_id = ${eventoId} and s.id <= ${upTo}
      ${afterPosition(sql`s.created_at`, sql`s.id`, after)}
    order by s.created_at, s.id
    limit ${limit}`,
  writer: (db) => {
    const names = ticketNames(db);
    const whoServed = whoServedNames(db);
    return async (rows) => {
      await names.load(rows.map((row) => row.ticket_id));
      await whoServed.load(rows);
      return csvLines(rows, (row) => {
        const { resultado, motivo } = scanResult(row);
        return [
          row.fecha,
          row.ticket_id,
          resultado,
          motivo,
          row.tipo_bebida === null ? null : drinkLabel(row.tipo_bebida),
          row.barra,
          ...whoServed.cells(row),
          names.get(row.ticket_id)?.titular,
          row.offline ? 'Sí' : 'No',
        ];
      });
    };
  },
};
