import type { ReactElement } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { focusableDay, PickerPanel, type PickerPanelProps } from './date-picker-panel';

// The popover (Radix and its positioning) and the calendar load together, when a date field's
// calendar is first wanted (date-time-input.tsx): a page with date fields does not carry them.

/**
 * Opens the calendar with the focus on the field's day (or today). Done here rather than with
 * DayPicker's autoFocus: inside a dialog, the popover's focus scope must be active first, or the
 * dialog's focus trap takes the focus back.
 */
function focusCalendarDay(event: Event) {
  event.preventDefault();
  focusableDay(event.currentTarget as HTMLElement)?.focus();
}

interface CalendarPopoverProps extends PickerPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The calendar button. */
  trigger: ReactElement;
}

export function CalendarPopover({ open, onOpenChange, trigger, ...panel }: CalendarPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-label="Calendario" onOpenAutoFocus={focusCalendarDay}>
        <PickerPanel {...panel} />
      </PopoverContent>
    </Popover>
  );
}
