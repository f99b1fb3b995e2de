import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { useMyEvents } from '@/hooks/use-my-events';
import { ApiError } from '@/lib/api';
import { useTicketType } from '../api/get-ticket-type';
import { EditTicketTypeForm } from '../components/edit-ticket-type-form';
import { EventInfoCard } from '../components/event-info-card';
import { TicketTypeNotFound } from '../components/ticket-type-not-found';
import { useListPath } from '../hooks/use-list-path';

const notFound = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/** /organizer/tipos-ticket/{id}/editar */
export function TicketTypeEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const ticketTypeId = Number(id);
  const validId = Number.isInteger(ticketTypeId) && ticketTypeId > 0;
  const tipo = useTicketType(ticketTypeId, validId);
  const events = useMyEvents();
  const listPath = useListPath(tipo.data?.eventoId);

  if (!validId || notFound(tipo.error)) return <TicketTypeNotFound />;
  if (tipo.isError || events.isError) {
    return (
      <LoadError
        message="No se pudo cargar el tipo de ticket."
        onRetry={() => void Promise.all([tipo.refetch(), events.refetch()])}
      />
    );
  }
  if (!tipo.data || !events.data) return <PageSpinner label="Cargando tipo de ticket..." />;
  // Only the organizer's own events can be changed (and give the period to check against).
  const evento = events.data.find((candidate) => candidate.id === tipo.data.eventoId);
  if (!evento) return <TicketTypeNotFound />;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate(listPath)}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver
      </Button>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Editar Tipo de Ticket</h1>
        <p className="text-slate-600">{tipo.data.nombre}</p>
      </div>
      <EventInfoCard evento={evento} />
      <EditTicketTypeForm key={tipo.data.id} tipo={tipo.data} evento={evento} listPath={listPath} />
    </div>
  );
}
