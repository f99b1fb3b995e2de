import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { Loader2, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { Scanner } from '../hooks/use-scanner';
import { drinkLabel } from '../utils/ticket-display';

const QR_INPUT_ID = 'scanner-qr';

/**
 * The code field and the actions of both modes (spec §2): quick mode validates and records in one
 * step; advanced mode verifies, then records. Enter in the field is the main action, as a handheld
 * scanner types the code and Enter. `camera` is the camera's toggle and view.
 */
interface ScanFormProps {
  scanner: Scanner;
  inputRef: RefObject<HTMLInputElement | null>;
  camera: ReactNode;
}

export function ScanForm({ scanner, inputRef, camera }: ScanFormProps) {
  const { mode, qr, pending } = scanner;
  const quick = mode === 'quick';
  const empty = qr.trim() === '';
  const busy = pending !== null;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <CardTitle>{quick ? 'Escáner Rápido' : 'Escáner Avanzado'}</CardTitle>
          <Button
            variant="link"
            className="h-auto p-0"
            onClick={() => scanner.setMode(quick ? 'advanced' : 'quick')}
          >
            {quick ? 'Cambiar a Escáner Avanzado' : 'Cambiar a Escáner Rápido'}
          </Button>
        </div>
        <CardDescription>
          {quick
            ? 'Escanea el QR: se valida y se registra la consumición en un solo paso.'
            : 'Verifica el ticket y registra la consumición cuando corresponda.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {camera}
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
              // The page is for scanning: the field is ready for the first code.
              autoFocus
              value={qr}
              onChange={(event) => scanner.setQr(event.target.value)}
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
            <div className="space-y-3">
              <MainButton type="submit" disabled={empty || busy} working={pending === 'verify'}>
                Verificar Ticket
              </MainButton>
              {scanner.verified && scanner.ticket && (
                <DrinkChoice
                  drinkType={scanner.ticket.data.tipoTicket.drinkType}
                  value={scanner.tipoBebida}
                  onChange={scanner.setTipoBebida}
                />
              )}
              <MainButton
                type="button"
                variant="secondary"
                disabled={empty || busy || !scanner.verified}
                working={pending === 'consume'}
                onClick={scanner.register}
              >
                Registrar Consumo
              </MainButton>
            </div>
          )}
          <Button variant="outline" size="lg" className="w-full" onClick={scanner.reset}>
            Nuevo Escaneo
          </Button>
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
      className={`h-14 w-full text-lg ${variant === 'secondary' ? 'bg-brand-100 text-brand-900 hover:bg-brand-50' : ''}`}
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
