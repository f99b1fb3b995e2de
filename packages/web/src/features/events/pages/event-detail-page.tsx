import { eventStatus } from '@drinkflow/domain/events';
import { can } from '@drinkflow/domain/team-roles';
import { ArrowLeft, CalendarClock, MapPin, Pencil, ShoppingCart, Ticket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageSpinner } from '@/components/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useEvent } from '@/hooks/use-event';
import { PairingPanel } from '@/features/devices';
import { TeamSection } from '@/features/team';
import { WhatsappSendingLink } from '@/features/whatsapp';
import { formatLong } from '@/lib/format';
import { ApiKeyPanel } from '../components/api-key-panel';
import { DeleteEventDialog } from '../components/delete-event-dialog';
import { EventFestivalInfo } from '../components/event-festival-info';
import { EventNotFound } from '../components/event-not-found';
import { EventRoleBadge } from '../components/event-role-badge';
import { EventStatusBadge } from '../components/event-status-badge';

export function EventDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const event = useEvent(id);
  const [deleting, setDeleting] = useState(false);

  if (event.isPending && Number.isInteger(id) && id > 0) return <PageSpinner label="Cargando evento..." />;
  if (!event.data)
    return <EventNotFound message="El evento que buscas no existe o no tienes permisos para verlo." />;
  const evento = event.data;
  // A shared event shows only what the reader's role may do (docs/rules/team.md); an admin reads as the owner's page.
  const role = evento.miRol ?? 'propietario';
  const mayManage = can(role, 'gestionar');
  const counters = [
    { label: 'Tipos de Ticket', value: evento.contadores.tiposTicket },
    { label: 'Pedidos Activos', value: evento.contadores.pedidosActivos },
    { label: 'Tickets Escaneados', value: evento.contadores.ticketsEscaneados },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.organizer.events}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a Mis Eventos
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold break-words text-slate-900">{evento.nombre}</h1>
            <EventStatusBadge status={eventStatus(evento, new Date())} />
            <EventRoleBadge miRol={evento.miRol} />
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-slate-600">
            <MapPin className="h-4 w-4" aria-hidden />
            {evento.ubicacion}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayManage && (
            <Button asChild variant="outline">
              <Link to={paths.organizer.eventEdit(evento.id)}>
                <Pencil className="h-4 w-4" aria-hidden />
                Editar Evento
              </Link>
            </Button>
          )}
          {can(role, 'borrar') && (
            <Button variant="outline" className="text-red-700" onClick={() => setDeleting(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Eliminar
            </Button>
          )}
        </div>
      </div>

      {/* min-w-0: a long API key must truncate inside its card, not widen the page on a phone. */}
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Información del evento</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="flex items-center gap-1.5 text-sm text-slate-600">
                    <CalendarClock className="h-4 w-4" aria-hidden /> Inicio
                  </dt>
                  <dd className="font-medium first-letter:uppercase">{formatLong(evento.fechaInicio)}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1.5 text-sm text-slate-600">
                    <CalendarClock className="h-4 w-4" aria-hidden /> Fin
                  </dt>
                  <dd className="font-medium first-letter:uppercase">{formatLong(evento.fechaFin)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Tipo</dt>
                  <dd>
                    <Badge tone={evento.esPrivado ? 'violet' : 'neutral'}>
                      {evento.esPrivado ? 'Privado' : 'Público'}
                    </Badge>
                  </dd>
                </div>
                <EventFestivalInfo evento={evento} />
                {evento.notas && (
                  <div className="sm:col-span-2">
                    <dt className="text-sm text-slate-600">Notas</dt>
                    <dd className="whitespace-pre-line">{evento.notas}</dd>
                  </div>
                )}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Acciones rápidas</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to={`${paths.organizer.ticketTypes}?evento=${evento.id}`}>
                  <Ticket className="h-4 w-4" aria-hidden />
                  {mayManage ? 'Gestionar Tipos de Ticket' : 'Ver Tipos de Ticket'}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`${paths.organizer.orders}?evento=${evento.id}`}>
                  <ShoppingCart className="h-4 w-4" aria-hidden />
                  Ver Pedidos del Evento
                </Link>
              </Button>
              {mayManage && <WhatsappSendingLink eventoId={evento.id} />}
            </CardContent>
          </Card>
          {mayManage && <ApiKeyPanel eventId={evento.id} apiKey={evento.apiKey} />}
          <PairingPanel eventId={evento.id} miRol={evento.miRol} />
          <TeamSection eventoId={evento.id} miRol={evento.miRol} />
        </div>
        <div className="grid content-start gap-4">
          {counters.map((counter) => (
            <Card key={counter.label} className="p-5">
              <p className="text-sm text-slate-600">{counter.label}</p>
              <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`counter-${counter.label}`}>
                {counter.value}
              </p>
            </Card>
          ))}
        </div>
      </div>
      <DeleteEventDialog
        evento={deleting ? evento : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.organizer.events, { replace: true })}
      />
    </div>
  );
}
