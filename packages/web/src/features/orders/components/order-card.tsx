import type { Pedido } from '@drinkflow/domain/orders';
import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { OrderWhatsappButton } from './order-whatsapp-button';

/** The guest's details and the order's ticket type, with 'Editar Pedido'. */
export function OrderCard({ pedido, onEdit }: { pedido: Pedido; onEdit(): void }) {
  const fields = [
    { label: 'Nombre completo', value: pedido.nombreCompleto },
    { label: 'Email', value: pedido.email },
    ...(pedido.telefono ? [{ label: 'Teléfono', value: pedido.telefono }] : []),
    { label: 'Fecha del pedido', value: pedido.createdAt ? formatDateTime(pedido.createdAt) : 'N/A' },
    { label: 'Tipo de ticket', value: pedido.tipoTicket?.nombre ?? 'Sin tickets' },
  ];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">Información del pedido</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <OrderWhatsappButton pedido={pedido} />
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden />
            Editar Pedido
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 [overflow-wrap:anywhere] sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.label}>
              <dt className="text-sm text-slate-600">{field.label}</dt>
              <dd className="font-medium text-slate-900">{field.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
