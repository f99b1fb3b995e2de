import type { Pedido } from '@drinkflow/domain/orders';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/hooks/use-toast';
import { useDeleteOrder } from '../api/delete-order';

/** '¿Eliminar pedido?': the order and all its tickets, permanently (docs/rules/screens.md). */
export function DeleteOrderDialog({ pedido, onClose }: { pedido: Pedido | null; onClose(): void }) {
  const remove = useDeleteOrder();
  return (
    <ConfirmDialog
      open={!!pedido}
      onOpenChange={(open) => !open && onClose()}
      title="¿Eliminar pedido?"
      description={
        <>
          Se eliminarán permanentemente el pedido de <strong>{pedido?.nombreCompleto}</strong> y todos sus
          tickets ({pedido?.totalTickets}). Esta acción no se puede deshacer.
        </>
      }
      pending={remove.isPending}
      onConfirm={() =>
        pedido &&
        remove.mutate(pedido.id, {
          onSuccess: () => {
            toast({
              title: 'Pedido eliminado',
              description: 'El pedido y todos sus tickets han sido eliminados exitosamente.',
            });
            onClose();
          },
          onError: () =>
            toast({
              title: 'Error',
              description: 'No se pudo eliminar el pedido. Inténtalo de nuevo.',
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
