import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface LandingSectionProps {
  /** Anchor target (#funciones); also receives focus after an in-page jump. */
  id?: string;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/** A full-width landing section: anchor offset for the sticky header, centred content column. */
export function LandingSection({ id, labelledBy, className, children }: LandingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={id ? -1 : undefined}
      className={cn('scroll-mt-16 py-20 outline-none sm:py-24', className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
