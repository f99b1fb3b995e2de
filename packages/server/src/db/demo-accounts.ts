import { DEMO_PASSWORD, demoUsers } from '@drinkflow/domain/config';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';

/** The demo accounts (public emails, public password) that exist in this database. */
export async function findDemoAccounts(db: Db): Promise<string[]> {
  const demoEmails = demoUsers.map((demoUser) => demoUser.email);
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demoEmails));
  return rows.map((row) => row.email).sort();
}

/**
 * What the server prints at start while demo accounts exist: anyone who reaches it on the
 * network can sign in with them, the admin included.
 */
export function demoAccountsWarning(emails: string[], listen: { host: string; port: number }): string {
  const everywhere = listen.host === '0.0.0.0' || listen.host === '::';
  return [
    '',
    '⚠  ATENCIÓN: hay cuentas de demostración con contraseña pública',
    `   (${emails.join(', ')} · contraseña «${DEMO_PASSWORD}»).`,
    everywhere
      ? `   El servidor escucha en todas las interfaces (puerto ${listen.port}): cualquiera en tu red puede entrar con ellas.`
      : `   Cualquiera que llegue a ${listen.host}:${listen.port} puede entrar con ellas.`,
    '   Para un evento real: arranca con SEED_DEMO=false sobre un DATA_DIR nuevo (o PostgreSQL) y crea',
    '   tu administrador con: npm run user:create -- --email tu@correo.es --rol admin',
    '',
  ].join('\n');
}
