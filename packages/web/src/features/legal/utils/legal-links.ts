import { paths } from '@/app/paths';

export const legalLinks = [
  { to: paths.legal.notice, label: 'Aviso Legal' },
  { to: paths.legal.terms, label: 'Condiciones de Uso' },
  { to: paths.legal.privacy, label: 'Política de Privacidad' },
  { to: paths.legal.cookies, label: 'Política de Cookies' },
] as const;

/** Date of the current version of the legal texts, shown under each title. */
export const LEGAL_LAST_UPDATED = '21 de noviembre de 2026';
