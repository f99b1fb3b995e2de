import { eventRoleLabels, type EventRole } from '@drinkflow/domain/team-roles';
import { Badge } from '@/components/ui/badge';

/** The organizer's role on an event another organizer shared with them; nothing on their own events. */
export function EventRoleBadge({ miRol, className }: { miRol?: EventRole; className?: string }) {
  if (!miRol || miRol === 'propietario') return null;
  return (
    <Badge tone="violet" className={className}>
      {`Compartido · ${eventRoleLabels[miRol]}`}
    </Badge>
  );
}
