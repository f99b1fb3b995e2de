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
