import { todayText } from '@drinkflow/domain/daily-cutoff';
import { startingAtWords } from '@drinkflow/domain/dates';
import { topUpMetodoLabels, topUpMetodos, type Recarga, type TopUpToday } from '@drinkflow/domain/topups';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/hooks/use-toast';
import { useAddTopUp, useTicketTopUpToday } from '@/hooks/use-top-ups';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatTime } from '@/lib/format';
import {
  emptyTopUpForm,
  topUpFields,
  topUpFormSchema,
  type TopUpFormOutput,
  type TopUpFormValues,
} from './top-up-form';

interface AddDrinksButtonProps {
  ticketId: number;
  /** After the top-up is stored: the caller reloads what shows the ticket's figures. */
  onAdded?(recarga: Recarga): void;
  size?: 'sm' | 'default';
}

/** 'Añadir bebidas' and its dialog, for a ticket with a drink limit (docs/rules/festivals.md). */
export function AddDrinksButton({ ticketId, onAdded, size = 'sm' }: AddDrinksButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <PlusCircle className="h-4 w-4" aria-hidden />
        Añadir bebidas
      </Button>
      <TopUpDialog ticketId={ticketId} open={open} onOpenChange={setOpen} onAdded={onAdded} />
    </>
  );
}

interface TopUpDialogProps {
  ticketId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdded?(recarga: Recarga): void;
}

/** 'Añadir bebidas al ticket #id': how many, and optionally the amount paid, how, and a note. */
export function TopUpDialog({ ticketId, open, onOpenChange, onAdded }: TopUpDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <TopUpForm
          ticketId={ticketId}
          onDone={(recarga) => {
            onOpenChange(false);
            onAdded?.(recarga);
          }}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function TopUpForm({
  ticketId,
  onDone,
  onCancel,
}: {
  ticketId: number;
  onDone(recarga: Recarga): void;
  onCancel(): void;
}) {
  const form = useForm<TopUpFormValues, unknown, TopUpFormOutput>({
    // The schema reads the typed text (preprocess), so its input type is wider than the form's.
    resolver: zodResolver(topUpFormSchema) as unknown as Resolver<TopUpFormValues, unknown, TopUpFormOutput>,
    defaultValues: emptyTopUpForm,
  });
  const { mutateAsync } = useAddTopUp(ticketId);
  const { errors, isSubmitting } = form.formState;
  const today = useTicketTopUpToday(ticketId);
  const hoy = today.data?.hoy ?? null;
  // Unset until the organizer chooses: checked while today's limit is used up (docs/decisions/063).
  const [paraHoyChosen, setParaHoy] = useState<boolean | null>(null);
  const paraHoy = paraHoyChosen ?? (hoy !== null && hoy.bebidasHoy >= hoy.limiteHoy);

  const save = async (values: TopUpFormOutput) => {
    try {
      // Only a ticket with a per-day limit sends the choice; elsewhere it would change nothing.
      const recarga = await mutateAsync(hoy ? { ...values, paraHoy } : values);
      toast({
        title: 'Bebidas añadidas',
        description: `${recarga.bebidas === 1 ? 'Se ha añadido 1 bebida' : `Se han añadido ${recarga.bebidas} bebidas`} al ticket #${ticketId}.`,
      });
      onDone(recarga);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of topUpFields) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      }
      toast({
        title: 'Error',
        description: errorMessage(error, 'No se pudieron añadir las bebidas. Inténtalo de nuevo.'),
        variant: 'destructive',
      });
    }
  };

  const id = (field: string) => `recarga-${ticketId}-${field}`;
  const aria = (field: keyof TopUpFormValues, hint = false) => ({
    id: id(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(id(field), { hint, error: errors[field]?.message }),
  });

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Añadir bebidas</DialogTitle>
        <DialogDescription>
          Las bebidas se suman al límite del ticket #{ticketId}. El importe y el método son opcionales.
        </DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(save)}>
        <FormField id={id('bebidas')} label="Bebidas" required error={errors.bebidas?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            step={1}
            required
            {...aria('bebidas')}
            {...form.register('bebidas')}
          />
        </FormField>
        {/* Beside the drinks: what the organizer decides with them, seen without scrolling on a phone. */}
        {hoy && <UsableToday id={id('paraHoy')} hoy={hoy} checked={paraHoy} onCheckedChange={setParaHoy} />}
        <FormField
          id={id('importe')}
          label="Importe (€)"
          hint="Opcional, con 2 decimales como mucho."
          error={errors.importe?.message}
        >
          <Input
            inputMode="decimal"
            placeholder="0,00"
            {...aria('importe', true)}
            {...form.register('importe')}
          />
        </FormField>
        <FormField id={id('metodo')} label="Método" error={errors.metodo?.message}>
          <NativeSelect {...aria('metodo')} {...form.register('metodo')}>
            <option value="">Sin indicar</option>
            {topUpMetodos.map((metodo) => (
              <option key={metodo} value={metodo}>
                {topUpMetodoLabels[metodo]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('nota')} label="Nota" error={errors.nota?.message}>
          <Textarea {...aria('nota')} {...form.register('nota')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
          {/* The ticket's day decides the checkbox's default: wait for it (an error sends no choice). */}
          <Button type="submit" disabled={isSubmitting || today.isPending}>
            {isSubmitting ? 'Añadiendo...' : 'Añadir bebidas'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** The scanner's words for a time ahead, in the browser's time zone: 'a partir del 28/11 a las 06:00'. */
function startingAt(iso: string, now = new Date()): string {
  const day = formatDate(iso);
  return startingAtWords(day.slice(0, 5), formatTime(iso), day === formatDate(now));
}

/** When the drinks of a top-up not usable today become usable, in the dialog's words. */
function usableFrom({ bebidasHoy, limiteHoy, proximoCorte }: NonNullable<TopUpToday['hoy']>): string {
  const usedUp = bebidasHoy >= limiteHoy;
  if (proximoCorte === null) {
    return usedUp
      ? 'El ticket deja de ser válido antes del próximo corte diario: sin marcar, no podrá usarlas.'
      : 'Hoy cuentan dentro del límite diario, y el ticket deja de ser válido antes del próximo corte.';
  }
  const from = startingAt(proximoCorte);
  return usedUp
    ? `Podrá usarlas ${from}`
    : `Hoy cuentan dentro del límite diario; las que no quepan, podrá usarlas ${from}`;
}

/**
 * A ticket with a per-day limit: 'Hoy: 2 de 2' and 'Usables también hoy' — checked, the drinks
 * also raise today's limit; unchecked, when they can be used (docs/rules/festivals.md).
 */
function UsableToday({
  id,
  hoy,
  checked,
  onCheckedChange,
}: {
  id: string;
  hoy: NonNullable<TopUpToday['hoy']>;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-medium tabular-nums">{todayText(hoy)}</p>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="h-5 w-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={id} className="font-medium">
          Usables también hoy
        </label>
      </div>
      <p id={`${id}-hint`} className="text-slate-600">
        {checked ? 'Además de sumarse al ticket, suben el límite de hoy.' : usableFrom(hoy)}
      </p>
    </div>
  );
}
