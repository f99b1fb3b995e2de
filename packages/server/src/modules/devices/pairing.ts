import type { User } from '@drinkflow/domain/auth';
import {
  deviceMessages,
  PAIRING_MINUTES,
  type ownDeviceBody,
  type pairBody,
  type Pairing,
  type PairedDevice,
} from '@drinkflow/domain/devices';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { emparejamientos, eventos } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { createThrottle } from '../../http/rate-limits';
import { requireEvent } from '../events';
import { minutesAgo, minutesFromNow, sqlNow } from './clock';
import { wrongCodeLimits } from './limits';
import { newPairingCode } from './pairing-code';
import { insertPairedDevice } from './paired-device';

/** A code drawn twice in a row while both are live is a one-in-a-trillion event; a few draws settle it. */
const CODE_DRAWS = 5;
/** Unused codes are forgotten a day after they expired (used ones stay: they name their device). */
const FORGET_UNUSED_AFTER_MINUTES = 24 * 60;

const codeInvalid = () =>
  badRequest(deviceMessages.codeInvalid, [{ field: 'codigo', message: deviceMessages.codeInvalid }]);
const isWrongCode = (error: unknown) =>
  error instanceof HttpError && error.message === deviceMessages.codeInvalid;

export const pairingUrl = (codigo: string) => `/emparejar/${codigo}`;

/** Pairing codes and the devices they make (docs/rules/devices.md, docs/decisions/060). */
export function createPairing(db: Db, now: (() => Date) | undefined) {
  const throttle = createThrottle(db, now);

  return {
    /** A new single-use code for the event, valid PAIRING_MINUTES (capability `dispositivos`). */
    async issue(user: User, eventoId: number): Promise<Pairing> {
      const { evento } = await requireEvent(db, user, eventoId, 'dispositivos');
      await db
        .delete(emparejamientos)
        .where(
          and(
            eq(emparejamientos.eventoId, evento.id),
            isNull(emparejamientos.usadoEn),
            lt(emparejamientos.caducaEn, minutesAgo(now, FORGET_UNUSED_AFTER_MINUTES)),
          ),
        );
      for (let draw = 0; draw < CODE_DRAWS; draw++) {
        const [row] = await db
          .insert(emparejamientos)
          .values({
            codigo: newPairingCode(),
            eventoId: evento.id,
            creadoPor: user.id,
            caducaEn: minutesFromNow(now, PAIRING_MINUTES),
          })
          .onConflictDoNothing()
          .returning();
        if (row)
          return { codigo: row.codigo, url: pairingUrl(row.codigo), caducaEn: row.caducaEn.toISOString() };
      }
      throw new Error(`pairing: no free code after ${CODE_DRAWS} draws`);
    },

    /**
     * Pairs a device with a code, without a session. The code is consumed by one conditional update
     * (unused and unexpired) in the transaction that stores the device, so two devices racing for
     * one code get one device. Every attempt counts against the address before the code is read;
     * one that was not a wrong code (paired, or refused for its bar) takes its attempt back.
     */
    async pair(body: z.output<typeof pairBody>, ip: string): Promise<PairedDevice> {
      const attempt = await throttle.take(
        [{ bucket: wrongCodeLimits.bucket, key: ip, max: wrongCodeLimits.perAddress }],
        wrongCodeLimits.policy,
      );
      try {
        const paired = await db.transaction(async (tx) => {
          const [code] = await tx
            .update(emparejamientos)
            .set({ usadoEn: sqlNow(now) })
            .where(
              and(
                eq(emparejamientos.codigo, body.codigo),
                isNull(emparejamientos.usadoEn),
                gt(emparejamientos.caducaEn, sqlNow(now)),
              ),
            )
            .returning({ eventoId: emparejamientos.eventoId });
          if (!code) throw codeInvalid();
          const [evento] = await tx.select().from(eventos).where(eq(eventos.id, code.eventoId)).limit(1);
          // The event went with its codes (cascade): this one cannot outlive it.
          if (!evento) throw codeInvalid();
          const device = await insertPairedDevice(tx, evento, {
            nombre: body.nombre,
            barra: body.barra,
            usuarioId: null,
          });
          await tx
            .update(emparejamientos)
            .set({ dispositivoId: device.dispositivo.id })
            .where(eq(emparejamientos.codigo, body.codigo));
          return device;
        });
        await attempt.forgive();
        return paired;
      } catch (error) {
        if (!isWrongCode(error)) await attempt.forgive();
        throw error;
      }
    },

    /**
     * The signed-in member's own scanner (capability `escanear`), tied to their account. Each call
     * pairs a new device: the server cannot tell one browser from another, and handing an existing
     * device's token to a second browser would silently share it (docs/decisions/060).
     */
    async own(user: User, eventoId: number, body: z.output<typeof ownDeviceBody>): Promise<PairedDevice> {
      const { evento } = await requireEvent(db, user, eventoId, 'escanear');
      return db.transaction((tx) =>
        insertPairedDevice(tx, evento, { nombre: body.nombre, barra: body.barra, usuarioId: user.id }),
      );
    },
  };
}
