import { cn } from '@/lib/utils';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
  /** Light text for dark sections. */
  inverted?: boolean;
  className?: string;
}

/** The eyebrow, h2 and lead paragraph that open every landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  inverted,
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p
        className={cn(
          'text-sm font-semibold tracking-wide uppercase',
          inverted ? 'text-brand-100' : 'text-brand-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          inverted ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {description && (
        <p className={cn('mt-4 text-lg text-pretty', inverted ? 'text-slate-300' : 'text-slate-600')}>
          {description}
        </p>
      )}
    </div>
  );
}
