import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list's empty or filtered-empty message, with an optional next step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 p-10 text-center">
      <Icon className="h-10 w-10 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="max-w-md text-sm text-slate-600">{children}</div>
      {action}
    </div>
  );
}
