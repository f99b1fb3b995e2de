import { DEVICE_TOKEN_HEADER } from '@drinkflow/domain/devices';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { dispositivos, eventos } from '../../src/db/schema';
import { hashToken, randomSecret } from '../../src/modules/auth';
import type { TestApp } from '../support/test-app';

/**
 * Devices for the scanner's tests (docs/decisions/062), written straight to the table as pairing
 * does (the token's hash in `token_hash`), and revoked by the lock protocol every revocation
 * follows: the row `for update`, then `revocado_en`, in one transaction.
 */

/** An authorized device of `eventoId` (of `usuarioId`'s), with its token. */
export async function pairDevice(
  db: Db,
  eventoId: number,
  {
    usuarioId = null,
    barra = null,
    nombre = 'Caja 1',
  }: { usuarioId?: number | null; barra?: string | null; nombre?: string } = {},
): Promise<{ id: number; token: string }> {
  const token = randomSecret();
  const [row] = await db
    .insert(dispositivos)
    .values({ eventoId, tipo: 'autorizado', nombre, barra, usuarioId, tokenHash: hashToken(token) })
    .returning({ id: dispositivos.id });
  return { id: row!.id, token };
}

/** Revokes device `id` as the board does; resolves once committed, with the stored `revocado_en`. */
export async function revokeDevice(db: Db, id: number): Promise<Date> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from dispositivos where id = ${id} for update`);
    const [row] = await tx
      .update(dispositivos)
      .set({ revocadoEn: sql`now()` })
      .where(eq(dispositivos.id, id))
      .returning({ revocadoEn: dispositivos.revocadoEn });
    return row!.revocadoEn!;
  });
}

/** Sets the event's "only authorized devices" switch. */
export async function requireDevices(db: Db, eventoId: number, on = true) {
  await db.update(eventos).set({ soloDispositivosAutorizados: on }).where(eq(eventos.id, eventoId));
}

/** The device row `id` as stored. */
export async function deviceRow(db: Db, id: number) {
  const [row] = await db.select().from(dispositivos).where(eq(dispositivos.id, id));
  return row!;
}

/** The link device rows of an event. */
export const linkDevices = (db: Db, eventoId: number) =>
  db.select().from(dispositivos).where(eq(dispositivos.eventoId, eventoId));

/**
 * The scanner calls with `headers` on each (the device token, a device id, reports), from one
 * address, as the paired scanner page sends them.
 */
export function deviceClient(
  t: TestApp,
  apiKey: string,
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
) {
  const base = `/api/scanner/${encodeURIComponent(apiKey)}`;
  return {
    event: () => t.app.inject({ method: 'GET', url: `${base}/event`, remoteAddress, headers }),
    ticket: (qrCode: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base}/ticket/${encodeURIComponent(qrCode)}`,
        remoteAddress,
        headers,
      }),
    offline: () => t.app.inject({ method: 'GET', url: `${base}/offline`, remoteAddress, headers }),
    consume: (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/consume`, payload: body, remoteAddress, headers }),
    undo: (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/undo`, payload: body, remoteAddress, headers }),
  };
}

/** The headers of a paired device's calls. */
export const tokenHeaders = (token: string, extra: Record<string, string> = {}) => ({
  [DEVICE_TOKEN_HEADER]: token,
  ...extra,
});
