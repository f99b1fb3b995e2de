import { useState } from 'react';
import { DateInput } from '@/components/ui/date-time-input';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { fromIsoDay, toIsoDay } from '@/lib/format';

interface DayFilterProps {
  id: string;
  label: string;
  /** The filter's day as yyyy-MM-dd, '' for none. */
  day: string;
  onChange(day: string): void;
  calendarLabel?: string;
}

const invalidDay = 'Formato de fecha inválido';

/**
 * A list filter's day, typed or picked as dd/MM/yyyy and handed over as yyyy-MM-dd. An unfinished
 * or wrong date filters nothing and, once the field is left, says why.
 */
export function DayFilter({ id, label, day, onChange, calendarLabel }: DayFilterProps) {
  const [text, setText] = useState(() => fromIsoDay(day));
  const [error, setError] = useState<string>();
  const [shownDay, setShownDay] = useState(day);
  if (day !== shownDay) {
    // The filters changed elsewhere ('Limpiar filtros'): show their day.
    setShownDay(day);
    if (day !== toIsoDay(text)) {
      setText(fromIsoDay(day));
      setError(undefined);
    }
  }
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateInput
        id={id}
        value={text}
        calendarLabel={calendarLabel}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onChange={(next, change) => {
          const nextDay = toIsoDay(next);
          setText(next);
          if (nextDay || !next.trim()) setError(undefined);
          else if (change === 'done') setError(invalidDay);
          setShownDay(nextDay);
          if (nextDay !== day) onChange(nextDay);
        }}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
