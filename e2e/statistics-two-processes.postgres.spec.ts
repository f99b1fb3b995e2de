import { request as httpClient, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { exitOf, startServer } from '../packages/server/test/process/server-process';
import { registerThroughApi } from './support/accounts';
import { createLiveEventWithTickets } from './support/api-data';
import { statCardValue } from './support/page-parts';
import { expect, test } from './support/test';

// Issue "live statistics" (docs/decisions/021, 022): the statistics page open on server process A
// follows the scans a bar makes through process B, both on the same PostgreSQL — figures and alerts.
// PostgreSQL is what lets several processes run: playwright.config.ts runs this file only when
// TEST_DATABASE_URL is set (CI sets it).

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('statistics-two-processes needs TEST_DATABASE_URL (PostgreSQL)');

type Started = Awaited<ReturnType<typeof startServer>>;

test.describe('two server processes on one PostgreSQL', () => {
  test.describe.configure({ timeout: 120_000 });

  const databaseName = `drinkflow_e2e_two_${process.pid}_${Date.now()}`;
  let servers: Started[] = [];
  let apiOfA: APIRequestContext;

  const withAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };

  test.beforeAll(async () => {
    await withAdmin(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    apiOfA = await httpClient.newContext({ baseURL: servers[0]!.base });
  });

  test.afterAll(async () => {
    await apiOfA?.dispose();
    await Promise.all(
      servers.map(async (server) => {
        server.child.kill('SIGTERM');
        await exitOf(server.child);
      }),
    );
    servers = [];
    await withAdmin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  test('the page on process A shows process B’s scans and the alert they fire, without a reload', async ({
    page,
  }) => {
    const [a, b] = servers as [Started, Started];
    const organizer = await registerThroughApi(apiOfA, { nombre: 'Marta' });
    const { evento, pedido } = await createLiveEventWithTickets(apiOfA, organizer.token, {
      nombre: 'Festival en dos procesos',
      maxDrinks: 1,
    });
    const rules = await apiOfA.put(`/api/eventos/${evento.id}/alertas/reglas`, {
      headers: { authorization: `Bearer ${organizer.token}` },
      data: {
        rechazosPorTicket: 1,
        consumosPorHora: null,
        minutosSinEscanear: null,
        deshechosPorBarra: null,
      },
    });
    expect(rules.status()).toBe(200);

    await page.goto(`${a.base}/login`);
    await page.getByLabel('Email').fill(organizer.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(organizer.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(`${a.base}/organizer/eventos`);
    await page.goto(`${a.base}/organizer/estadisticas?evento=${evento.id}`);
    await expect(page.getByRole('status').getByText('En directo', { exact: true })).toBeVisible();
    const totalConsumos = statCardValue(page, 'Total Consumos');
    await expect(totalConsumos).toHaveText('0');

    const consumeOnB = (barra: string) =>
      page.request.post(`${b.base}/api/scanner/${evento.apiKey}/consume`, {
        data: { qrCode: pedido.tickets[0]!.qrCode, barra },
      });
    expect((await consumeOnB('Barra B')).status()).toBe(200);
    await expect(totalConsumos).toHaveText('1', { timeout: 5_000 });

    for (let i = 0; i < 2; i++) expect((await consumeOnB('Barra B')).status()).toBe(200); // agotado ×2
    const banner = page.getByRole('alert').filter({ hasText: 'Nueva alerta: Posible QR compartido' });
    await expect(banner).toBeVisible({ timeout: 5_000 });
    await expect(banner).toContainText('tuvo 2 escaneos rechazados');
    await expect(page).toHaveURL(`${a.base}/organizer/estadisticas?evento=${evento.id}`);
  });
});
