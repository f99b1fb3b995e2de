import type { DemoRequestBody } from '@drinkflow/domain/demo-request';
import { api } from '@/lib/api';

/** POST /api/demo-request — the response is not used (docs/rules/api-conventions.md). */
export const createDemoRequest = (body: DemoRequestBody) => api.post<unknown>('/demo-request', body);
