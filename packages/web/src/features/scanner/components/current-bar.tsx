import { barKey } from '@drinkflow/domain/scan-rules';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { ScannerSettings } from '../hooks/use-scanner-settings';
import { BarNameForm } from './bar-name-form';

interface CurrentBarProps {
  settings: ScannerSettings;
  /** The event's bars: the choice for '¿En qué barra estás?' (free text when empty). */
  barras: readonly string[];
  /** Some ticket type of the event names bars: the question cannot be skipped (docs/decisions/065). */
  required: boolean;
  onDone(): void;
}

/**
 * Whether the bar must be asked now: never asked on this device; skipped ('Ahora no') while the
 * event's tickets need a bar; or a bar remembered that the event does not have (any more).
 */
export function barQuestionNeeded(
  barra: string | null,
  barras: readonly string[],
  required: boolean,
): boolean {
  if (barra === null) return true;
  if (barra === '') return required;
  return barras.length > 0 && !barras.some((name) => barKey(name) === barKey(barra));
}

/**
 * This device's bar, at the top of the scanner (docs/rules/scanner.md): asked first ('Ahora no' only
 * when no ticket type of the event names bars), then one line that says it and changes it.
 * `onDone` runs after an answer, so the code field can take the focus back for the handheld scanner.
 */
export function CurrentBar({ settings, barras, required, onDone }: CurrentBarProps) {
  const [editing, setEditing] = useState(false);
  const { barra } = settings;
  const asking = barQuestionNeeded(barra, barras, required);

  if (asking || editing) {
    const save = (name: string) => {
      settings.setBarra(name);
      setEditing(false);
      onDone();
    };
    const cancel = () => {
      setEditing(false);
      onDone();
    };
    // Asking, a skip is remembered as '' and is offered only when the tickets need no bar.
    const skip = !asking ? cancel : required ? undefined : () => save('');
    return (
      <Card className={asking ? 'border-brand-500' : undefined}>
        <CardContent className="pt-4 sm:pt-6">
          <BarNameForm
            initial={asking ? '' : (barra ?? '')}
            barras={barras}
            cancelLabel={asking ? 'Ahora no' : 'Cancelar'}
            onCancel={skip}
            onSave={save}
          />
          {asking && required && (
            <p className="mt-2 text-sm text-slate-700">
              Algunos tickets de este evento solo valen en ciertas barras: elige la tuya para escanear.
            </p>
          )}
        </CardContent>
      </Card>
    );
  }
  return (
    <section
      aria-label="Barra"
      className="flex items-center justify-between gap-2 rounded-xl border border-slate-700 bg-slate-900 py-1.5 pr-1.5 pl-3 text-white"
    >
      <p className="flex min-w-0 items-center gap-2">
        <MapPin className="h-4 w-4 shrink-0 text-slate-300" aria-hidden />
        <span className="break-words">
          Barra: <strong>{barra || 'sin indicar'}</strong>
        </span>
      </p>
      <Button variant="outline" size="sm" className="shrink-0" onClick={() => setEditing(true)}>
        {barra ? 'Cambiar barra' : 'Indicar barra'}
      </Button>
    </section>
  );
}
