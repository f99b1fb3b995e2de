import { z } from 'zod';

/** GET /api/health (docs/rules/operations.md): 200 with `ok` while the database answers, else 503 with `error`. */
export const health = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof health>;
