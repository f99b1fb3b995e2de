import type { User } from '@drinkflow/domain/auth';
import { DEFAULT_CORTE_DIARIO, unknownBars } from '@drinkflow/domain/event-bars';
import { eventStatus, apiKeyMessages, type Evento, type EventoValues } from '@drinkflow/domain/events';
import { barKey } from '@drinkflow/domain/scan-rules';
import type { EventCapability, EventRole } from '@drinkflow/domain/team';
import { and, asc, count, countDistinct, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consumos, eventoMiembros, eventos, pedidos, tickets, tiposTicket } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { createThrottle, type ThrottlePolicy } from '../../http/rate-limits';
import { randomSecret } from '../auth';
import { requireEvent, teamScope } from './access';

export const EVENT_NOT_FOUND = 'Evento no encontrado';
type EventoRow = typeof eventos.$inferSelect;

export const toEvento = (row: EventoRow, now = new Date(), miRol?: EventRole | null): Evento => ({
  id: row.id,
  nombre: row.nombre,
  ubicacion: row.ubicacion,
  fechaInicio: row.fechaInicio.toISOString(),
  fechaFin: row.fechaFin.toISOString(),
  organizadorId: row.organizadorId,
  notas: row.notas,
  esPrivado: row.esPrivado,
  apiKey: row.apiKey,
  barras: row.barras,
  corteDiario: row.corteDiario,
  soloDispositivosAutorizados: row.soloDispositivosAutorizados,
  estado: eventStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  ...(miRol ? { miRol } : {}),
});

const newApiKey = () => randomSecret(18);

export const BAR_IN_USE = 'No se puede quitar una barra que permite un tipo de ticket';

/** The detail under one bar: which ticket types keep it (so the organizer knows what to change). */
export const barInUse = (barra: string, tipos: readonly string[]) =>
  tipos.length === 1
    ? `No se puede quitar la barra «${barra}» porque la permite el tipo de ticket «${tipos[0]}»`
    : `No se puede quitar la barra «${barra}» porque la permiten los tipos de ticket ${tipos.map((tipo) => `«${tipo}»`).join(', ')}`;

/**
 * 409 when `barras` would drop one of `saved` (the event's bars) that a ticket type allows
 * (docs/rules/festivals.md). One detail per such bar, on `barras.<its position in saved>`: the body
 * no longer holds it, so its place in the event's list is what names it to the form.
 * Run it in the transaction that writes the bars, after locking the event row: a ticket type's
 * create or update locks the same row, so neither can slip in between.
 */
export async function assertAllowedBarsKept(
  tx: Tx,
  eventoId: number,
  saved: readonly string[],
  barras: readonly string[],
) {
  const types = await tx
    .select({ nombre: tiposTicket.nombre, barrasPermitidas: tiposTicket.barrasPermitidas })
    .from(tiposTicket)
    .where(and(eq(tiposTicket.eventoId, eventoId), isNotNull(tiposTicket.barrasPermitidas)))
    .orderBy(asc(tiposTicket.nombre));
  const details = saved.flatMap((barra, index) => {
    if (unknownBars([barra], barras).length === 0) return [];
    const tipos = types
      .filter((type) => (type.barrasPermitidas ?? []).some((name) => barKey(name) === barKey(barra)))
      .map((type) => type.nombre);
    return tipos.length > 0 ? [{ field: `barras.${index}`, message: barInUse(barra, tipos) }] : [];
  });
  if (details.length > 0) throw conflict(BAR_IN_USE, details);
}
/**
 * Key changes per organizer (docs/rules/events.md): a 409 says that another event uses a key, so unlimited
 * attempts would let an organizer search for other events' keys.
 */
export const apiKeyChangeLimit = {
  perOrganizer: 10,
  policy: { windowMinutes: 60, message: apiKeyMessages.tooManyChanges },
} as const satisfies { policy: ThrottlePolicy } & Record<string, unknown>;
const apiKeyTaken = () =>
  conflict(apiKeyMessages.taken, [{ field: 'apiKey', message: apiKeyMessages.taken }]);

/** Row-lock strengths an event writer may take (see lockWritable). */
export type EventLock = 'update' | 'no key update';

export function createEventService(db: Db) {
  const throttle = createThrottle(db);
  return {
    /** The event if `user` may use it for `capability` (access.ts): 404 outsiders, 403 members without it. */
    findFor: async (
      user: User,
      id: number,
      capability: EventCapability,
      executor: Db | Tx = db,
      lock: EventLock | null = null,
    ): Promise<EventoRow> => (await requireEvent(executor, user, id, capability, lock)).evento,
    /** The event if `user` may read its organizer pages. */
    findReadable: async (user: User, id: number) => (await requireEvent(db, user, id, 'ver')).evento,
    /** The event if `user` may change it; inside a transaction pass its `tx`. */
    findWritable: async (user: User, id: number, executor: Db | Tx = db) =>
      (await requireEvent(executor, user, id, 'gestionar')).evento,
    /**
     * As findWritable, locking the event row for the rest of the transaction `tx`: FOR UPDATE by
     * default; 'no key update' still excludes every other writer of the event but lets rows that
     * reference it be inserted meanwhile (a drink's foreign key check takes KEY SHARE).
     */
    lockWritable: async (user: User, id: number, tx: Tx, lock: EventLock = 'update') =>
      (await requireEvent(tx, user, id, 'gestionar', lock)).evento,

    /**
     * An organizer's events: their own and, in their own list, those shared with them whose
     * organizer pages their role may read, each with `miRol` (docs/rules/team.md).
     */
    async list(user: User, organizadorId: number): Promise<Evento[]> {
      const own = organizadorId === user.id;
      if (user.rol !== 'admin' && !own) throw notFound('Usuario no encontrado');
      const rows = await db
        .select({ evento: eventos, rol: eventoMiembros.rol })
        .from(eventos)
        .leftJoin(
          eventoMiembros,
          and(eq(eventoMiembros.eventoId, eventos.id), eq(eventoMiembros.usuarioId, user.id)),
        )
        .where(own ? teamScope(user, 'ver') : eq(eventos.organizadorId, organizadorId))
        .orderBy(desc(eventos.fechaInicio), desc(eventos.id));
      const now = new Date();
      return rows.map(({ evento, rol }) =>
        toEvento(evento, now, evento.organizadorId === user.id ? 'propietario' : rol),
      );
    },

    async detail(user: User, id: number) {
      const { evento: row, rol } = await requireEvent(db, user, id, 'ver');
      const [[types], [activeOrders], [scanned]] = await Promise.all([
        db.select({ n: count() }).from(tiposTicket).where(eq(tiposTicket.eventoId, id)),
        db
          .select({ n: countDistinct(pedidos.id) })
          .from(pedidos)
          .innerJoin(tickets, eq(tickets.pedidoId, pedidos.id))
          .where(and(eq(pedidos.eventoId, id), eq(tickets.estado, 'activo'))),
        db
          .select({ n: countDistinct(consumos.ticketId) })
          .from(consumos)
          .where(eq(consumos.eventoId, id)),
      ]);
      return {
        ...toEvento(row, new Date(), rol),
        contadores: { tiposTicket: types!.n, pedidosActivos: activeOrders!.n, ticketsEscaneados: scanned!.n },
      };
    },

    async create(user: User, values: EventoValues): Promise<Evento> {
      const [row] = await db
        .insert(eventos)
        .values({
          ...values,
          barras: values.barras ?? [],
          corteDiario: values.corteDiario ?? DEFAULT_CORTE_DIARIO,
          fechaInicio: new Date(values.fechaInicio),
          fechaFin: new Date(values.fechaFin),
          organizadorId: user.id,
          apiKey: newApiKey(),
        })
        .returning();
      return toEvento(row!, new Date(), 'propietario');
    },

    /** Absent `barras` and `corteDiario` keep the event's own (docs/decisions/045). */
    async update(user: User, id: number, values: EventoValues): Promise<Evento> {
      return db.transaction(async (tx) => {
        const { evento, rol } = await requireEvent(tx, user, id, 'gestionar', 'update');
        if (values.barras !== undefined) await assertAllowedBarsKept(tx, id, evento.barras, values.barras);
        const [row] = await tx
          .update(eventos)
          .set({
            ...values,
            fechaInicio: new Date(values.fechaInicio),
            fechaFin: new Date(values.fechaFin),
            updatedAt: new Date(),
          })
          .where(eq(eventos.id, id))
          .returning();
        return toEvento(row!, new Date(), rol);
      });
    },

    /** Deletes the event with its ticket types, orders, tickets, consumptions and scan log. */
    async remove(user: User, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireEvent(tx, user, id, 'borrar', 'update');
        await tx.delete(eventos).where(eq(eventos.id, id));
      });
    },

    async setApiKey(user: User, id: number, apiKey: string): Promise<{ apiKey: string }> {
      await throttle.take(
        [{ bucket: 'api-key-change', key: String(user.id), max: apiKeyChangeLimit.perOrganizer }],
        apiKeyChangeLimit.policy,
      );
      try {
        return await db.transaction(async (tx) => {
          await requireEvent(tx, user, id, 'gestionar', 'no key update');
          const [row] = await tx
            .update(eventos)
            .set({ apiKey, updatedAt: new Date() })
            .where(eq(eventos.id, id))
            .returning({ apiKey: eventos.apiKey });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'eventos_api_key_unique')) throw apiKeyTaken();
        throw error;
      }
    },

    async regenerateApiKey(user: User, id: number): Promise<{ apiKey: string }> {
      return db.transaction(async (tx) => {
        await requireEvent(tx, user, id, 'gestionar', 'no key update');
        const [row] = await tx
          .update(eventos)
          .set({ apiKey: newApiKey(), updatedAt: new Date() })
          .where(eq(eventos.id, id))
          .returning({ apiKey: eventos.apiKey });
        return row!;
      });
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
