// `npm run user:create -- --email ana@ejemplo.es --rol admin [--nombre Ana] [--apellido López]`
// Creates an account of any role (a real first admin without the demo), asking for the password.
import { parseArgs } from 'node:util';
import { roles, type Rol } from '@drinkflow/domain/auth';
import { z } from 'zod';
import { ConfigError, readConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open-configured';
import { HttpError } from '../http/errors';
import { createAuthService } from '../modules/auth/service';
import { readPassword } from './read-password';

const usage =
  'Uso: npm run user:create -- --email <email> --rol admin|organizer|scanner [--nombre <nombre>] [--apellido <apellido>]';

const options = z.object({
  email: z.email('El email no es válido'),
  rol: z.enum(roles, { error: 'El rol debe ser admin, organizer o scanner' }),
  nombre: z.string().trim().min(1).max(100),
  apellido: z.string().trim().max(100).nullable(),
  password: z
    .string()
    .min(6, 'La contraseña debe tener al menos 6 caracteres')
    .max(200, 'La contraseña no puede exceder 200 caracteres'),
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: Record<string, string | undefined>;
try {
  ({ values: args } = parseArgs({
    options: {
      email: { type: 'string' },
      rol: { type: 'string' },
      nombre: { type: 'string' },
      apellido: { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (!args.email || !args.rol) fail(usage);

const password = await readPassword();
const parsed = options.safeParse({
  email: args.email.trim(),
  rol: args.rol,
  nombre: args.nombre ?? args.email.split('@')[0],
  apellido: args.apellido ?? null,
  password,
});
if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join('\n'));

try {
  const database = await openConfiguredDatabase(readConfig(), 2);
  try {
    await database.exclusive(() => database.migrate());
    const user = await createAuthService(database.db).createUser({
      ...parsed.data,
      rol: parsed.data.rol as Rol,
    });
    console.log(`Usuario creado: ${user.email} (${user.rol}, id ${user.id}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof HttpError || error instanceof DataDirLockedError || error instanceof ConfigError) {
    fail(error.message);
  }
  throw error;
}
