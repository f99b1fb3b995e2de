import type { TicketDetail } from '@drinkflow/domain/orders';
import { topUpMetodoLabels } from '@drinkflow/domain/topups';
import { useQueryClient } from '@tanstack/react-query';
import { AddDrinksButton } from '@/components/top-ups/top-up-dialog';
import { useTicketTopUps } from '@/hooks/use-top-ups';
import { formatDateTime, formatEuros } from '@/lib/format';
import { orderKey } from '../api/get-order';

const drinks = (n: number) => (n === 1 ? '+1 bebida' : `+${n} bebidas`);

/**
 * 'Añadir bebidas' and the 'Recargas' history of a ticket with a drink limit (docs/rules/festivals.md):
 * when, how many, the amount, how it was paid, the note and who registered it.
 */
export function TicketTopUps({ ticket }: { ticket: Pick<TicketDetail, 'id' | 'pedidoId'> }) {
  const queryClient = useQueryClient();
  const recargas = useTicketTopUps(ticket.id);
  const list = recargas.data ?? [];
  return (
    <section aria-label={`Recargas del ticket #${ticket.id}`} className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium text-slate-900">Recargas</h4>
        <AddDrinksButton
          ticketId={ticket.id}
          // The ticket's state (agotado or not) and counts come with the order's tickets.
          onAdded={() => void queryClient.invalidateQueries({ queryKey: orderKey(ticket.pedidoId) })}
        />
      </div>
      {recargas.isError ? (
        <p className="text-red-700">No se pudo cargar el historial de recargas.</p>
      ) : !recargas.data ? null : list.length === 0 ? (
        <p className="text-slate-600">Sin recargas.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {list.map((recarga) => (
            <li key={recarga.id} className="flex flex-wrap gap-x-3 gap-y-0.5 px-3 py-2 text-slate-700">
              <span className="text-slate-600 tabular-nums">{formatDateTime(recarga.createdAt)}</span>
              <span className="font-medium text-slate-900">{drinks(recarga.bebidas)}</span>
              {recarga.importe !== null && <span>{formatEuros(recarga.importe)}</span>}
              {recarga.metodo && <span>{topUpMetodoLabels[recarga.metodo]}</span>}
              {recarga.nota && <span className="break-words">«{recarga.nota}»</span>}
              <span className="text-slate-600">por {recarga.creadoPor?.nombre ?? 'cuenta eliminada'}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
