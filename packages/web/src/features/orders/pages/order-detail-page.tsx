import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useOrder } from '../api/get-order';
import { EditOrderDialog } from '../components/edit-order-dialog';
import { OrderEmailStatus } from '../components/email-status';
import { OrderCard } from '../components/order-card';
import { OrderHeader } from '../components/order-header';
import { OrderLinksWarning } from '../components/order-links-warning';
import { OrderNotFound } from '../components/order-not-found';
import { OrderTickets } from '../components/order-tickets';

function OrderSkeleton() {
  return (
    <div className="mx-auto max-w-6xl space-y-6" role="status" aria-label="Cargando pedido">
      <Skeleton className="h-9 w-40" />
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** /organizer/pedido/{id}: the order, its tickets with their QR codes, and what can be done. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const [editing, setEditing] = useState(false);
  const validId = Number.isInteger(id) && id > 0;

  if (validId && order.isPending) return <OrderSkeleton />;
  if (order.isError && !(order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <div className="mx-auto max-w-6xl">
        <LoadError message="No se pudo cargar el pedido." onRetry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) return <OrderNotFound />;
  const pedido = order.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <OrderHeader pedido={pedido} />
      <OrderLinksWarning pedido={pedido} />
      <OrderCard pedido={pedido} onEdit={() => setEditing(true)} />
      <OrderEmailStatus pedido={pedido} />
      <OrderTickets pedidoId={pedido.id} />
      <EditOrderDialog pedido={pedido} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
