import type { Evento } from '@drinkflow/domain/events';
import type { Modo } from '@drinkflow/domain/ticket-types';
import type { Db } from '../../src/db/client';
import { consumos, scanLog, tiposTicket } from '../../src/db/schema';
import { insertOrder, insertTicket } from './stored-rows';
import { HOUR } from './time';

/** A ticket type written straight to the database, so its validity can lie anywhere around now. */
export async function insertTicketType(
  db: Db,
  eventoId: number,
  values: { nombre: string; modo: Modo; maxDrinks: number | null; validoHasta?: Date },
) {
  const [row] = await db
    .insert(tiposTicket)
    .values({
      eventoId,
      nombre: values.nombre,
      modo: values.modo,
      maxDrinks: values.maxDrinks,
      drinkIntervalMinutes: values.modo === 'intervalos_controlados' ? 30 : null,
      durationMinutes: values.modo === 'por_cantidad' ? null : 600,
      drinkType: 'todo',
      validoDesde: new Date(Date.now() - 30 * 24 * HOUR),
      validoHasta: values.validoHasta ?? new Date(Date.now() + 30 * 24 * HOUR),
    })
    .returning();
  return row!;
}

/** A consumption at an exact instant. */
export async function insertConsumo(
  db: Db,
  eventoId: number,
  ticketId: number,
  at: string,
  tipoBebida: string,
  barra: string | null,
) {
  await db.insert(consumos).values({ eventoId, ticketId, tipoBebida, barra, timestamp: new Date(at) });
}

/** A scan-log row as the scanner writes them (decision 015). */
export async function insertScanLog(
  db: Db,
  eventoId: number,
  values: {
    ticketId?: number | null;
    accion?: 'consumo' | 'deshacer';
    allowed: boolean;
    reason: string;
    barra?: string | null;
    tipoBebida?: string | null;
    at?: string;
    undoneAt?: string;
    qrCode?: string;
  },
) {
  await db.insert(scanLog).values({
    eventoId,
    ticketId: values.ticketId ?? null,
    accion: values.accion ?? 'consumo',
    qrCode: values.qrCode ?? 'codigo-qr-secreto',
    tipoBebida: values.tipoBebida ?? 'copa',
    barra: values.barra ?? null,
    allowed: values.allowed,
    reason: values.reason,
    response: { reason: values.reason },
    ...(values.at ? { createdAt: new Date(values.at) } : {}),
    ...(values.undoneAt ? { undoneAt: new Date(values.undoneAt) } : {}),
  });
}

/**
 * The hand-computed night of the statistics suite: the night summer time ends in Madrid
 * (2026-10-25: 03:00 CEST → 02:00 CET, so 02:00–03:00 local happens twice) and crosses local
 * midnight while UTC is still on the 24th.
 *
 * | # | instant (UTC)            | Madrid      | ticket | drink   | bar     |
 * | 1 | 2026-10-24T21:50:00Z     | 23:50 CEST  | A      | cerveza | Barra 1 |
 * | 2 | 2026-10-24T22:10:00Z     | 00:10 CEST  | A      | copa    | Barra 1 |
 * | 3 | 2026-10-24T22:59:59Z     | 00:59 CEST  | B      | cerveza | Barra 1 |
 * | 4 | 2026-10-25T00:15:00Z     | 02:15 CEST  | C      | copa    | Barra 1 |
 * | 5 | 2026-10-25T00:59:59.999Z | 02:59 CEST  | C      | cerveza | Terraza |
 * | 6 | 2026-10-25T01:00:00Z     | 02:00 CET   | D      | copa    | Terraza |
 * | 7 | 2026-10-25T01:30:00Z     | 02:30 CET   | E      | cerveza | Terraza |
 * | 8 | 2026-10-25T02:05:00Z     | 03:05 CET   | E      | copa    | —       |
 * | 9 | 2026-10-24T23:30:00Z     | 01:30 CEST  | E      | agua    | —       |
 * |10 | 2026-10-25T01:45:00Z     | 02:45 CET   | F      | agua    | —       |
 *
 * Tickets: A limited to 2 with 2 drinks (agotado); B limited, 1 drink (activo); C limited,
 * invalidated, 2 drinks (invalidado beats agotado); D of an expired type, 1 drink of 1 (caducado
 * beats agotado); E temporal, 3 drinks (activo: no limit); F intervalos limited to 1, 1 drink
 * (agotado); G limited, no drinks (activo).
 * Scan log: refusals agotado ×2 (Barra 1), intervalo (Terraza), no_encontrado (no bar, no ticket),
 * otro_evento (Barra 2); also an allowed scan, an undo and an undone scan, which are no refusals.
 */
export async function seedNight(db: Db, evento: Pick<Evento, 'id'>) {
  const id = evento.id;
  const limitado = await insertTicketType(db, id, { nombre: 'General', modo: 'por_cantidad', maxDrinks: 2 });
  const caducado = await insertTicketType(db, id, {
    nombre: 'Preventa',
    modo: 'por_cantidad',
    maxDrinks: 1,
    validoHasta: new Date(Date.now() - HOUR),
  });
  const libre = await insertTicketType(db, id, { nombre: 'Barra libre', modo: 'temporal', maxDrinks: null });
  const intervalos = await insertTicketType(db, id, {
    nombre: 'Controlada',
    modo: 'intervalos_controlados',
    maxDrinks: 1,
  });
  const first = await insertOrder(db, id, 'Ana Pérez');
  const second = await insertOrder(db, id, 'Bruno Gil');
  const A = await insertTicket(db, first.id, limitado.id);
  const B = await insertTicket(db, first.id, limitado.id);
  const C = await insertTicket(db, first.id, limitado.id, 'invalidado');
  const D = await insertTicket(db, second.id, caducado.id);
  const E = await insertTicket(db, second.id, libre.id);
  const F = await insertTicket(db, second.id, intervalos.id);
  const G = await insertTicket(db, second.id, limitado.id);

  const drinks: [string, number, string, string | null][] = [
    ['2026-10-24T21:50:00Z', A.id, 'cerveza', 'Barra 1'],
    ['2026-10-24T22:10:00Z', A.id, 'copa', 'Barra 1'],
    ['2026-10-24T22:59:59Z', B.id, 'cerveza', 'Barra 1'],
    ['2026-10-25T00:15:00Z', C.id, 'copa', 'Barra 1'],
    ['2026-10-25T00:59:59.999Z', C.id, 'cerveza', 'Terraza'],
    ['2026-10-25T01:00:00Z', D.id, 'copa', 'Terraza'],
    ['2026-10-25T01:30:00Z', E.id, 'cerveza', 'Terraza'],
    ['2026-10-25T02:05:00Z', E.id, 'copa', null],
    ['2026-10-24T23:30:00Z', E.id, 'agua', null],
    ['2026-10-25T01:45:00Z', F.id, 'agua', null],
  ];
  for (const [at, ticketId, drink, barra] of drinks) await insertConsumo(db, id, ticketId, at, drink, barra);

  await insertScanLog(db, id, { ticketId: A.id, allowed: false, reason: 'agotado', barra: 'Barra 1' });
  await insertScanLog(db, id, { ticketId: A.id, allowed: false, reason: 'agotado', barra: 'Barra 1' });
  await insertScanLog(db, id, { ticketId: F.id, allowed: false, reason: 'intervalo', barra: 'Terraza' });
  await insertScanLog(db, id, { allowed: false, reason: 'no_encontrado' });
  await insertScanLog(db, id, { allowed: false, reason: 'otro_evento', barra: 'Barra 2' });
  await insertScanLog(db, id, { ticketId: B.id, allowed: true, reason: 'ok', barra: 'Barra 1' });
  await insertScanLog(db, id, {
    ticketId: B.id,
    allowed: true,
    reason: 'ok',
    barra: 'Barra 3',
    undoneAt: '2026-10-24T23:01:00Z',
  });
  await insertScanLog(db, id, {
    ticketId: B.id,
    accion: 'deshacer',
    allowed: true,
    reason: 'deshecho',
    barra: 'Barra 3',
  });
  return { tickets: { A, B, C, D, E, F, G } };
}
