import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { isDatabaseUnavailable } from '../../src/http/db-unavailable';
import { createTestApp } from '../support/test-app';

// docs/rules/operations.md: a request the database cannot serve for a moment answers 503 db_unavailable.

describe('a database that cannot be reached', () => {
  it('answers 503 db_unavailable while its host name does not resolve (a container being replaced)', async () => {
    const database = await openPostgres('postgres://postgres@base-de-datos.invalid:5432/drinkflow', 2);
    const t = await createTestApp({ database });
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/scanner/${'k'.repeat(24)}/event` });

      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        message: 'Servicio no disponible temporalmente. Inténtalo de nuevo.',
        error: 'db_unavailable',
      });
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('counts a connection ended by the idle-session timeout as unavailable, not as a fault', () => {
    // PostgreSQL 14+: "terminating connection due to idle-session timeout".
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P05' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
