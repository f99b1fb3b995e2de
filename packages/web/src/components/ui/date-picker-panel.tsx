import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PopoverClose } from '@/components/ui/popover';
import { assistDateTyping, formatDate, parseDate, parseTime } from '@/lib/format';

// The calendar (react-day-picker and its Spanish locale) loads with its popover when a date field's
// calendar is first wanted (date-time-input.tsx), not with every page that has a date field.

const splitText = (text: string) => text.trim().split(/,?\s+/);
const pad = (time: [number, number]) => time.map((part) => String(part).padStart(2, '0')).join(':');

/** The focusable day of an open calendar: the field's day, or today. */
export const focusableDay = (root: ParentNode) =>
  root.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]');

export interface PickerPanelProps {
  value: string;
  withTime: boolean;
  min?: Date;
  max?: Date;
  onPick(text: string): void;
  onDone(): void;
}

/** The calendar, opened on the field's day (focused), and for date-times the time to use. */
export function PickerPanel({ value, withTime, min, max, onPick, onDone }: PickerPanelProps) {
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
