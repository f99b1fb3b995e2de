import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { Copy, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DataListLayout } from '@/components/data-list/data-list-types';
import { RowAction } from '@/components/data-list/row-action';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreateTicketType } from '../api/create-ticket-type';
import { useDeleteTicketType } from '../api/delete-ticket-type';
import { duplicateBody } from '../utils/duplicate-ticket-type';
import type { EventSelection } from '@/lib/event-selection';
import { ticketTypeEditPath } from '../utils/event-selection';

const unexpected = 'Ha ocurrido un error inesperado.';

interface TicketTypeActionsProps {
  tipo: TipoTicket;
  /** The list's selection, so that the edit page comes back to it. */
  selection: EventSelection;
  /** A "⋯" menu in a table row; buttons on a card. */
  layout?: DataListLayout;
}

/** Editar, Duplicar and Eliminar (with confirmation) for one ticket type. */
export function TicketTypeActions({ tipo, selection, layout = 'table' }: TicketTypeActionsProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const duplicate = useCreateTicketType();
  const remove = useDeleteTicketType();
  const editPath = ticketTypeEditPath(tipo.id, selection);

  // mutateAsync settles even when this row has gone from the refreshed list.
  const onDuplicate = async () => {
    try {
      const created = await duplicate.mutateAsync(duplicateBody(tipo));
      toast({ title: 'Tipo de ticket creado', description: `Se ha creado «${created.nombre}».` });
    } catch (error) {
      toast({
        title: 'Error al crear tipo de ticket',
        description: errorMessage(error, unexpected),
        variant: 'destructive',
      });
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(tipo.id);
      toast({ title: 'Tipo de ticket eliminado', description: `«${tipo.nombre}» se ha eliminado.` });
    } catch (error) {
      toast({
        title: 'Error al eliminar tipo de ticket',
        description: errorMessage(error, unexpected),
        variant: 'destructive',
      });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      {layout === 'table' ? (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Acciones para ${tipo.nombre}`}>
              <MoreHorizontal className="h-4 w-4" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => navigate(editPath)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Editar
            </DropdownMenuItem>
            <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => void onDuplicate()}>
              <Copy className="h-4 w-4" aria-hidden />
              Duplicar
            </DropdownMenuItem>
            <DropdownMenuItem className="text-red-700" onSelect={() => setConfirming(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Eliminar
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <>
          <RowAction layout="card" itemName={tipo.nombre} icon={Pencil} label="Editar" to={editPath} />
          <RowAction
            layout="card"
            itemName={tipo.nombre}
            icon={Copy}
            label="Duplicar"
            disabled={duplicate.isPending}
            onClick={() => void onDuplicate()}
          />
          <RowAction
            layout="card"
            itemName={tipo.nombre}
            icon={Trash2}
            label="Eliminar"
            destructive
            onClick={() => setConfirming(true)}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Eliminar tipo de ticket?"
        description={`Se eliminará «${tipo.nombre}». Esta acción no se puede deshacer.`}
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}
