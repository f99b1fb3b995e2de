import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed-demo';

/** The backup tests' shared steps: the real command, a database with rows in every table, its contents. */

const cliEntry = fileURLToPath(new URL('../../src/cli/db-backup.ts', import.meta.url));

/** Runs `npm run db:backup|db:restore -- <args>` as the real command does. */
export function runBackupCli(mode: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliEntry, mode, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

/**
 * Rows nobody else makes: a session, a throttled attempt, scans (with the bar trigger), alerts, a
 * demo request, an emailed order, a top-up, a live stream's lease, a paired device with its used
 * pairing code and a drink it served (with the per-device counter trigger), an import mapping.
 */
export async function seedEveryTable(database: Database): Promise<void> {
  await seedDemo(database.db);
  await database.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
      select id, 'backup-test-token', now() + interval '1 day' from users order by id limit 1`);
  await database.db.execute(
    sql`insert into throttle_attempts (bucket, key) values ('login', 'ana@example.com')`,
  );
  await database.db.execute(sql`
    insert into scan_log (evento_id, ticket_id, qr_code, allowed, reason, response, barra)
      select p.evento_id, t.id, 'QR-BACKUP', false, 'agotado', '{"ok": false}'::jsonb, 'Barra 1'
      from tickets t join pedidos p on p.id = t.pedido_id order by t.id limit 2`);
  await database.db.execute(sql`
    insert into rate_counters (bucket, key, window_start, hits) values ('scanner', 'k', now(), 3)`);
  await database.db.execute(sql`
    insert into alerta_reglas (evento_id, consumos_por_hora) select id, 50 from eventos order by id limit 1
      on conflict do nothing`);
  await database.db.execute(sql`
    insert into alertas (evento_id, tipo, cantidad, umbral, barra)
      select id, 'consumo_alto', 60, 50, 'Barra 1' from eventos order by id limit 1`);
  await database.db.execute(sql`
    insert into demo_requests (name, email, phone, accept_terms)
      values ('Ana Invitada', 'ana@example.com', '+34 600 000 000', true)`);
  await database.db.execute(sql`
    insert into envios_email (pedido_id, estado, intentos, enviado_en, message_id)
      select id, 'enviado', 1, now(), 'backup-test-message' from pedidos order by id limit 1`);
  await database.db.execute(sql`
    insert into recargas (ticket_id, evento_id, bebidas, importe, metodo, nota)
      select t.id, p.evento_id, 2, 12.50, 'tarjeta', 'Recarga de la copia'
      from tickets t join pedidos p on p.id = t.pedido_id order by t.id limit 1`);
  await database.db.execute(sql`
    insert into dispositivos (evento_id, tipo, nombre, barra, token_hash)
      select id, 'autorizado', 'Móvil de la copia', 'Barra 1', 'backup-test-device' from eventos order by id limit 1`);
  await database.db.execute(sql`
    insert into emparejamientos (codigo, evento_id, caduca_en, usado_en, dispositivo_id)
      select 'BACKUP23', evento_id, now() + interval '10 minutes', now(), id from dispositivos`);
  await database.db.execute(sql`
    insert into consumos (ticket_id, evento_id, tipo_bebida, barra, dispositivo_id)
      select t.id, p.evento_id, 'copa', 'Barra 1', d.id
      from tickets t join pedidos p on p.id = t.pedido_id join dispositivos d on d.evento_id = p.evento_id
      order by t.id limit 1`);
  await database.db.execute(sql`
    insert into stream_leases (id, user_id, expires_at)
      select gen_random_uuid(), id, now() + interval '45 seconds' from users order by id limit 1`);
  await database.db.execute(sql`
    insert into importacion_mapeos (evento_id, columnas, tipos)
      select evento_id, '{"comprador": "nombreCompleto", "uds.": null}'::jsonb,
             jsonb_build_object('general admission', id)
      from tipos_ticket order by id limit 1`);
}

export async function rowsOf(database: Database, query: string): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

/** Every table of the public schema, the migrations journal and every sequence's position. */
export async function contentsOf(database: Database) {
  const tables = await rowsOf(
    database,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const contents: Record<string, unknown> = {};
  for (const { name } of tables) {
    const columns = await rowsOf(
      database,
      `select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = '${String(name)}'`,
    );
    const orderBy = Array.from({ length: Number(columns[0]!.n) }, (_, i) => i + 1).join(', ');
    contents[String(name)] = await rowsOf(
      database,
      `select * from public."${String(name)}" order by ${orderBy}`,
    );
  }
  contents['drizzle.__drizzle_migrations'] = await rowsOf(
    database,
    'select * from drizzle.__drizzle_migrations order by 1',
  );
  contents['sequences'] = await rowsOf(
    database,
    'select schemaname, sequencename, last_value from pg_sequences order by 1, 2',
  );
  return contents;
}
