import { randomBytes } from 'node:crypto';
import type { Rol } from '@drinkflow/domain/auth';
import type { Db } from '../../src/db/client';
import { demoRequests, eventos, users } from '../../src/db/schema';
import { uniqueEmail } from '../support/unique-values';

/** A user row written straight to the database (no password that works, no session). */
export async function insertUser(
  db: Db,
  values: {
    rol?: Rol;
    nombre?: string;
    apellido?: string | null;
    email?: string;
    activo?: boolean;
    createdAt?: Date;
  } = {},
) {
  const rol = values.rol ?? 'organizer';
  const [row] = await db
    .insert(users)
    .values({
      rol,
      nombre: values.nombre ?? 'Prueba',
      apellido: values.apellido ?? null,
      email: values.email ?? uniqueEmail(rol),
      activo: values.activo ?? true,
      passwordHash: 'sin-contraseña',
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** An event of `organizadorId` from `start` to `end`, created at `createdAt` (default now). */
export async function insertEvent(
  db: Db,
  organizadorId: number,
  values: { nombre?: string; start: Date; end: Date; createdAt?: Date },
) {
  const [row] = await db
    .insert(eventos)
    .values({
      nombre: values.nombre ?? 'Evento de prueba',
      ubicacion: 'Sala Apolo, Barcelona',
      fechaInicio: values.start,
      fechaFin: values.end,
      organizadorId,
      apiKey: randomBytes(18).toString('base64url'),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertDemoRequest(db: Db, values: { name: string; createdAt?: Date }) {
  const [row] = await db
    .insert(demoRequests)
    .values({
      name: values.name,
      email: uniqueEmail('demo'),
      phone: '+34 600 000 000',
      eventType: 'boda',
      guestCount: 120,
      eventDate: '2027-06-12',
      message: 'Queremos probarlo.',
      acceptTerms: true,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** Every admin route, with a URL and body that an admin's call answers 200 to. */
export const adminRoutes = (targetId: number) =>
  [
    { method: 'GET', url: '/api/admin/summary' },
    { method: 'GET', url: '/api/admin/users?search=a&page=1&limit=5' },
    { method: 'PATCH', url: `/api/admin/users/${targetId}`, body: { rol: 'scanner' } },
    { method: 'GET', url: '/api/admin/demo-requests?page=1&limit=5' },
  ] as const;
