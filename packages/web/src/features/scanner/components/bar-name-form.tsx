import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';
import { cn } from '@/lib/utils';

const BARRA_MAX = SCANNER_LIMITS.barraMax;

interface BarNameFormProps {
  initial: string;
  /** The event's bars (docs/rules/festivals.md): when there are any, the answer is one of them. */
  barras?: readonly string[];
  onSave(name: string): void;
  /** 'Ahora no' the first time, 'Cancelar' when editing. */
  cancelLabel: string;
  /** Absent: the question cannot be left unanswered (a bar the event's tickets need). */
  onCancel?(): void;
}

/** '¿En qué barra estás?': the name goes with every drink this device records. */
export function BarNameForm({ initial, barras = [], onSave, cancelLabel, onCancel }: BarNameFormProps) {
  const choice = barras.length > 0;
  // A bar remembered from before the event had bars (or since renamed) is no choice.
  const [name, setName] = useState(() =>
    choice ? (barras.find((barra) => barra.toLowerCase() === initial.trim().toLowerCase()) ?? '') : initial,
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name);
      }}
    >
      {choice ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">¿En qué barra estás?</legend>
          <div className="flex flex-wrap gap-2">
            {barras.map((barra) => (
              <label
                key={barra}
                className={cn(
                  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
                  name === barra
                    ? 'border-brand-700 bg-brand-50 text-slate-900'
                    : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                <input
                  type="radio"
                  name="scanner-barra"
                  value={barra}
                  checked={name === barra}
                  onChange={() => setName(barra)}
                />
                {barra}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <>
          <Label htmlFor="scanner-barra">¿En qué barra estás?</Label>
          <Input
            id="scanner-barra"
            value={name}
            maxLength={BARRA_MAX}
            placeholder="Ej.: Barra principal"
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={name.trim() === ''}>
          Guardar
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
