import { CalendarX2, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { DemoModeBadge } from '@/components/demo-mode-badge';
import { SignOutButton } from '@/components/sign-out-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useStaffEvents } from '../api/staff-events';
import { StaffEventCard } from '../components/staff-event-card';
import { useOpenScanner } from '../hooks/use-open-scanner';

/** /barra, 'Mis eventos' (docs/rules/team.md): the events whose team the person is on, to scan for. */
export function StaffHomePage() {
  const { user } = useAuth();
  const events = useStaffEvents();
  const openScanner = useOpenScanner();
  const name = [user?.nombre, user?.apellido].filter(Boolean).join(' ');

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <p className="shrink-0 text-lg font-bold text-brand-800">DrinkFlow</p>
        <span className="min-w-0 flex-1 truncate text-right font-medium" title={name}>
          {name}
        </span>
        <DemoModeBadge className="shrink-0" />
        <SignOutButton compact />
      </header>
      <main className="mx-auto max-w-2xl space-y-4 p-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Mis eventos</h1>
            <p className="text-sm text-slate-600">Abre el escáner del evento en el que trabajas.</p>
          </div>
          {user && user.rol !== 'scanner' && (
            <Button asChild variant="outline" size="sm">
              <Link to={user.rol === 'admin' ? paths.admin : paths.organizer.events}>
                <LayoutDashboard className="h-4 w-4" aria-hidden />
                Ir al panel
              </Link>
            </Button>
          )}
        </div>
        {events.isPending ? (
          <div className="space-y-3" role="status" aria-label="Cargando eventos">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : events.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
            No se pudieron cargar tus eventos. Recarga la página para intentarlo de nuevo.
          </p>
        ) : events.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <CalendarX2 className="h-10 w-10 text-slate-500" aria-hidden />
            <h2 className="text-lg font-semibold text-slate-900">Todavía no estás en ningún equipo</h2>
            <p className="max-w-md text-sm text-slate-600">
              Un organizador tiene que añadirte al equipo de su evento
              {user ? (
                <>
                  {' '}
                  con tu email <strong className="break-all">{user.email}</strong>
                </>
              ) : null}
              . Cuando lo haga, el evento aparecerá aquí para abrir su escáner.
            </p>
          </Card>
        ) : (
          <ul aria-label="Mis eventos" className="space-y-3">
            {events.data.map((evento) => (
              <li key={evento.id}>
                <StaffEventCard
                  evento={evento}
                  opening={openScanner.isPending && openScanner.variables?.id === evento.id}
                  onOpenScanner={() =>
                    openScanner.mutate(evento, {
                      onError: (error) =>
                        toast({
                          title: 'No se pudo abrir el escáner',
                          description: errorMessage(error, 'Inténtalo de nuevo.'),
                          variant: 'destructive',
                        }),
                    })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
