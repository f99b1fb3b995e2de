import { ArrowLeft, SearchX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useListPath } from '../hooks/use-list-path';

export function TicketTypeNotFound() {
  const navigate = useNavigate();
  const listPath = useListPath();
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <SearchX className="h-10 w-10 text-slate-500" aria-hidden />
        <h1 className="text-xl font-bold text-slate-900">Tipo de ticket no encontrado</h1>
        <p className="text-sm text-slate-600">
          El tipo de ticket que intentas editar no existe o no tienes permisos para acceder a él.
        </p>
        <Button onClick={() => navigate(listPath)}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Tipos de Ticket
        </Button>
      </CardContent>
    </Card>
  );
}
