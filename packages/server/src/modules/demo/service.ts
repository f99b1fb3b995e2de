import type { demoRequestBody } from '@drinkflow/domain/demo-request';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { demoRequests } from '../../db/schema';
import { createThrottle } from '../../http/rate-limits';

/** A public form: a person sends a handful, a spam script is cut off (shared by every process). */
const demoRequestLimit = {
  perAddress: 10,
  policy: { windowMinutes: 1, message: 'Demasiadas solicitudes. Espera un minuto y vuelve a intentarlo.' },
};

export function createDemoRequestService(db: Db) {
  const throttle = createThrottle(db);
  return {
    async create(body: z.output<typeof demoRequestBody>, ip: string) {
      await throttle.take(
        [{ bucket: 'demo-request:address', key: ip, max: demoRequestLimit.perAddress }],
        demoRequestLimit.policy,
      );
      const [row] = await db.insert(demoRequests).values(body).returning();
      return { ...row!, createdAt: row!.createdAt.toISOString() };
    },
  };
}
