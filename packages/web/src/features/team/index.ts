/* What other areas use of the team: the event detail's 'Equipo' section. */
export { TeamSection } from './components/team-section';
