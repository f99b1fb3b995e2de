import { CalendarX } from 'lucide-react';

/** A missing event, or one of another organizer: the API answers the same for both. */
export function ReportNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <CalendarX className="h-12 w-12 text-slate-500" aria-hidden />
      <h1 className="text-2xl font-bold">Evento no encontrado</h1>
      <p className="text-slate-600">El evento que buscas no existe o no tienes permisos para verlo.</p>
    </div>
  );
}
