import type { Evento } from '@drinkflow/domain/events';
import { Download, Plus, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WhatsappSendingLink } from '@/features/whatsapp';
import { useDownload } from '@/hooks/use-download';
import { BulkEmailDialog } from './bulk-email-dialog';

interface OrderEventActionsProps {
  evento: Pick<Evento, 'id'>;
  onCreate(): void;
  onImport(): void;
}

/** What can be done for one event: a new order, a guest-list import, every ticket as one PDF. */
export function OrderEventActions({ evento, onCreate, onImport }: OrderEventActionsProps) {
  const { download, pending } = useDownload();
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={onCreate}>
        <Plus className="h-4 w-4" aria-hidden />
        Nuevo Pedido
      </Button>
      <Button variant="outline" onClick={onImport}>
        <Upload className="h-4 w-4" aria-hidden />
        Importar invitados
      </Button>
      <Button
        variant="outline"
        disabled={pending}
        onClick={() => download(`/eventos/${evento.id}/tickets.pdf`, `tickets-evento-${evento.id}.pdf`)}
      >
        <Download className="h-4 w-4" aria-hidden />
        {pending ? 'Descargando...' : 'Descargar todos los tickets'}
      </Button>
      <WhatsappSendingLink eventoId={evento.id} />
      <BulkEmailDialog eventoId={evento.id} />
    </div>
  );
}
