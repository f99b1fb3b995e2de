import type { BoardDevice } from '@drinkflow/domain/devices';
import { and, asc, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consumos, dispositivos, users } from '../../db/schema';
import { minutesAgo } from './clock';

/** The board counts each device's drinks of this many minutes. */
export const BOARD_DRINK_MINUTES = 10;

/**
 * The event's devices as the board shows them (docs/rules/devices.md), or only `deviceId`: both
 * kinds, with their person, and the drinks each served in the last BOARD_DRINK_MINUTES counted by
 * one grouped query over the event's recent drinks (consumos_evento_time_idx). Live ones by newest
 * contact first, revoked ones last.
 */
export async function boardDevices(
  executor: Db | Tx,
  now: (() => Date) | undefined,
  eventoId: number,
  deviceId?: number,
): Promise<BoardDevice[]> {
  const recent = executor
    .select({ dispositivoId: consumos.dispositivoId, consumos: count().as('consumos') })
    .from(consumos)
    .where(
      and(
        eq(consumos.eventoId, eventoId),
        gt(consumos.timestamp, minutesAgo(now, BOARD_DRINK_MINUTES)),
        isNotNull(consumos.dispositivoId),
      ),
    )
    .groupBy(consumos.dispositivoId)
    .as('recent');
  const rows = await executor
    .select({
      device: dispositivos,
      usuarioId: users.id,
      usuarioNombre: sql<string | null>`concat_ws(' ', ${users.nombre}, nullif(${users.apellido}, ''))`,
      consumos10min: recent.consumos,
    })
    .from(dispositivos)
    .leftJoin(users, eq(users.id, dispositivos.usuarioId))
    .leftJoin(recent, eq(recent.dispositivoId, dispositivos.id))
    .where(
      and(
        eq(dispositivos.eventoId, eventoId),
        deviceId === undefined ? undefined : eq(dispositivos.id, deviceId),
      ),
    )
    .orderBy(
      sql`${dispositivos.revocadoEn} is not null`,
      sql`${dispositivos.ultimoContacto} desc nulls last`,
      desc(dispositivos.createdAt),
      asc(dispositivos.id),
    );
  return rows.map(({ device, usuarioId, usuarioNombre, consumos10min }) => ({
    id: device.id,
    nombre: device.nombre,
    tipo: device.tipo,
    barra: device.barra,
    usuario: usuarioId === null ? null : { id: usuarioId, nombre: usuarioNombre ?? '' },
    creadoEn: device.createdAt.toISOString(),
    ultimoContacto: device.ultimoContacto?.toISOString() ?? null,
    revocadoEn: device.revocadoEn?.toISOString() ?? null,
    pendientes: device.pendientes,
    datosOfflineDe: device.datosOfflineDe?.toISOString() ?? null,
    consumos10min: Number(consumos10min ?? 0),
  }));
}
