import { estadoEfectivoLabels, type TicketEstadoEfectivo } from '@drinkflow/domain/scan-rules';
import { Badge } from '@/components/ui/badge';
import type { DisplayedTicketStatus } from '../utils/ticket-status';

const tones = {
  Expirado: 'neutral',
  Inválido: 'red',
  Escaneado: 'blue',
  Activo: 'green',
} as const satisfies Record<DisplayedTicketStatus, string>;

export function TicketStatusBadge({ status }: { status: DisplayedTicketStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>;
}

const effectiveTones = {
  activo: 'green',
  agotado: 'amber',
  invalidado: 'red',
  caducado: 'neutral',
} as const satisfies Record<TicketEstadoEfectivo, string>;

/**
 * The effective state (docs/rules/scan-rules.md) beside the spec's badge: the word the scanner, the statistics
 * and pedidos.csv use for this ticket ('Agotado' where the spec's badge says 'Escaneado').
 */
export function EffectiveStateBadge({ estado }: { estado: TicketEstadoEfectivo }) {
  return (
    <Badge tone={effectiveTones[estado]} title="Estado efectivo (escáner, estadísticas y exportaciones)">
      <span className="sr-only">Estado efectivo: </span>
      {estadoEfectivoLabels[estado]}
    </Badge>
  );
}
