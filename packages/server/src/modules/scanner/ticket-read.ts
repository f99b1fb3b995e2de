import type { ScanResult } from '@drinkflow/domain/scanner';
import type { ConsumoRow, ScanTicketRow } from '@drinkflow/domain/scan-answer';
import type { TicketReadRow } from './scan-statements';

/** A ticket of the event as read for a scan, with its drinks, version and the database's time. */
export interface TicketRead {
  ticket: ScanTicketRow;
  /** The `xmin` of the ticket, its order and its type as read (known-scans.ts checks them). */
  version: string;
  pedidoVersion: string;
  tipoVersion: string;
  history: ConsumoRow[];
  earlier: { qr: string; response: ScanResult; undone: boolean } | null;
  nowMs: number;
}

export function toTicketRead(row: TicketReadRow): TicketRead {
  return {
    ticket: {
      id: row.id,
      estado: row.estado,
      createdAt: new Date(row.created_ms),
      titular: row.titular,
      tipo: {
        nombre: row.tipo_nombre,
        modo: row.modo,
        maxDrinks: row.max_drinks,
        drinkIntervalMinutes: row.drink_interval_minutes,
        durationMinutes: row.duration_minutes,
        drinkType: row.drink_type,
        validoDesde: new Date(row.desde_ms),
        validoHasta: new Date(row.hasta_ms),
        maxDrinksPerDay: row.max_drinks_per_day,
        barrasPermitidas: row.barras_permitidas,
      },
      // Only a ticket with top-ups carries them, so other answers stay as they were.
      ...(row.recargas_bebidas > 0 ? { recargas: Number(row.recargas_bebidas) } : {}),
    },
    version: row.version,
    pedidoVersion: row.pedido_version,
    tipoVersion: row.tipo_version,
    history: (row.history ?? []).map((drink) => ({
      id: Number(drink.id),
      tipoBebida: drink.tipoBebida,
      timestamp: new Date(Number(drink.ms)),
      barra: drink.barra,
    })),
    earlier: row.earlier as TicketRead['earlier'],
    nowMs: Number(row.now_ms),
  };
}
