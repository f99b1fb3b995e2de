import type { RecentDrink } from '@drinkflow/domain/supervision';
import { SUPERVISOR_UNDO_MINUTES } from '@drinkflow/domain/team';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useRecentDrinks, useUndoDrink } from '../api/recent-drinks';

/** Where and by whom a drink was served, as one line. */
const servedBy = (drink: RecentDrink) =>
  [drink.barra ?? 'Sin barra', drink.dispositivo?.nombre, drink.persona?.nombre].filter(Boolean).join(' · ');

/**
 * "Consumos recientes": the event's drinks of the last 30 minutes, any bar's, each with "Deshacer"
 * for the roles that may undo them (docs/rules/team.md).
 */
export function RecentDrinks({ eventId }: { eventId: number }) {
  const drinks = useRecentDrinks(eventId);
  const undo = useUndoDrink(eventId);
  const [undoing, setUndoing] = useState<RecentDrink | null>(null);

  function confirmUndo(drink: RecentDrink) {
    undo.mutate(drink.id, {
      onSuccess: () => {
        toast({ title: 'Consumo deshecho', description: `Se ha devuelto la bebida a ${drink.titular}.` });
        setUndoing(null);
      },
      onError: (error) => {
        toast({
          title: 'No se pudo deshacer',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        });
        setUndoing(null);
      },
    });
  }

  return (
    <section aria-labelledby="consumos-recientes" className="space-y-3">
      <div>
        <h2 id="consumos-recientes" className="text-lg font-semibold text-slate-900">
          Consumos recientes
        </h2>
        <p className="text-sm text-slate-600">
          Los consumos de los últimos {SUPERVISOR_UNDO_MINUTES} minutos en todas las barras.
        </p>
      </div>
      {drinks.data ? (
        drinks.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            No hay consumos en los últimos {SUPERVISOR_UNDO_MINUTES} minutos.
          </p>
        ) : (
          <ul aria-label="Consumos recientes" className="grid gap-2">
            {drinks.data.map((drink) => (
              <li
                key={drink.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {drink.titular} · {drink.tipoBebida}
                  </p>
                  <p className="text-sm break-words text-slate-600">
                    {formatDateTime(drink.timestamp)} · {servedBy(drink)} · Ticket #{drink.ticketId}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Deshacer el consumo de ${drink.titular} (${drink.tipoBebida})`}
                  onClick={() => setUndoing(drink)}
                >
                  <Undo2 className="h-4 w-4" aria-hidden />
                  Deshacer
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : drinks.isError ? (
        <LoadError
          message="No se pudieron cargar los consumos recientes."
          onRetry={() => void drinks.refetch()}
        />
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => !open && setUndoing(null)}
        title="¿Deshacer este consumo?"
        description={
          undoing
            ? `Se devolverá a ${undoing.titular} la bebida (${undoing.tipoBebida}) servida el ${formatDateTime(undoing.timestamp)}. Queda anotado en el historial de escaneos.`
            : ''
        }
        confirmLabel="Deshacer"
        pendingLabel="Deshaciendo..."
        pending={undo.isPending}
        onConfirm={() => undoing && confirmUndo(undoing)}
      />
    </section>
  );
}
