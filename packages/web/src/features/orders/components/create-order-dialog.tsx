import type { Evento } from '@drinkflow/domain/events';
import type { CreateOrderValues } from '@drinkflow/domain/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useEventTicketTypes } from '@/hooks/use-ticket-types';
import { formatDateTime } from '@/lib/format';
import { useCreateOrder } from '../api/create-order';
import { createOrderFormSchema, newOrderValues, type OrderFormValues } from '../utils/order-form';
import { OrderFormContent } from './order-form-content';

type OrderEvent = Pick<Evento, 'id' | 'nombre' | 'fechaInicio'>;

interface CreateOrderDialogProps {
  evento: OrderEvent;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Crear Nuevo Pedido': a guest and N tickets of one type, in one POST; fresh at every opening. */
export function CreateOrderDialog({ evento, open, onOpenChange }: CreateOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <CreateOrderForm evento={evento} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CreateOrderForm({ evento, onDone }: { evento: OrderEvent; onDone(): void }) {
  const ticketTypes = useEventTicketTypes(evento.id);
  const form = useForm<OrderFormValues, unknown, CreateOrderValues>({
    resolver: zodResolver(createOrderFormSchema(evento.id)),
    defaultValues: newOrderValues,
  });
  const { mutateAsync } = useCreateOrder();

  const save = async (body: CreateOrderValues) => {
    await mutateAsync(body);
    toast({ title: 'Pedido creado', description: 'El pedido y sus tickets han sido creados exitosamente.' });
    onDone();
  };

  return (
    <OrderFormContent
      title="Crear Nuevo Pedido"
      description={
        <>
          Evento: <strong className="text-slate-900">{evento.nombre}</strong> ·{' '}
          {formatDateTime(evento.fechaInicio)}
        </>
      }
      idPrefix="nuevo-pedido"
      form={form}
      ticketTypes={ticketTypes.data}
      eventoId={evento.id}
      withQuantity
      submitLabel="Crear Pedido"
      pendingLabel="Creando..."
      save={save}
      failure="No se pudo crear el pedido. Inténtalo de nuevo."
      onCancel={onDone}
    />
  );
}
