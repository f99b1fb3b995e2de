import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { Loader2, X } from 'lucide-react';
import { useEffect, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { Scanner } from '../hooks/use-scanner';
import { drinkLabel } from '../utils/ticket-display';
import { CameraScanner } from './camera-scanner';

const QR_INPUT_ID = 'scanner-qr';

/**
 * The code field and the actions of both modes (docs/rules/screens.md): quick mode validates and records in one
 * step; advanced mode verifies, then records. Enter in the field is the main action, as a handheld
 * scanner types the code and Enter. The camera's toggle sits next to the mode's title and its view
 * above the field; the mode switch and 'Nuevo Escaneo' come last, so on a phone the field and its
 * buttons sit high enough to stay on screen under the result.
 */
interface ScanFormProps {
  scanner: Scanner;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function ScanForm({ scanner, inputRef }: ScanFormProps) {
  const { mode, qr, pending } = scanner;
  const quick = mode === 'quick';
  const empty = qr.trim() === '';
  const busy = pending !== null;
  /** Advanced mode: the ticket in the field was verified and a drink now is allowed. */
  const canRegister = scanner.verified && scanner.ticket?.data.verificacion?.success === true;

  // The page is for scanning: the field is ready for the first code. Without scrolling to it, so
  // the page opens at its top even when the bar question pushes the field down.
  useEffect(() => inputRef.current?.focus({ preventScroll: true }), [inputRef]);

  return (
    <Card>
      <CardContent className="space-y-3 pt-4 sm:space-y-4 sm:pt-6">
        <CameraScanner
          heading={
            <div className="min-w-0">
              <CardTitle className="text-lg sm:text-xl">
                {quick ? 'Escáner Rápido' : 'Escáner Avanzado'}
              </CardTitle>
              <CardDescription className="hidden sm:block">
                {quick
                  ? 'Escanea el QR: se valida y se registra la consumición en un solo paso.'
                  : 'Verifica el ticket y registra la consumición cuando corresponda.'}
              </CardDescription>
            </div>
          }
          onCode={(code) => scanner.submit(code, true)}
        />
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            scanner.submit(qr);
          }}
        >
          <Label htmlFor={QR_INPUT_ID}>Código QR</Label>
          <div className="relative">
            <input
              id={QR_INPUT_ID}
              ref={inputRef}
              value={qr}
              onChange={(event) => scanner.setQr(event.target.value)}
              // Enter is the scan, also while the last one is on its way (the main button is then
              // disabled, and a form with a disabled button ignores Enter): a code read meanwhile
              // goes next, a repeat is shown as one.
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                scanner.submit(event.currentTarget.value);
              }}
              placeholder="Escanea o escribe el código"
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              className="flex h-14 w-full rounded-lg border-2 border-slate-300 bg-white px-4 pr-12 text-lg text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            />
            {!empty && (
              <button
                type="button"
                aria-label="Borrar código"
                className="absolute top-1/2 right-2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                onClick={() => {
                  scanner.setQr('');
                  inputRef.current?.focus();
                }}
              >
                <X className="h-5 w-5" aria-hidden />
              </button>
            )}
          </div>
          {quick ? (
            <MainButton type="submit" disabled={empty || busy} working={pending === 'consume'}>
              Validar y Registrar Ticket
            </MainButton>
          ) : (
            <>
              {/* Side by side, both right under the field; once the ticket may drink, recording
                  it is the next step and that button leads. */}
              <div className="grid grid-cols-2 gap-3">
                <MainButton
                  type="submit"
                  variant={canRegister ? 'secondary' : 'default'}
                  disabled={empty || busy}
                  working={pending === 'verify'}
                >
                  Verificar Ticket
                </MainButton>
                <MainButton
                  type="button"
                  variant={canRegister ? 'default' : 'secondary'}
                  disabled={empty || busy || !scanner.verified}
                  working={pending === 'consume'}
                  onClick={scanner.register}
                >
                  Registrar Consumo
                </MainButton>
              </div>
              {scanner.verified && scanner.ticket && (
                <DrinkChoice
                  drinkType={scanner.ticket.data.tipoTicket.drinkType}
                  value={scanner.tipoBebida}
                  onChange={scanner.setTipoBebida}
                />
              )}
            </>
          )}
          <Button variant="outline" size="lg" className="w-full" onClick={scanner.reset}>
            Nuevo Escaneo
          </Button>
          <div className="text-center">
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => scanner.setMode(quick ? 'advanced' : 'quick')}
            >
              {quick ? 'Cambiar a Escáner Avanzado' : 'Cambiar a Escáner Rápido'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

interface MainButtonProps {
  type: 'submit' | 'button';
  variant?: 'default' | 'secondary';
  disabled: boolean;
  working: boolean;
  onClick?(): void;
  children: ReactNode;
}

function MainButton({ working, children, variant = 'default', ...props }: MainButtonProps) {
  return (
    <Button
      size="lg"
      variant={variant}
      // The second button is outlined, never pale: pale reads as disabled. Two side by side on a
      // phone wrap their words rather than overflow.
      className={`h-14 w-full px-3 text-lg leading-tight whitespace-normal ${variant === 'secondary' ? 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50' : ''}`}
      {...props}
    >
      {working && <Loader2 className="h-5 w-5 animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

/** Advanced mode: which drink to record; by default the ticket's own (the server decides). */
function DrinkChoice({
  drinkType,
  value,
  onChange,
}: {
  drinkType: string;
  value: string;
  onChange(value: string): void;
}) {
  const ticketDrink = defaultTipoBebida(drinkType);
  const extra = ticketDrink !== 'copa' && ticketDrink !== 'cerveza' ? ticketDrink : null;
  return (
    <div className="space-y-1">
      <Label htmlFor="scanner-bebida">Bebida</Label>
      <NativeSelect
        id="scanner-bebida"
        className="h-12 text-base"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Según el ticket ({drinkLabel(ticketDrink)})</option>
        <option value="copa">Copa</option>
        <option value="cerveza">Cerveza</option>
        {extra && <option value={extra}>{drinkLabel(extra)}</option>}
      </NativeSelect>
    </div>
  );
}
