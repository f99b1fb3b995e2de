import type { TicketDetail } from '@drinkflow/domain/orders';
import { Ban, Download, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDownload } from '@/hooks/use-download';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useChangeTicket, type TicketAction } from '../api/change-ticket';

interface ActionText {
  button: string;
  icon: typeof Ban;
  title: string;
  description(id: number): string;
  pending: string;
  done: { title: string; description(id: number): string };
}

const actions: Record<TicketAction, ActionText> = {
  invalidate: {
    button: 'Invalidar',
    icon: Ban,
    title: '¿Invalidar ticket?',
    description: (id) => `El ticket #${id} dejará de servir en la barra hasta que lo reactives.`,
    pending: 'Invalidando...',
    done: { title: 'Ticket invalidado', description: (id) => `El ticket #${id} ya no se puede usar.` },
  },
  reactivate: {
    button: 'Reactivar',
    icon: RotateCcw,
    title: '¿Reactivar ticket?',
    description: (id) => `El ticket #${id} volverá a servir en la barra.`,
    pending: 'Reactivando...',
    done: { title: 'Ticket reactivado', description: (id) => `El ticket #${id} vuelve a estar activo.` },
  },
  'regenerate-qr': {
    button: 'Regenerar QR',
    icon: RefreshCw,
    title: '¿Regenerar código QR?',
    description: (id) =>
      `El código QR actual del ticket #${id} dejará de funcionar de inmediato: tendrás que enviar el nuevo al invitado.`,
    pending: 'Regenerando...',
    done: { title: 'QR regenerado', description: (id) => `El ticket #${id} tiene un código QR nuevo.` },
  },
};

/** 'Descargar PDF'; 'Regenerar QR' and 'Invalidar' for an active ticket, 'Reactivar' for an invalidated one. */
export function TicketActions({ ticket }: { ticket: Pick<TicketDetail, 'id' | 'pedidoId' | 'estado'> }) {
  const [asking, setAsking] = useState<TicketAction | null>(null);
  const change = useChangeTicket(ticket.pedidoId);
  const { download, pending: downloading } = useDownload();
  const offered: TicketAction[] =
    ticket.estado === 'activo' ? ['regenerate-qr', 'invalidate'] : ['reactivate'];
  const text = asking ? actions[asking] : null;

  const confirm = () =>
    asking &&
    change.mutate(
      { ticketId: ticket.id, action: asking },
      {
        onSuccess: () => {
          toast({
            title: actions[asking].done.title,
            description: actions[asking].done.description(ticket.id),
          });
          setAsking(null);
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: errorMessage(error, 'No se pudo cambiar el ticket. Inténtalo de nuevo.'),
            variant: 'destructive',
          });
          setAsking(null);
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={downloading}
        onClick={() => download(`/tickets/${ticket.id}/pdf`, `ticket-${ticket.id}.pdf`)}
      >
        <Download className="h-4 w-4" aria-hidden />
        {downloading ? 'Descargando...' : 'Descargar PDF'}
      </Button>
      {offered.map((action) => {
        const Icon = actions[action].icon;
        return (
          <Button
            key={action}
            variant="outline"
            size="sm"
            className={
              action === 'invalidate' ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined
            }
            onClick={() => setAsking(action)}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {actions[action].button}
          </Button>
        );
      })}
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(open) => !open && setAsking(null)}
        title={text?.title ?? ''}
        description={text?.description(ticket.id) ?? ''}
        confirmLabel={text?.button}
        pendingLabel={text?.pending}
        pending={change.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
