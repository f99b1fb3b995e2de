import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import { limitText, modoLabels, type Modo, type TipoTicket } from '@drinkflow/domain/ticket-types';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { TicketTypeActions } from './ticket-type-actions';

const modeTones: Record<Modo, 'blue' | 'violet' | 'amber'> = {
  por_cantidad: 'blue',
  temporal: 'violet',
  intervalos_controlados: 'amber',
};

interface TicketTypesTableProps {
  tipos: readonly TipoTicket[];
  /** The Evento column, only when all events are shown. */
  showEvent: boolean;
  loading?: boolean;
}

const SKELETON_ROWS = 3;

export function TicketTypesTable({ tipos, showEvent, loading = false }: TicketTypesTableProps) {
  const columns = showEvent ? 6 : 5;
  return (
    <Table className={showEvent ? 'min-w-[920px]' : 'min-w-[760px]'} aria-busy={loading || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          {showEvent && <TableHead>Evento</TableHead>}
          <TableHead>Modo</TableHead>
          <TableHead>Tipo de Bebida</TableHead>
          <TableHead>Restricciones</TableHead>
          <TableHead className="text-right">Acciones</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <TableRow key={row}>
                {Array.from({ length: columns }, (_, cell) => (
                  <TableCell key={cell}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : tipos.map((tipo) => (
              <TableRow key={tipo.id}>
                <TableCell className="font-medium text-slate-900">{tipo.nombre}</TableCell>
                {showEvent && (
                  <TableCell>
                    <span className="block text-slate-900">{tipo.evento?.nombre}</span>
                    <span className="block text-xs text-slate-600">{tipo.evento?.ubicacion}</span>
                  </TableCell>
                )}
                <TableCell>
                  <Badge tone={modeTones[tipo.modo]}>{modoLabels[tipo.modo]}</Badge>
                </TableCell>
                <TableCell>{drinkTypeLabel(tipo.drinkType)}</TableCell>
                <TableCell>
                  <span className="block text-slate-900">{limitText(tipo)}</span>
                  <span className="block text-xs text-slate-600">
                    {formatDateTime(tipo.validoDesde)} – {formatDateTime(tipo.validoHasta)}
                  </span>
                </TableCell>
                <TableCell className="text-right">
                  <TicketTypeActions tipo={tipo} />
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
