import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../../src/db/schema';
import { expectApiError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each request from its own address: the form is rate-limited per address (tested below). */
const send = (payload: Record<string, unknown>, remoteAddress = uniqueAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/demo-request', payload, remoteAddress });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carmen Romero',
  email: uniqueEmail('demo'),
  phone: '+34 612 345 678',
  eventType: 'boda',
  guestCount: 120,
  eventDate: '2027-06-12',
  message: 'Queremos barra libre controlada.',
  acceptTerms: true,
  ...overrides,
});

const storedRow = async (id: number) => {
  const [row] = await t.db.select().from(demoRequests).where(eq(demoRequests.id, id));
  return row;
};

describe('POST /api/demo-request', () => {
  it('answers 201 with the created request and its id, and stores it', async () => {
    const body = valid();

    const res = await send(body);

    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ ...body, id: expect.any(Number) });
    expect(created.id).toBeGreaterThan(0);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(await storedRow(created.id)).toMatchObject({
      name: 'Carmen Romero',
      email: body.email,
      phone: '+34 612 345 678',
      eventType: 'boda',
      guestCount: 120,
      eventDate: '2027-06-12',
      message: 'Queremos barra libre controlada.',
      acceptTerms: true,
    });
  });

  it('accepts the form encoding: acceptTerms and guestCount as text, empty optional fields', async () => {
    const res = await send({
      name: '  Javier Navarro ',
      email: ` ${uniqueEmail('demo')} `,
      phone: '',
      eventType: '',
      guestCount: '40',
      eventDate: '',
      message: '',
      acceptTerms: 'true',
    });

    expect(res.statusCode).toBe(201);
    expect(await storedRow(res.json().id)).toMatchObject({
      name: 'Javier Navarro',
      phone: null,
      eventType: null,
      guestCount: 40,
      eventDate: null,
      message: null,
      acceptTerms: true,
    });
  });

  it('needs only name, email and acceptTerms', async () => {
    const res = await send({ name: 'Elena Torres', email: uniqueEmail('demo'), acceptTerms: true });

    expect(res.statusCode).toBe(201);
    expect(await storedRow(res.json().id)).toMatchObject({ phone: null, eventType: null, guestCount: null });
  });

  it('refuses when the terms are not accepted', async () => {
    expectValidationError(await send(valid({ acceptTerms: 'false' })), 'acceptTerms');
    expectValidationError(await send(valid({ acceptTerms: false })), 'acceptTerms');
    expectValidationError(await send(valid({ acceptTerms: 'yes' })), 'acceptTerms');
    const { acceptTerms: _acceptTerms, ...withoutTerms } = valid();
    expectValidationError(await send(withoutTerms), 'acceptTerms');
  });

  it('refuses a missing or blank name', async () => {
    const { name: _name, ...withoutName } = valid();
    expectValidationError(await send(withoutName), 'name');
    expectValidationError(await send(valid({ name: '   ' })), 'name');
  });

  it('refuses a missing or invalid email', async () => {
    const { email: _email, ...withoutEmail } = valid();
    expectValidationError(await send(withoutEmail), 'email');
    expectValidationError(await send(valid({ email: 'carmen-arroba-ejemplo' })), 'email');
  });

  it('refuses an unknown event type', async () => {
    expectValidationError(await send(valid({ eventType: 'concierto-de-rock' })), 'eventType');
  });

  it('refuses a guest count that is not a positive whole number', async () => {
    expectValidationError(await send(valid({ guestCount: 0 })), 'guestCount');
    expectValidationError(await send(valid({ guestCount: 'muchos' })), 'guestCount');
  });

  it('stores nothing when the request is refused', async () => {
    const email = uniqueEmail('rechazado');
    expect((await send(valid({ email, acceptTerms: 'false' }))).statusCode).toBe(400);

    expect(await t.db.select().from(demoRequests).where(eq(demoRequests.email, email))).toEqual([]);
  });

  it('rate-limits one address to 10 requests a minute with a 429 JSON error', async () => {
    const address = uniqueAddress();
    for (let n = 0; n < 10; n++) expect((await send(valid(), address)).statusCode).toBe(201);

    expectApiError(await send(valid(), address), 429);
    expect((await send(valid())).statusCode).toBe(201);
  });

  it('lets at most 10 of 25 simultaneous requests from one address through', async () => {
    const address = uniqueAddress();

    const responses = await Promise.all(Array.from({ length: 25 }, () => send(valid(), address)));

    const created = responses.filter((res) => res.statusCode === 201).length;
    expect(created).toBeLessThanOrEqual(10);
    expect(created + responses.filter((res) => res.statusCode === 429).length).toBe(25);
  });
});
