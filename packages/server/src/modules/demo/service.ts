import type { demoRequestBody } from '@drinkflow/domain/demo-request';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { demoRequests } from '../../db/schema';

export function createDemoRequestService(db: Db) {
  return {
    async create(body: z.output<typeof demoRequestBody>) {
      const [row] = await db.insert(demoRequests).values(body).returning();
      return { ...row!, createdAt: row!.createdAt.toISOString() };
    },
  };
}
