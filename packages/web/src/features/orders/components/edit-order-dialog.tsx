import type { Pedido } from '@drinkflow/domain/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useEventTicketTypes } from '@/hooks/use-ticket-types';
import { useUpdateOrder } from '../api/update-order';
import { editOrderFormSchema, orderValuesFrom, type OrderFormValues } from '../utils/order-form';
import { OrderFormContent } from './order-form-content';

type EditValues = z.output<typeof editOrderFormSchema>;

interface EditOrderDialogProps {
  pedido: Pedido;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Editar Pedido #id': the guest's details and the ticket type of all its tickets. */
export function EditOrderDialog({ pedido, open, onOpenChange }: EditOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <EditOrderForm pedido={pedido} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditOrderForm({ pedido, onDone }: { pedido: Pedido; onDone(): void }) {
  const ticketTypes = useEventTicketTypes(pedido.eventoId);
  const form = useForm<OrderFormValues, unknown, EditValues>({
    resolver: zodResolver(editOrderFormSchema),
    defaultValues: orderValuesFrom(pedido),
  });
  const { mutateAsync } = useUpdateOrder(pedido.id);

  const save = async ({ ticketTypeId, ...details }: EditValues) => {
    // docs/rules/api-conventions.md: the ticket type goes in its own call, and only when it changed.
    await mutateAsync({
      details,
      ticketTypeId: ticketTypeId === pedido.tipoTicket?.id ? undefined : ticketTypeId,
    });
    toast({
      title: 'Pedido actualizado',
      description: 'La información del pedido se ha actualizado correctamente.',
    });
    onDone();
  };

  return (
    <OrderFormContent
      title={`Editar Pedido #${pedido.id}`}
      description="Cambiar el tipo de ticket lo cambia en todos los tickets del pedido."
      idPrefix="editar-pedido"
      form={form}
      ticketTypes={ticketTypes.data}
      eventoId={pedido.eventoId}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando..."
      save={save}
      failure="No se pudo actualizar el pedido. Inténtalo de nuevo."
      onCancel={onDone}
    />
  );
}
