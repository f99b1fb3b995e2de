import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useBackToOrders } from '../hooks/use-back-to-orders';

export function OrderNotFound() {
  const back = useBackToOrders();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <SearchX className="h-12 w-12 text-slate-500" aria-hidden />
      <h1 className="text-2xl font-bold">Pedido no encontrado</h1>
      <p className="text-slate-600">El pedido que buscas no existe o ha sido eliminado.</p>
      <Button asChild>
        <Link to={back}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Pedidos
        </Link>
      </Button>
    </div>
  );
}
