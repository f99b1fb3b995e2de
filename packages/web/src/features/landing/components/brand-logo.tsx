import { Wine } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The DrinkFlow wordmark; the icon is decorative, the name is the accessible text. */
export function BrandLogo({ inverted, className }: { inverted?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-xl font-bold tracking-tight', className)}>
      <span
        className={cn(
          'flex h-9 w-9 items-center justify-center rounded-lg',
          inverted ? 'bg-white/10 text-white' : 'bg-brand-700 text-white',
        )}
      >
        <Wine className="h-5 w-5" aria-hidden />
      </span>
      <span className={inverted ? 'text-white' : 'text-slate-900'}>DrinkFlow</span>
    </span>
  );
}
