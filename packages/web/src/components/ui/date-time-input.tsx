import { CalendarDays } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { assistDateTyping, formatDate, normaliseDateText, parseDate, parseTime } from '@/lib/format';
import { cn } from '@/lib/utils';

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

const splitText = (text: string) => text.trim().split(/,?\s+/);
const pad = (time: [number, number]) => time.map((part) => String(part).padStart(2, '0')).join(':');

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
        </PopoverContent>
      </Popover>
    </div>
  );
}

interface PickerPanelProps {
  value: string;
  withTime: boolean;
  min?: Date;
  max?: Date;
  onPick(text: string): void;
  onDone(): void;
}

/** The calendar, opened on the field's day (focused), and for date-times the time to use. */
function PickerPanel({ value, withTime, min, max, onPick, onDone }: PickerPanelProps) {
  const [dateText = '', timeText = ''] = splitText(value);
  const day = parseDate(dateText) ?? undefined;
  const typedTime = parseTime(timeText);
  const [time, setTime] = useState(typedTime ? pad(typedTime) : '00:00');
  const timeId = useId();
  const pick = (picked: Date, at: string) =>
    onPick(withTime ? `${formatDate(picked)} ${at}` : formatDate(picked));
  const disabled = [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])];

  return (
    <div className="grid gap-3">
      <Calendar
        mode="single"
        required
        selected={day}
        defaultMonth={day ?? min}
        disabled={disabled}
        onSelect={(picked) => pick(picked, time)}
      />
      {withTime && (
        <div className="flex items-end justify-between gap-2 border-t border-slate-200 pt-3">
          <div className="grid gap-1">
            <Label htmlFor={timeId}>Hora</Label>
            <Input
              id={timeId}
              inputMode="numeric"
              autoComplete="off"
              placeholder="hh:mm"
              className="w-24"
              value={time}
              onFocus={(event) => event.target.select()}
              onChange={(event) => {
                const next = assistDateTyping(time, event.target.value, 'time');
                setTime(next);
                const parsed = parseTime(next);
                if (day && parsed) pick(day, pad(parsed));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onDone();
              }}
            />
          </div>
          <PopoverClose asChild>
            <Button size="sm">Aceptar</Button>
          </PopoverClose>
        </div>
      )}
    </div>
  );
}
