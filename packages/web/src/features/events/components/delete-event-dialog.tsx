import type { Evento } from '@drinkflow/domain/events';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/hooks/use-toast';
import { useDeleteEvent } from '../api/delete-event';

export function DeleteEventDialog({
  evento,
  onClose,
  onDeleted,
}: {
  evento: Evento | null;
  onClose(): void;
  onDeleted?(): void;
}) {
  const remove = useDeleteEvent();
  return (
    <ConfirmDialog
      open={!!evento}
      onOpenChange={(open) => !open && onClose()}
      title="¿Eliminar evento?"
      description={
        <>
          Se eliminarán permanentemente el evento <strong>{evento?.nombre}</strong> y todos sus datos: tipos
          de ticket, pedidos, tickets y consumos. Esta acción no se puede deshacer.
        </>
      }
      pending={remove.isPending}
      onConfirm={() =>
        evento &&
        remove.mutate(evento.id, {
          onSuccess: () => {
            toast({ title: 'Evento eliminado', description: 'El evento ha sido eliminado exitosamente.' });
            onClose();
            onDeleted?.();
          },
          onError: () =>
            toast({
              title: 'Error',
              description: 'No se pudo eliminar el evento. Inténtalo de nuevo.',
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
