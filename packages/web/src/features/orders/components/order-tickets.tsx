import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { useOrderTickets } from '../api/get-order-tickets';
import { TicketCard } from './ticket-card';

/** The order's tickets, each with its QR code and actions. */
export function OrderTickets({ pedidoId }: { pedidoId: number }) {
  const tickets = useOrderTickets(pedidoId);
  // One clock for every card: the expiry rule reads the same moment everywhere on the page.
  const now = new Date();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg" aria-live="polite">
          {tickets.data ? `Tickets (${tickets.data.length})` : 'Tickets'}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {tickets.isError ? (
          <LoadError message="No se pudieron cargar los tickets." onRetry={() => void tickets.refetch()} />
        ) : !tickets.data ? (
          <div role="status" aria-label="Cargando tickets" className="space-y-4">
            <Skeleton className="h-56 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        ) : tickets.data.length === 0 ? (
          <p className="py-6 text-center text-slate-600">No hay tickets para este pedido</p>
        ) : (
          tickets.data.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} now={now} />)
        )}
      </CardContent>
    </Card>
  );
}
