import type { Pedido } from '@drinkflow/domain/orders';
import { ArrowLeft, CalendarDays, Download } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDownload } from '@/hooks/use-download';
import { formatDate } from '@/lib/format';
import { useBackToOrders } from '../hooks/use-back-to-orders';

/** The way back, 'Detalle del Pedido #id', its event and the whole order as one PDF. */
export function OrderHeader({ pedido }: { pedido: Pedido }) {
  const back = useBackToOrders();
  const { download, pending } = useDownload();
  return (
    <div className="space-y-4">
      <Button asChild variant="ghost" size="sm">
        <Link to={back}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Pedidos
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Detalle del Pedido #{pedido.id}</h1>
          <p className="flex flex-wrap items-center gap-1.5 text-slate-600">
            <CalendarDays className="h-4 w-4" aria-hidden />
            <span className="font-medium text-slate-900">{pedido.evento.nombre}</span>·
            <span>{formatDate(pedido.evento.fechaInicio)}</span>
          </p>
        </div>
        <Button
          variant="outline"
          disabled={pending || pedido.totalTickets === 0}
          onClick={() => download(`/pedidos/${pedido.id}/pdf`, `pedido-${pedido.id}.pdf`)}
        >
          <Download className="h-4 w-4" aria-hidden />
          {pending ? 'Descargando...' : 'Descargar PDF del pedido'}
        </Button>
      </div>
    </div>
  );
}
