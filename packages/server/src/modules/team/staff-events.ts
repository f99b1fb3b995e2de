import type { User } from '@drinkflow/domain/auth';
import { eventStatus, type EventStatus } from '@drinkflow/domain/events';
import type { StaffEvent } from '@drinkflow/domain/team';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventoMiembros, eventos } from '../../db/schema';

/** Active events first, then upcoming ones, then finished ones. */
const statusOrder: Record<EventStatus, number> = { activo: 0, próximo: 1, finalizado: 2 };

/**
 * The staff home's events (`GET /api/barra/eventos`, docs/rules/team.md): those the user owns or is
 * on the team of, in any role; active first (soonest end first), then upcoming (soonest start
 * first), then finished (latest end first).
 */
export async function staffEvents(db: Db, user: User, now = new Date()): Promise<StaffEvent[]> {
  const rows = await db
    .select({ evento: eventos, rol: eventoMiembros.rol })
    .from(eventos)
    .leftJoin(
      eventoMiembros,
      and(eq(eventoMiembros.eventoId, eventos.id), eq(eventoMiembros.usuarioId, user.id)),
    )
    .where(or(eq(eventos.organizadorId, user.id), isNotNull(eventoMiembros.id)));
  const list: (StaffEvent & { inicio: number; fin: number })[] = [];
  for (const { evento, rol } of rows) {
    const own = evento.organizadorId === user.id;
    list.push({
      id: evento.id,
      nombre: evento.nombre,
      ubicacion: evento.ubicacion,
      fechaInicio: evento.fechaInicio.toISOString(),
      fechaFin: evento.fechaFin.toISOString(),
      estado: eventStatus(evento, now),
      rol: own ? 'propietario' : rol!,
      barras: evento.barras,
      inicio: evento.fechaInicio.getTime(),
      fin: evento.fechaFin.getTime(),
    });
  }
  list.sort((a, b) => {
    const byStatus = statusOrder[a.estado as EventStatus] - statusOrder[b.estado as EventStatus];
    if (byStatus !== 0) return byStatus;
    if (a.estado === 'activo') return a.fin - b.fin;
    if (a.estado === 'próximo') return a.inicio - b.inicio;
    return b.fin - a.fin;
  });
  return list.map(({ inicio: _inicio, fin: _fin, ...event }) => event);
}
