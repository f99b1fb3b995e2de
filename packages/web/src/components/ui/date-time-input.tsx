import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState, type InputHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { assistDateTyping, normaliseDateText } from '@/lib/format';
import { cn } from '@/lib/utils';

const loadPickerPanel = () => import('./date-picker-panel');
const PickerPanel = lazy(async () => ({ default: (await loadPickerPanel()).PickerPanel }));

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

/**
 * Opens the calendar with the focus on the field's day (or today). Done here rather than with
 * DayPicker's autoFocus: inside a dialog, the popover's focus scope must be active first, or the
 * dialog's focus trap takes the focus back.
 */
function focusCalendarDay(event: Event) {
  event.preventDefault();
  const content = event.currentTarget as HTMLElement;
  // Not there yet the first time: the panel focuses it once loaded.
  content.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus();
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
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            // Fetched when the pointer or the focus reaches the button, ready by the click.
            onPointerEnter={() => void loadPickerPanel()}
            onFocus={() => void loadPickerPanel()}
            variant="ghost"
            size="icon"
            aria-label={calendarLabel}
            disabled={inputProps.disabled}
            className="absolute top-0 right-0 text-slate-600"
          >
            <CalendarDays className="h-4 w-4" aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Calendario" onOpenAutoFocus={focusCalendarDay}>
          <Suspense fallback={<p className="p-4 text-sm text-slate-600">Cargando calendario…</p>}>
            <PickerPanel
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
        </PopoverContent>
      </Popover>
    </div>
  );
}
