import { useSearchParams } from 'react-router';
import { SECTION_PARAM, sectionFor } from '../utils/sections';

/** The section the address shows (/admin?seccion=usuarios); the dashboard by default. */
export function useAdminSection() {
  const [searchParams] = useSearchParams();
  return sectionFor(searchParams.get(SECTION_PARAM));
}
