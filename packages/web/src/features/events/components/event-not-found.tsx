import { ArrowLeft, CalendarX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

export function EventNotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <CalendarX className="h-12 w-12 text-slate-500" aria-hidden />
      <h1 className="text-2xl font-bold">Evento no encontrado</h1>
      <p className="text-slate-600">{message}</p>
      <Button asChild>
        <Link to={paths.organizer.events}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Mis Eventos
        </Link>
      </Button>
    </div>
  );
}
