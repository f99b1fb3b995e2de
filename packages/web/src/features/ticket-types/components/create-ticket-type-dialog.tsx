import type { Evento } from '@drinkflow/domain/events';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CreateTicketTypeForm } from './create-ticket-type-form';

interface CreateTicketTypeDialogProps {
  evento: Pick<Evento, 'id' | 'nombre' | 'fechaInicio' | 'fechaFin' | 'barras'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** 'Nuevo Tipo de Ticket': the form mounts on every opening, so it always starts fresh. */
export function CreateTicketTypeDialog({ evento, open, onOpenChange }: CreateTicketTypeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Nuevo Tipo de Ticket</DialogTitle>
          <DialogDescription>
            Configura el límite de consumo para el evento «{evento.nombre}».
          </DialogDescription>
        </DialogHeader>
        <CreateTicketTypeForm
          key={evento.id}
          evento={evento}
          onCancel={() => onOpenChange(false)}
          onCreated={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
