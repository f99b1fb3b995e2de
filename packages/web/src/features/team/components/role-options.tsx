import { eventRoleLabels, teamRoleDescriptions, teamRoles } from '@drinkflow/domain/team';

/** The team roles as a select's options: the role and what it may do. */
export function RoleOptions() {
  return teamRoles.map((rol) => (
    <option key={rol} value={rol}>
      {`${eventRoleLabels[rol]} — ${teamRoleDescriptions[rol]}`}
    </option>
  ));
}
