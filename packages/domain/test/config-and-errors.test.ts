import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUsers, publicConfig } from '../src/config';
import { errorCodes } from '../src/errors';

describe('demo mode (docs/rules/operations.md)', () => {
  it('seeds one user per role with the shared password drinkflow', () => {
    expect(DEMO_PASSWORD).toBe('drinkflow');
    expect(demoUsers.map(({ email, rol }) => [email, rol])).toEqual([
      ['admin@drinkflow.test', 'admin'],
      ['organizador@drinkflow.test', 'organizer'],
      ['barra@drinkflow.test', 'scanner'],
    ]);
  });

  it('tells the client only whether demo mode is on', () => {
    expect(publicConfig.parse({ demo: true, databaseUrl: 'postgres://…' })).toEqual({ demo: true });
    expect(publicConfig.safeParse({}).success).toBe(false);
  });
});

describe('errorCodes (docs/rules/api-conventions.md)', () => {
  it('keeps the machine codes clients rely on', () => {
    expect(errorCodes).toEqual({
      validation: 'validation_error',
      unauthorized: 'unauthorized',
      forbidden: 'forbidden',
      notFound: 'not_found',
      conflict: 'conflict',
      payloadTooLarge: 'payload_too_large',
      rateLimited: 'rate_limited',
      internal: 'internal_error',
      dbUnavailable: 'db_unavailable',
    });
  });
});
