import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DayPicker, type DayPickerProps } from 'react-day-picker';
import { es } from 'react-day-picker/locale/es';
import { cn } from '@/lib/utils';

const navButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-disabled:opacity-40';

/**
 * A month calendar in Spanish (month and day names, weeks from Monday) with DayPicker's keyboard
 * grid: arrows move by day and week, Page Up/Down by month, Home/End to the week's ends, Enter picks.
 */
export function Calendar({ className, ...props }: DayPickerProps) {
  return (
    <DayPicker
      locale={es}
      weekStartsOn={1}
      showOutsideDays
      className={cn('text-sm', className)}
      classNames={{
        months: 'relative',
        month: 'space-y-2',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: navButton,
        button_next: navButton,
        month_caption: 'flex h-8 items-center justify-center',
        caption_label: 'font-medium first-letter:uppercase',
        month_grid: 'border-collapse',
        weekday: 'h-8 w-9 text-xs font-normal text-slate-600 capitalize',
        day: 'h-9 w-9 p-0 text-center',
        day_button:
          'h-9 w-9 rounded-md hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        selected: '[&>button]:bg-brand-700 [&>button]:text-white [&>button]:hover:bg-brand-800',
        today: 'font-semibold text-brand-700',
        outside: 'text-slate-500',
        disabled: 'text-slate-300 [&>button]:cursor-not-allowed [&>button]:hover:bg-transparent',
        hidden: 'invisible',
      }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === 'left' ? (
            <ChevronLeft className="h-4 w-4" aria-hidden />
          ) : (
            <ChevronRight className="h-4 w-4" aria-hidden />
          ),
      }}
      {...props}
    />
  );
}
