import type { DemoRequestsPage } from '@drinkflow/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress } from '../support/unique-values';
import { type Account, signIn } from '../support/accounts';
import { MINUTE } from '../support/time';
import { insertDemoRequest } from './fixtures';

let t: TestApp;
let admin: Account;
const base = Date.now() - 60 * MINUTE;
const at = (minutes: number) => new Date(base + minutes * MINUTE);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, 'admin');
  for (let n = 1; n <= 4; n++) await insertDemoRequest(t.db, { name: `Persona ${n}`, createdAt: at(n) });
});
afterAll(() => t.close());

async function list(query = ''): Promise<DemoRequestsPage> {
  const res = await call(t, admin, 'GET', `/api/admin/demo-requests${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DemoRequestsPage>();
}

describe('GET /api/admin/demo-requests', () => {
  it('lists the requests newest first, with everything the visitor sent', async () => {
    const page = await list();

    expect(page).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(page.demoRequests.map((request) => request.name)).toEqual([
      'Persona 4',
      'Persona 3',
      'Persona 2',
      'Persona 1',
    ]);
    expect(page.demoRequests[0]).toEqual({
      id: expect.any(Number),
      name: 'Persona 4',
      email: expect.stringMatching(/@example\.com$/),
      phone: '+34 600 000 000',
      eventType: 'boda',
      guestCount: 120,
      eventDate: '2027-06-12',
      message: 'Queremos probarlo.',
      acceptTerms: true,
      createdAt: at(4).toISOString(),
    });
  });

  it('shows a request sent through the landing page form first', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/demo-request',
      remoteAddress: uniqueAddress(),
      payload: { name: 'Desde la web', email: 'web@example.com', acceptTerms: 'true', eventType: 'festival' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const page = await list();

    expect(page.total).toBe(5);
    expect(page.demoRequests[0]).toMatchObject({ name: 'Desde la web', eventType: 'festival', phone: null });
  });

  it('pages with page and limit', async () => {
    const second = await list('?page=2&limit=2');

    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.demoRequests.map((request) => request.name)).toEqual(['Persona 3', 'Persona 2']);
  });

  it('refuses a page or limit out of range with 400 naming the field', async () => {
    expectValidationError(await call(t, admin, 'GET', '/api/admin/demo-requests?limit=500'), 'limit');
    expectValidationError(await call(t, admin, 'GET', '/api/admin/demo-requests?page=-1'), 'page');
  });
});
