import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState, type InputHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { assistDateTyping, normaliseDateText } from '@/lib/format';
import { cn } from '@/lib/utils';

const loadCalendar = () => import('./date-calendar-popover');
const CalendarPopover = lazy(async () => ({ default: (await loadCalendar()).CalendarPopover }));

/** 'typing': a keystroke, the text may be unfinished; 'done': the field was left or a value picked. */
export type DateTextChange = 'typing' | 'done';

export interface DateTimeInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'
> {
  /** The text as shown: dd/MM/yyyy HH:mm (or dd/MM/yyyy for DateInput). */
  value: string;
  onChange(text: string, change: DateTextChange): void;
  /** The calendar button's accessible name. */
  calendarLabel?: string;
  /** Days before `min` or after `max` cannot be picked in the calendar. */
  min?: Date;
  max?: Date;
}

/**
 * A date-time field in the app's one format, dd/MM/yyyy HH:mm (24 h): typed, with the separators
 * added while typing, or picked in a Spanish calendar with a time field. The form validates the text.
 */
export function DateTimeInput(props: DateTimeInputProps) {
  return <DateTextInput {...props} withTime />;
}

/** The date-only variant, dd/MM/yyyy. */
export function DateInput(props: DateTimeInputProps) {
  return <DateTextInput {...props} withTime={false} />;
}

function DateTextInput({
  withTime,
  value,
  onChange,
  onBlur,
  calendarLabel = 'Abrir calendario',
  min,
  max,
  className,
  ...inputProps
}: DateTimeInputProps & { withTime: boolean }) {
  const [open, setOpen] = useState(false);
  // Once opened, the popover stays mounted: Radix then handles every later open and close.
  const [calendarUsed, setCalendarUsed] = useState(false);
  const calendarButton = (
    <Button
      // Fetched when the pointer or the focus reaches the button, ready by the click.
      onPointerEnter={() => void loadCalendar()}
      onFocus={() => void loadCalendar()}
      onClick={() => {
        if (calendarUsed) return; // the popover's trigger toggles it from now on
        setCalendarUsed(true);
        setOpen(true);
      }}
      variant="ghost"
      size="icon"
      aria-label={calendarLabel}
      aria-haspopup="dialog"
      aria-expanded={open}
      disabled={inputProps.disabled}
      className="absolute top-0 right-0 text-slate-600"
    >
      <CalendarDays className="h-4 w-4" aria-hidden />
    </Button>
  );
  return (
    <div className="relative">
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa'}
        {...inputProps}
        className={cn('pr-11', className)}
        value={value}
        onChange={(event) =>
          onChange(assistDateTyping(value, event.target.value, withTime ? 'date-time' : 'date'), 'typing')
        }
        onBlur={(event) => {
          onChange(normaliseDateText(value, withTime), 'done');
          onBlur?.(event);
        }}
      />
      {/* The popover and its calendar arrive on first use; until then the button stands alone. */}
      {open || calendarUsed ? (
        <Suspense fallback={calendarButton}>
          <CalendarPopover
            open={open}
            onOpenChange={setOpen}
            trigger={calendarButton}
            value={value}
            withTime={withTime}
            min={min}
            max={max}
            onPick={(text) => {
              onChange(text, 'done');
              if (!withTime) setOpen(false);
            }}
            onDone={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        calendarButton
      )}
    </div>
  );
}
