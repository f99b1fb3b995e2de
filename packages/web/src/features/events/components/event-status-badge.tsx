import { eventStatusLabels, type EventStatus } from '@drinkflow/domain/event-status';
import { Badge } from '@/components/ui/badge';

const tones = { activo: 'green', próximo: 'blue', finalizado: 'neutral' } as const;

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <Badge tone={tones[status]}>{eventStatusLabels[status]}</Badge>;
}
