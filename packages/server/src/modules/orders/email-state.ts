import { SIN_ENVIAR, type Envio } from '@drinkflow/domain/email';
import { desc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enviosEmail } from '../../db/schema';

type JobEstado = (typeof enviosEmail.estado.enumValues)[number];

/** The order's newest request as the order JSON carries it. */
function toEnvio(row: {
  estado: JobEstado;
  intentos: number;
  enviadoEn: Date | null;
  ultimoError: string | null;
}): Envio {
  return {
    estado: row.estado === 'pendiente' || row.estado === 'enviando' ? 'en_cola' : row.estado,
    intentos: row.intentos,
    enviadoEn: row.enviadoEn?.toISOString() ?? null,
    ultimoError: row.ultimoError,
  };
}

/** `envio` of each order (SIN_ENVIAR for those never queued), for the order JSON. */
export async function envioOf(executor: Db | Tx, pedidoIds: number[]): Promise<Map<number, Envio>> {
  const result = new Map<number, Envio>();
  if (pedidoIds.length === 0) return result;
  const rows = await executor
    .selectDistinctOn([enviosEmail.pedidoId], {
      pedidoId: enviosEmail.pedidoId,
      estado: enviosEmail.estado,
      intentos: enviosEmail.intentos,
      enviadoEn: enviosEmail.enviadoEn,
      ultimoError: enviosEmail.ultimoError,
    })
    .from(enviosEmail)
    .where(inArray(enviosEmail.pedidoId, pedidoIds))
    .orderBy(enviosEmail.pedidoId, desc(enviosEmail.id));
  for (const row of rows) result.set(row.pedidoId, toEnvio(row));
  for (const id of pedidoIds) if (!result.has(id)) result.set(id, SIN_ENVIAR);
  return result;
}
