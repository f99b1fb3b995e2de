import { CheckCircle2, Clock, RotateCcw, Undo2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { Outcome, ScanError } from '../hooks/use-scanner';
import { drinkLabel, nextTime, remainingText } from '../utils/ticket-display';

interface ScanOutcomeProps {
  outcome: Outcome | null;
  error: ScanError | null;
  undoable: boolean;
  undoing: boolean;
  onUndo(): void;
}

/**
 * The answer to the last scan, large enough to read at arm's length in a dark bar: green with a
 * tick for a recorded drink, red with a cross for a refusal or an error, always with words too.
 * A live region, so a screen reader says it as well.
 */
export function ScanOutcome({ outcome, error, undoable, undoing, onUndo }: ScanOutcomeProps) {
  return (
    <div aria-live="assertive" aria-atomic="true" className="space-y-3 empty:hidden">
      {error && (
        <Banner tone="refused" title={error.title}>
          <p className="text-xl font-semibold break-words">{error.message}</p>
        </Banner>
      )}
      {outcome?.kind === 'undone' && (
        <Banner tone="neutral" title="Consumo deshecho">
          <p className="text-lg">{outcome.message}</p>
        </Banner>
      )}
      {outcome?.kind === 'result' && outcome.result.success && (
        <Banner tone="ok" title="Consumo Registrado">
          <p className="text-lg">{drinkLabel(outcome.result.tipoBebida)}</p>
          {outcome.result.remainingDrinks !== undefined && (
            <p className="text-2xl font-bold">{remainingText(outcome.result.remainingDrinks)}</p>
          )}
          <NextDrink at={outcome.result.nextAllowedTime} />
          {undoable && (
            <Button
              variant="outline"
              size="lg"
              className="mt-2 border-white bg-transparent text-white hover:bg-white/15"
              onClick={onUndo}
              disabled={undoing}
            >
              <Undo2 className="h-5 w-5" aria-hidden />
              Deshacer
            </Button>
          )}
        </Banner>
      )}
      {outcome?.kind === 'result' && !outcome.result.success && (
        <Banner tone="refused" title="Error de Validación">
          <p className="text-xl font-semibold break-words">{outcome.result.message}</p>
          <NextDrink at={outcome.result.nextAllowedTime} />
        </Banner>
      )}
    </div>
  );
}

function NextDrink({ at }: { at: string | undefined }) {
  if (!at) return null;
  return (
    <p className="flex items-center gap-2 text-lg">
      <Clock className="h-5 w-5 shrink-0" aria-hidden />
      Próxima bebida a partir de las {nextTime(at)}
    </p>
  );
}

const tones = {
  ok: { className: 'bg-green-700', Icon: CheckCircle2 },
  refused: { className: 'bg-red-700', Icon: XCircle },
  neutral: { className: 'bg-slate-700', Icon: RotateCcw },
} as const;

function Banner({ tone, title, children }: { tone: keyof typeof tones; title: string; children: ReactNode }) {
  const { className, Icon } = tones[tone];
  return (
    <div className={`flex gap-4 rounded-xl p-5 text-white shadow-lg ${className}`}>
      <Icon className="h-10 w-10 shrink-0 sm:h-14 sm:w-14" strokeWidth={2.5} aria-hidden />
      <div className="min-w-0 space-y-1">
        <h2 className="text-3xl leading-tight font-extrabold">{title}</h2>
        {children}
      </div>
    </div>
  );
}
