import type { DemoRequestBody } from '@drinkflow/domain/demo-request';
import { api } from '@/lib/api';

/** POST /api/demo-request — the response is not used (spec §7). */
export const createDemoRequest = (body: DemoRequestBody) => api.post<unknown>('/demo-request', body);
