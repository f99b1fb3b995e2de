// Plain values, no zod: the organizer's event list reads them on its first paint.

export const eventStatuses = ['próximo', 'activo', 'finalizado'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  próximo: 'Próximo',
  activo: 'Activo',
  finalizado: 'Finalizado',
};

/** Derived, never stored: activo from start to end inclusive (docs/rules/events.md). */
export function eventStatus(
  evento: { fechaInicio: string | Date; fechaFin: string | Date },
  now: Date,
): EventStatus {
  const at = now.getTime();
  if (at < new Date(evento.fechaInicio).getTime()) return 'próximo';
  if (at <= new Date(evento.fechaFin).getTime()) return 'activo';
  return 'finalizado';
}
