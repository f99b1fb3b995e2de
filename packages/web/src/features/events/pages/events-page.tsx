import type { Evento } from '@drinkflow/domain/events';
import { CalendarPlus, Plus, SearchX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyEvents } from '@/hooks/use-my-events';
import { EventsFilters } from '../components/events-filters';
import { EventsTable } from '../components/events-table';
import { filterEvents, noEventFilters, type EventFilters } from '../utils/filter-events';

// The dialogs (Radix, with its focus and scroll handling) are not needed to show the list: they load
// once it shows (or when "Nuevo Evento" is pressed before), never ahead of it (docs/decisions/028).
const loadDialogs = () => import('../components/event-page-dialogs');
const EventDialog = lazy(async () => ({ default: (await loadDialogs()).EventDialog }));
const DeleteEventDialog = lazy(async () => ({ default: (await loadDialogs()).DeleteEventDialog }));

const PAGE_SIZE = 10;
const noun = { one: 'evento', other: 'eventos' };

export function EventsPage() {
  const events = useMyEvents();
  const [filters, setFilters] = useState<EventFilters>(noEventFilters);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ open: boolean; evento?: Evento }>({ open: false });
  const [deleting, setDeleting] = useState<Evento | null>(null);

  // The list renders from a deferred copy: when the events arrive, React renders the rows in slices
  // after the rest of the page, not in the same blocking update (docs/decisions/024).
  const data = useDeferredValue(events.data);
  const all = data ?? [];
  // Until the deferred copy catches up, the page keeps showing that it is loading, never '0'.
  const loading = events.isPending || (events.isSuccess && data === undefined);
  const filtered = filterEvents(all, filters);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages);
  const visible = filtered.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);

  const changeFilters = (next: EventFilters) => {
    setFilters(next);
    setPage(1);
  };
  const openCreate = () => setDialog({ open: true });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Eventos</h1>
          {/* After a failed load the card explains it; a count of 0 would be wrong. */}
          {loading ? (
            <p className="text-slate-600">Cargando eventos...</p>
          ) : (
            events.isSuccess && (
              <p className="text-slate-600">{`${all.length} ${all.length === 1 ? noun.one : noun.other} en total`}</p>
            )
          )}
        </div>
        <Button onClick={openCreate}>
          <Plus className="h-4 w-4" aria-hidden />
          Nuevo Evento
        </Button>
      </div>

      <Card>
        {loading ? (
          <div className="space-y-3 p-4" role="status" aria-label="Cargando eventos">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-14 w-full" />
            ))}
          </div>
        ) : events.isError ? (
          <p role="alert" className="p-6 text-red-700">
            No se pudieron cargar los eventos. Recarga la página para intentarlo de nuevo.
          </p>
        ) : all.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-10 text-center">
            <CalendarPlus className="h-10 w-10 text-brand-700" aria-hidden />
            <h2 className="text-lg font-semibold">No tienes eventos</h2>
            <p className="text-slate-600">
              Crea tu primer evento para empezar a configurar tickets y barras.
            </p>
            <Button onClick={openCreate}>Crear Primer Evento</Button>
          </div>
        ) : (
          <>
            <EventsFilters filters={filters} onChange={changeFilters} />
            {filtered.length === 0 ? (
              <div className="flex flex-col items-center gap-3 p-10 text-center">
                <SearchX className="h-10 w-10 text-slate-500" aria-hidden />
                <h2 className="text-lg font-semibold">No se encontraron eventos</h2>
                <p className="text-slate-600">Ningún evento coincide con los filtros aplicados.</p>
                <Button variant="outline" onClick={() => changeFilters(noEventFilters)}>
                  Limpiar filtros
                </Button>
              </div>
            ) : (
              <>
                <EventsTable
                  events={visible}
                  onEdit={(evento) => setDialog({ open: true, evento })}
                  onDelete={setDeleting}
                />
                <Pagination
                  page={currentPage}
                  pageSize={PAGE_SIZE}
                  total={filtered.length}
                  noun={noun}
                  onPageChange={setPage}
                />
              </>
            )}
          </>
        )}
      </Card>

      {(!loading || dialog.open) && (
        <Suspense fallback={null}>
          <EventDialog
            open={dialog.open}
            evento={dialog.evento}
            onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          />
          <DeleteEventDialog evento={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </div>
  );
}
