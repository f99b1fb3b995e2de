import {
  adminMessages,
  RECENT_ACTIVITY_LIMIT,
  type ActivityItem,
  type AdminSummary,
  type AdminUser,
  type AdminUserPatchBody,
  type AdminUsersPage,
  type DemoRequestsPage,
} from '@drinkflow/domain/admin';
import { rolLabels, type User } from '@drinkflow/domain/auth';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPageQuery, adminUsersQuery } from '@drinkflow/domain/admin';
import type { Db } from '../../db/client';
import { consumos, demoRequests, eventos, pedidos, sessions, users } from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';

type UserRow = typeof users.$inferSelect;

export const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  nombre: row.nombre,
  apellido: row.apellido,
  email: row.email,
  rol: row.rol,
  activo: row.activo,
  createdAt: row.createdAt.toISOString(),
});

const fullName = (row: { nombre: string; apellido: string | null }) =>
  [row.nombre, row.apellido].filter(Boolean).join(' ');

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (text: string) => `%${text.toLocaleLowerCase('es').replace(/[\\%_]/g, '\\$&')}%`;

/** The text a user search matches: name, surname and email, lower-cased. */
const userSearchText = sql`lower(${users.nombre} || ' ' || coalesce(${users.apellido}, '') || ' ' || ${users.email})`;

export interface AdminServiceOptions {
  now?: () => Date;
}

export function createAdminService(db: Db, options: AdminServiceOptions = {}) {
  const now = options.now ?? (() => new Date());

  /**
   * The latest happenings of every kind up to `at`, newest first: accounts, events, orders, drinks
   * and demo requests. Rows dated later (an order imported with a future date) have not happened yet.
   */
  async function recentActivity(at: Date): Promise<ActivityItem[]> {
    const limit = RECENT_ACTIVITY_LIMIT;
    const [newUsers, newEvents, newOrders, drinks, requests] = await Promise.all([
      db
        .select({ nombre: users.nombre, apellido: users.apellido, rol: users.rol, at: users.createdAt })
        .from(users)
        .where(lte(users.createdAt, at))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit),
      db
        .select({
          nombre: eventos.nombre,
          organizador: { nombre: users.nombre, apellido: users.apellido },
          at: eventos.createdAt,
        })
        .from(eventos)
        .innerJoin(users, eq(users.id, eventos.organizadorId))
        .where(lte(eventos.createdAt, at))
        .orderBy(desc(eventos.createdAt), desc(eventos.id))
        .limit(limit),
      db
        .select({ id: pedidos.id, evento: eventos.nombre, at: pedidos.createdAt })
        .from(pedidos)
        .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
        .where(lte(pedidos.createdAt, at))
        .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
        .limit(limit),
      db
        .select({
          tipoBebida: consumos.tipoBebida,
          barra: consumos.barra,
          evento: eventos.nombre,
          at: consumos.timestamp,
        })
        .from(consumos)
        .innerJoin(eventos, eq(eventos.id, consumos.eventoId))
        .where(lte(consumos.timestamp, at))
        .orderBy(desc(consumos.timestamp), desc(consumos.id))
        .limit(limit),
      db
        .select({ name: demoRequests.name, at: demoRequests.createdAt })
        .from(demoRequests)
        .where(lte(demoRequests.createdAt, at))
        .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
        .limit(limit),
    ]);
    const items: { tipo: ActivityItem['tipo']; texto: string; at: Date }[] = [
      ...newUsers.map((row) => ({
        tipo: 'usuario' as const,
        texto: `Nuevo usuario: ${fullName(row)} (${rolLabels[row.rol]})`,
        at: row.at,
      })),
      ...newEvents.map((row) => ({
        tipo: 'evento' as const,
        texto: `Evento creado: «${row.nombre}», de ${fullName(row.organizador)}`,
        at: row.at,
      })),
      ...newOrders.map((row) => ({
        tipo: 'pedido' as const,
        texto: `Nuevo pedido #${row.id} en «${row.evento}»`,
        at: row.at,
      })),
      ...drinks.map((row) => ({
        tipo: 'consumo' as const,
        texto: `Consumo de ${row.tipoBebida} en «${row.evento}»${row.barra ? ` (${row.barra})` : ''}`,
        at: row.at,
      })),
      ...requests.map((row) => ({
        tipo: 'demo' as const,
        texto: `Solicitud de demo de ${row.name}`,
        at: row.at,
      })),
    ];
    return items
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, limit)
      .map(({ tipo, texto, at }) => ({ tipo, texto, fecha: at.toISOString() }));
  }

  return {
    async summary(): Promise<AdminSummary> {
      const at = now();
      const [[usuarios], [activos], [organizadores], [drinks], actividad] = await Promise.all([
        db.select({ n: count() }).from(users),
        // docs/rules/events.md: active from fechaInicio to fechaFin inclusive.
        db
          .select({ n: count() })
          .from(eventos)
          .where(and(lte(eventos.fechaInicio, at), gte(eventos.fechaFin, at))),
        db.select({ n: count() }).from(users).where(eq(users.rol, 'organizer')),
        db.select({ n: count() }).from(consumos),
        recentActivity(at),
      ]);
      return {
        usuarios: usuarios!.n,
        eventosActivos: activos!.n,
        organizadores: organizadores!.n,
        consumos: drinks!.n,
        actividad,
      };
    },

    async listUsers(query: z.output<typeof adminUsersQuery>): Promise<AdminUsersPage> {
      const where = query.search ? sql`${userSearchText} like ${likePattern(query.search)}` : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(users).where(where),
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
      ]);
      return { users: rows.map(toAdminUser), total: total!.n, page: query.page, limit: query.limit };
    },

    /**
     * Changes a user's role or whether the account is active, in one transaction that locks the
     * acting admin's row and the target's (in id order): the actor must still be an active admin
     * when the change is written, so two admins demoting each other at once cannot both succeed and
     * the last admin always stays. Disabling deletes the user's sessions in the same transaction.
     */
    async updateUser(actor: User, id: number, body: AdminUserPatchBody): Promise<AdminUser> {
      if (id === actor.id) {
        if (body.activo === false) throw conflict(adminMessages.selfDisable);
        if (body.rol !== undefined && body.rol !== 'admin') throw conflict(adminMessages.selfDemote);
      }
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: users.id, rol: users.rol, activo: users.activo })
          .from(users)
          .where(inArray(users.id, [...new Set([actor.id, id])]))
          .orderBy(asc(users.id))
          .for('update');
        const self = locked.find((row) => row.id === actor.id);
        if (!self || !self.activo)
          throw unauthorized('Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.');
        if (self.rol !== 'admin') throw forbidden();
        if (!locked.some((row) => row.id === id)) throw notFound(adminMessages.userNotFound);

        const [row] = await tx
          .update(users)
          .set({ rol: body.rol, activo: body.activo, updatedAt: now() })
          .where(eq(users.id, id))
          .returning();
        if (body.activo === false) await tx.delete(sessions).where(eq(sessions.userId, id));
        return toAdminUser(row!);
      });
    },

    async listDemoRequests(query: z.output<typeof adminPageQuery>): Promise<DemoRequestsPage> {
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(demoRequests),
        db
          .select()
          .from(demoRequests)
          .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
      ]);
      return {
        demoRequests: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: total!.n,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
