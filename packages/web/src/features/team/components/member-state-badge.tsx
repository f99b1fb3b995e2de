import type { TeamMember } from '@drinkflow/domain/team';
import { Badge } from '@/components/ui/badge';

const states = {
  activo: { label: 'Activo', tone: 'green' },
  pendiente: { label: 'Pendiente', tone: 'amber' },
  caducada: { label: 'Caducada', tone: 'red' },
} as const;

export function MemberStateBadge({ estado }: { estado: TeamMember['estado'] }) {
  return <Badge tone={states[estado].tone}>{states[estado].label}</Badge>;
}
