import type { ReactNode } from 'react';
import { DemoModeBadge } from '@/components/demo-mode-badge';
import { SignOutButton } from '@/components/sign-out-button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

const areaBadges = {
  admin: { label: 'Administrador', className: 'bg-red-700' },
  organizer: { label: 'Organizador', className: 'bg-blue-700' },
} as const;

interface AccountHeaderProps {
  /** Which area the header belongs to: its badge (red 'Administrador', blue 'Organizador'). */
  area: keyof typeof areaBadges;
  /** Before the brand, e.g. the organizer's menu button. */
  leading?: ReactNode;
  /** Extra classes for the brand, e.g. to hide it while an open sidebar shows it. */
  brandClassName?: string;
}

/**
 * The header of a signed-in area: brand, the user's name, the area badge and 'Cerrar Sesión'.
 * Below 768 px it takes two rows — brand, badge and sign-out above; the name (cut with '…' when
 * long) and the demo badge below — so nothing is pushed off a 360 px screen.
 */
export function AccountHeader({ area, leading, brandClassName }: AccountHeaderProps) {
  const { user } = useAuth();
  const name = [user?.nombre, user?.apellido].filter(Boolean).join(' ');
  const badge = areaBadges[area];
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-4 py-2 md:min-h-16 md:flex-nowrap md:px-6">
      {leading}
      <p className={cn('shrink-0 text-lg font-bold text-brand-800', brandClassName)}>DrinkFlow</p>
      <div className="order-last flex w-full min-w-0 items-center justify-between gap-3 md:order-none md:w-auto md:flex-1 md:justify-end">
        <span className="min-w-0 truncate font-medium" title={name}>
          {name}
        </span>
        <DemoModeBadge className="shrink-0 md:order-first" />
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-3 md:ml-0">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold text-white', badge.className)}>
          {badge.label}
        </span>
        <SignOutButton compact />
      </div>
    </header>
  );
}
