import type { ScannerTicketResponse } from '@drinkflow/domain/scanner';
import {
  CheckCircle2,
  Clock,
  Loader2,
  RefreshCw,
  RotateCcw,
  ScanLine,
  Undo2,
  WifiOff,
  XCircle,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { Outcome, ScanError } from '../utils/scan-lifecycle';
import { todayText } from '@drinkflow/domain/daily-cutoff';
import { formatMadridTime } from '@/lib/madrid-time';
import { drinkLabel, remainingText, startingAtText } from '../utils/ticket-display';

type Verification = ScannerTicketResponse['verificacion'];

interface ScanOutcomeProps {
  outcome: Outcome | null;
  error: ScanError | null;
  /** Advanced mode: the verified ticket's answer for a drink now, before anything is recorded. */
  verification: Verification | null;
  /** The ticket's holder, to check against an ID. */
  holder: string | undefined;
  /** 'Ya escaneado hace 1 s': the last read was a repeat. */
  repeat: string | null;
  /** The answer was decided on this device, without the server (docs/rules/offline-and-field.md). */
  offline: boolean;
  /** A scan is on its way to the server. */
  checking: boolean;
  undoable: boolean;
  undoing: boolean;
  onUndo(): void;
}

/**
 * The answer to the last scan, large enough to read at arm's length in a dark bar: green with a
 * tick for a recorded drink, red with a cross for a refusal or an error, always in words too, with
 * the holder's name. It keeps its place and a fixed minimum height whatever it shows (waiting, an
 * answer, nothing yet), so the code field below it never moves when an answer comes. A live
 * region, so a screen reader says it as well.
 */
export function ScanOutcome(props: ScanOutcomeProps) {
  return (
    <section aria-label="Resultado del escaneo" className="flex min-h-60 flex-col">
      <div aria-live="assertive" aria-atomic="true" className="flex flex-1 flex-col">
        <Answer {...props} />
      </div>
    </section>
  );
}

function Answer({
  outcome,
  error,
  verification,
  holder,
  repeat,
  offline,
  checking,
  undoable,
  undoing,
  onUndo,
}: ScanOutcomeProps) {
  const note = repeat && <RepeatNote text={repeat} />;
  const Banner = offline ? OfflineBanner : OnlineBanner;
  if (error) {
    return (
      <Banner tone="refused" title={error.title} footer={note}>
        <p className="text-xl font-semibold break-words">{error.message}</p>
      </Banner>
    );
  }
  if (outcome?.kind === 'undone') {
    return (
      <Banner tone="neutral" title="Consumo deshecho" holder={holder} footer={note}>
        {/* The server's words, unless they only repeat the title. */}
        {outcome.message !== 'Consumo deshecho' && <p className="text-lg">{outcome.message}</p>}
      </Banner>
    );
  }
  if (outcome?.kind === 'result' && outcome.result.success) {
    const { tipoBebida, remainingDrinks, nextAllowedTime } = outcome.result;
    return (
      <Banner
        tone="ok"
        title="Consumo Registrado"
        holder={holder}
        footer={
          (undoable || note) && (
            <>
              {undoable && (
                <Button
                  variant="outline"
                  className="h-10 border-2 border-white bg-transparent px-3 text-white hover:bg-white/15"
                  onClick={onUndo}
                  disabled={undoing}
                >
                  <Undo2 className="h-5 w-5" aria-hidden />
                  Deshacer
                </Button>
              )}
              {note}
            </>
          )
        }
      >
        <p className="text-lg">
          {drinkLabel(tipoBebida)}
          {remainingDrinks !== undefined && (
            <>
              {' · '}
              <strong className="font-bold">{remainingText(remainingDrinks)}</strong>
            </>
          )}
        </p>
        <Today answer={outcome.result} />
        <NextDrink at={nextAllowedTime} />
      </Banner>
    );
  }
  if (outcome?.kind === 'result') {
    const { message, nextAllowedTime } = outcome.result;
    return (
      <Banner tone="refused" title="Error de Validación" holder={holder} footer={note}>
        <p className="text-xl font-semibold break-words">{message}</p>
        <Today answer={outcome.result} />
        {/* An interval's refusal already says until when ('Debe esperar hasta las 22:30…'). */}
        {nextAllowedTime && !message.includes(formatMadridTime(new Date(nextAllowedTime))) && (
          <NextDrink at={nextAllowedTime} />
        )}
      </Banner>
    );
  }
  if (verification && !checking) {
    return (
      <Banner
        tone={verification.success ? 'allowed' : 'denied'}
        title={verification.success ? 'Puede consumir' : 'No puede consumir'}
        holder={holder}
        footer={note}
      >
        <p className="text-lg font-semibold break-words">{verification.message}</p>
        <Today answer={verification} />
      </Banner>
    );
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-500 bg-slate-800 p-4 text-center text-slate-100">
      {checking ? (
        <Loader2 className="h-10 w-10 animate-spin" aria-hidden />
      ) : (
        <ScanLine className="h-10 w-10" aria-hidden />
      )}
      <p className="text-xl font-semibold">{checking ? 'Comprobando ticket...' : 'Listo para escanear'}</p>
      {note}
    </div>
  );
}

/** 'Hoy: 2 de 4' for a ticket with a per-day limit. */
function Today({ answer }: { answer: Parameters<typeof todayText>[0] }) {
  const text = todayText(answer);
  return text && <p className="text-lg font-semibold">{text}</p>;
}

function NextDrink({ at }: { at: string | undefined }) {
  if (!at) return null;
  return (
    <p className="flex items-center gap-2 text-lg">
      <Clock className="h-5 w-5 shrink-0" aria-hidden />
      Próxima bebida {startingAtText(at)}
    </p>
  );
}

/** The same code read again within 3 s: not sent, and said so. */
function RepeatNote({ text }: { text: string }) {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-300 px-2.5 py-1.5 text-sm font-bold text-slate-950">
      <RefreshCw className="h-4 w-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

const tones = {
  ok: { className: 'bg-green-700 text-white', Icon: CheckCircle2 },
  refused: { className: 'bg-red-700 text-white', Icon: XCircle },
  neutral: { className: 'bg-slate-700 text-white', Icon: RotateCcw },
  // Verified, nothing recorded yet: the same colours, not filled.
  allowed: { className: 'border-4 border-green-600 bg-white text-green-900', Icon: CheckCircle2 },
  denied: { className: 'border-4 border-red-600 bg-white text-red-900', Icon: XCircle },
} as const;

interface BannerProps {
  tone: keyof typeof tones;
  title: string;
  holder?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * An answer decided without the server keeps the online titles, marked 'Sin conexión'
 * (docs/rules/offline-and-field.md).
 */
function OfflineBanner(props: BannerProps) {
  return <OnlineBanner {...props} mark={<OfflineMark />} />;
}

function OfflineMark() {
  return (
    <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-slate-950 px-2.5 py-1 text-sm font-bold text-white">
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
      Sin conexión — modo offline
    </p>
  );
}

function OnlineBanner({ tone, title, holder, footer, mark, children }: BannerProps & { mark?: ReactNode }) {
  const { className, Icon } = tones[tone];
  return (
    <div className={`flex flex-1 flex-col gap-1 rounded-xl p-4 shadow-lg ${className}`}>
      <div className="flex items-center gap-2.5">
        <Icon className="h-8 w-8 shrink-0 sm:h-12 sm:w-12" strokeWidth={2.5} aria-hidden />
        <h2 className="text-2xl leading-tight font-extrabold sm:text-3xl">{title}</h2>
      </div>
      {mark}
      {holder && <p className="text-xl leading-tight font-bold break-words">{holder}</p>}
      {children}
      {footer && <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">{footer}</div>}
    </div>
  );
}
