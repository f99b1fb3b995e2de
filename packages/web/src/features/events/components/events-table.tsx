import { eventStatus, type Evento } from '@drinkflow/domain/events';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { EventStatusBadge } from './event-status-badge';

interface EventsTableProps {
  events: Evento[];
  onEdit(evento: Evento): void;
  onDelete(evento: Evento): void;
}

export function EventsTable({ events, onEdit, onDelete }: EventsTableProps) {
  const now = new Date();
  return (
    <Table>
      <TableHeader>
        <tr>
          <TableHead>Evento</TableHead>
          <TableHead>Fecha Inicio</TableHead>
          <TableHead>Fecha Fin</TableHead>
          <TableHead>Estado</TableHead>
          <TableHead className="text-right">Acciones</TableHead>
        </tr>
      </TableHeader>
      <TableBody>
        {events.map((evento) => (
          <TableRow key={evento.id}>
            <TableCell>
              <p className="font-medium text-slate-900">{evento.nombre}</p>
              <p className="text-slate-600">{evento.ubicacion}</p>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(evento.fechaInicio)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(evento.fechaFin)}</TableCell>
            <TableCell>
              <EventStatusBadge status={eventStatus(evento, now)} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <Button asChild variant="ghost" size="sm">
                  <Link to={paths.organizer.event(evento.id)} aria-label={`Ver ${evento.nombre}`}>
                    <Eye className="h-4 w-4" aria-hidden />
                    Ver
                  </Link>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Editar ${evento.nombre}`}
                  onClick={() => onEdit(evento)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                  Editar
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={`Eliminar ${evento.nombre}`}
                  onClick={() => onDelete(evento)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Eliminar
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
