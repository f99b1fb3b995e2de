import type { User } from '@drinkflow/domain/auth';
import { deviceMessages, type BoardDevice } from '@drinkflow/domain/devices';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dispositivos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { requireEvent } from '../events';
import { boardDevices } from './board';
import { sqlNow } from './clock';
import { createPairing } from './pairing';

export interface DeviceServiceOptions {
  /** The app's test clock; omitted, the database's time. */
  now?: () => Date;
}

/** An event's devices (docs/rules/devices.md): pairing, a member's own scanner, the board, revocation. */
export function createDeviceService(db: Db, { now }: DeviceServiceOptions = {}) {
  const pairing = createPairing(db, now);

  return {
    ...pairing,

    /** The device board (capability `dispositivos`). */
    async board(user: User, eventoId: number): Promise<BoardDevice[]> {
      const { evento } = await requireEvent(db, user, eventoId, 'dispositivos');
      return boardDevices(db, now, evento.id);
    },

    /**
     * Revokes a device of the event (capability `dispositivos`), by the revocation lock protocol
     * (docs/rules/devices.md): in one transaction the device row is taken `for update` — which
     * waits for every scanner statement holding it `for key share` to finish recording — then its
     * `revocado_en` is set when still empty. Revoking twice keeps the first time. A device of
     * another event → 404.
     */
    async revoke(user: User, eventoId: number, deviceId: number): Promise<BoardDevice> {
      const { evento } = await requireEvent(db, user, eventoId, 'dispositivos');
      await db.transaction(async (tx) => {
        const [device] = await tx
          .select({ id: dispositivos.id })
          .from(dispositivos)
          .where(and(eq(dispositivos.id, deviceId), eq(dispositivos.eventoId, evento.id)))
          .for('update');
        if (!device) throw notFound(deviceMessages.notFound);
        await tx
          .update(dispositivos)
          .set({ revocadoEn: sqlNow(now) })
          .where(and(eq(dispositivos.id, device.id), isNull(dispositivos.revocadoEn)));
      });
      const [revoked] = await boardDevices(db, now, evento.id, deviceId);
      if (!revoked) throw notFound(deviceMessages.notFound);
      return revoked;
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
