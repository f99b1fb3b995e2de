import type { Evento } from '@drinkflow/domain/events';
import { lazy, Suspense } from 'react';
import { Dialog } from '@/components/ui/dialog';

// The form, its validation and the date fields load when the dialog first opens, not with the list.
const EventDialogBody = lazy(async () => ({
  default: (await import('./event-dialog-body')).EventDialogBody,
}));

interface EventDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The event to edit; absent to create one. */
  evento?: Evento;
}

/** Create or edit an event; mounted per opening so it always starts from fresh values. */
export function EventDialog({ open, onOpenChange, evento }: EventDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <Suspense fallback={null}>
          <EventDialogBody evento={evento} onDone={() => onOpenChange(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
