import { z } from 'zod';

export const publicConfig = z.object({ demo: z.boolean() });
export type PublicConfig = z.infer<typeof publicConfig>;

// The demo accounts are plain values (no zod): the login page shows them before any form loads.
export { DEMO_PASSWORD, demoUsers } from './demo-users';
