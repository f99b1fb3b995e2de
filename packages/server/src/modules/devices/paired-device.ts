import { deviceMessages, type PairedDevice } from '@drinkflow/domain/devices';
import { barKey } from '@drinkflow/domain/scan-rules';
import type { Tx } from '../../db/client';
import { dispositivos, type eventos } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { hashToken, randomSecret } from '../auth';

type EventoRow = typeof eventos.$inferSelect;

/**
 * The device's bar as the event spells it: with bars, `barra` must name one of them (trimmed, in
 * any case, as the scanner compares bars); an event without bars takes any name. None is fine.
 */
export function barOfEvent(evento: Pick<EventoRow, 'barras'>, barra: string | null): string | null {
  if (barra === null) return null;
  if (evento.barras.length === 0) return barra;
  const known = evento.barras.find((name) => barKey(name) === barKey(barra));
  if (known === undefined) {
    throw badRequest(deviceMessages.barraUnknown, [{ field: 'barra', message: deviceMessages.barraUnknown }]);
  }
  return known;
}

/**
 * Stores an authorized device of the event and answers what the scanner keeps: its token (shown
 * once: only its sha-256 is stored, as a session's), the device and the event with its API key.
 */
export async function insertPairedDevice(
  tx: Tx,
  evento: EventoRow,
  device: { nombre: string; barra: string | null; usuarioId: number | null },
): Promise<PairedDevice> {
  const token = randomSecret();
  const [row] = await tx
    .insert(dispositivos)
    .values({
      eventoId: evento.id,
      tipo: 'autorizado',
      nombre: device.nombre,
      barra: barOfEvent(evento, device.barra),
      usuarioId: device.usuarioId,
      tokenHash: hashToken(token),
    })
    .returning();
  return {
    token,
    dispositivo: { id: row!.id, nombre: row!.nombre, barra: row!.barra },
    evento: {
      id: evento.id,
      nombre: evento.nombre,
      ubicacion: evento.ubicacion,
      fechaInicio: evento.fechaInicio.toISOString(),
      fechaFin: evento.fechaFin.toISOString(),
    },
    apiKey: evento.apiKey,
  };
}
