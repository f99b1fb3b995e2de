import { afterAll, describe, expect, inject, it } from 'vitest';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import '../support/provided-context';
import { credentials, exitOf, killAll, post, runCli, startServer } from './server-process';

afterAll(killAll);

describe('server processes sharing PostgreSQL', () => {
  it('migrates an empty database at start-up, shares it between processes and keeps the data', async () => {
    const { url, prefix } = inject('postgresTemplate')!;
    const name = `${prefix}process_${Date.now()}`;
    await withAdminClient(url, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
    const databaseUrl = withDatabase(url, name);
    try {
      const [one, two] = await Promise.all([
        startServer({ DATABASE_URL: databaseUrl }),
        startServer({ DATABASE_URL: databaseUrl }),
      ]);
      expect(await (await fetch(`${one.base}/api/config`)).json()).toEqual({ demo: false });
      expect(one.output()).not.toMatch(/ATENCIÓN/);
      expect(
        (
          await post(one.base, '/api/auth/login', {
            email: 'organizador@drinkflow.test',
            password: 'drinkflow',
          })
        ).status,
      ).toBe(401);
      expect(
        (await post(one.base, '/api/auth/register', { ...credentials, nombre: 'Compartida' })).status,
      ).toBe(201);
      const other = await post(two.base, '/api/auth/login', credentials);
      expect(other.status).toBe(200);

      // A session created on one process is valid, and revoked, on the other.
      const token = other.body.token as string;
      const me = await fetch(`${one.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);

      for (const server of [one, two]) {
        server.child.kill('SIGTERM');
        expect(await exitOf(server.child)).toBe(0);
      }
      const again = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
      expect((await post(again.base, '/api/auth/login', credentials)).status).toBe(200);
      // SEED_DEMO seeds only an empty database: this one already has a user.
      expect(await (await fetch(`${again.base}/api/config`)).json()).toEqual({ demo: true });
      again.child.kill('SIGTERM');
      await exitOf(again.child);
    } finally {
      await withAdminClient(url, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    }
  }, 90_000);

  it('creates a first admin with user:create on an empty database, while a server runs', async () => {
    const { url, prefix } = inject('postgresTemplate')!;
    const name = `${prefix}cli_${Date.now()}`;
    await withAdminClient(url, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`));
    const databaseUrl = withDatabase(url, name);
    try {
      const created = await runCli(['--email', 'jefe@ejemplo.es', '--rol', 'admin'], 'clave-de-verdad\n', {
        DATABASE_URL: databaseUrl,
      });
      expect(created).toMatchObject({ code: 0, output: expect.stringMatching(/Usuario creado/) });
      const server = await startServer({ DATABASE_URL: databaseUrl });
      expect(server.output()).not.toMatch(/ATENCIÓN/);
      // PostgreSQL is shared: the command works beside a running server.
      const second = await runCli(['--email', 'barra@ejemplo.es', '--rol', 'scanner'], 'clave-barra\n', {
        DATABASE_URL: databaseUrl,
      });
      expect(second.code).toBe(0);
      const admin = await post(server.base, '/api/auth/login', {
        email: 'jefe@ejemplo.es',
        password: 'clave-de-verdad',
      });
      expect(admin.status).toBe(200);
      expect(admin.body.user).toMatchObject({ rol: 'admin', nombre: 'jefe' });
      const bar = await post(server.base, '/api/auth/login', {
        email: 'barra@ejemplo.es',
        password: 'clave-barra',
      });
      expect(bar.body.user).toMatchObject({ rol: 'scanner' });
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    } finally {
      await withAdminClient(url, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    }
  }, 90_000);
});
