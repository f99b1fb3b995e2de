import type { ScannedTicket, ScannerEvent } from '@drinkflow/domain/scanner';
import { useRef, type ReactNode } from 'react';
import { useDeviceAccess } from '../device/device-access';
import { useScanner, type Scanner } from '../hooks/use-scanner';
import { useScannerSettings } from '../hooks/use-scanner-settings';
import { useWakeLock } from '../hooks/use-wake-lock';
import { OfflineStatus } from '../offline/offline-status';
import { useOfflineScanner } from '../offline/use-offline-scanner';
import { CurrentBar, barQuestionNeeded } from './current-bar';
import { DeviceBlocked } from './device-blocked';
import { EventBanner } from './event-banner';
import { ScanForm } from './scan-form';
import { ScanOutcome } from './scan-outcome';
import { ScannerSettings } from './scanner-settings';
import { TicketInfo } from './ticket-info';

interface ScannerPanelProps {
  /** The event's scanner key: every call goes to the public scanner API with it. */
  apiKey: string;
  event: ScannerEvent;
  /**
   * False where the page around already names the event (the organizer's event selector): on a
   * phone the banner then gives its room to the result and the code field; it shows from 640 px up.
   */
  eventOnPhones?: boolean;
  /**
   * What the page offers for the ticket shown (the organizer's 'Añadir bebidas'); `reload` shows
   * the ticket again from the server and lets its code be scanned again at once.
   */
  ticketActions?(ticket: ScannedTicket, reload: () => void): ReactNode;
  /** What a stopped scanner offers instead of a pairing code (see DeviceBlocked). */
  blockedAction?: ReactNode;
}

/**
 * The scanner of one event, shared by the public page and the organizer's. It keeps the event's
 * offline data and sends the drinks served offline (docs/rules/offline-and-field.md) while it is open. From the top:
 * the event, the device's bar, the connection status (online or not, the data's age, drinks waiting to be sent), the answer to the last scan with the holder's name (a fixed place,
 * always on screen after a scan, even on a 360×740 phone), the code field and camera, the ticket,
 * sound and vibration. While the bar must be answered first (a ticket type of the event names
 * bars, docs/decisions/065), the question takes the place of the answer and the code field. The screen stays on while it is open. Render it with `key={apiKey}` so
 * that another event starts from a clean state. A device the server refuses (not paired on an event
 * that asks for it, or revoked) stops scanning: the scanner's parts and their background work end.
 */
export function ScannerPanel({ blockedAction, ...props }: ScannerPanelProps) {
  const access = useDeviceAccess(props.apiKey);
  if (access !== 'allowed') {
    return <DeviceBlocked apiKey={props.apiKey} access={access} action={blockedAction} />;
  }
  return <ActiveScanner {...props} />;
}

function ActiveScanner({ apiKey, event, eventOnPhones = true, ticketActions }: ScannerPanelProps) {
  const settings = useScannerSettings();
  const inputRef = useRef<HTMLInputElement>(null);
  const scanner = useScanner({ apiKey, barra: settings.barra, feedback: settings.feedback, inputRef });
  useWakeLock();
  const offline = useOfflineScanner(apiKey);
  // After the bar question the next handheld scan must land in the code field, untouched.
  const focusCode = () => inputRef.current?.focus({ preventScroll: true });
  const barras = event.barras ?? [];
  const barRequired = event.barraObligatoria === true;
  const asking = barRequired && barQuestionNeeded(settings.barra, barras, barRequired);

  return (
    <div className="space-y-3 sm:space-y-4">
      <div className={eventOnPhones ? undefined : 'hidden sm:block'}>
        <EventBanner event={event} />
      </div>
      <CurrentBar settings={settings} barras={barras} required={barRequired} onDone={focusCode} />
      <OfflineStatus status={offline.status} onClearFailed={offline.clearFailed} />
      {!asking && (
        <>
          <ScanOutcome
            outcome={scanner.outcome}
            error={scanner.error}
            verification={verificationOf(scanner)}
            holder={holderOf(scanner)}
            repeat={scanner.repeat}
            offline={decidedOffline(scanner)}
            checking={scanner.pending === 'consume' || scanner.pending === 'verify'}
            undoable={scanner.undoable}
            undoing={scanner.pending === 'undo'}
            onUndo={() => void scanner.undo()}
          />
          <ScanForm scanner={scanner} inputRef={inputRef} />
          {scanner.ticket && (
            <TicketInfo
              data={scanner.ticket.data}
              actions={ticketActions?.(scanner.ticket.data, scanner.reloadTicket)}
            />
          )}
        </>
      )}
      <ScannerSettings settings={settings} />
    </div>
  );
}

/** Advanced mode, the ticket in the field verified: what a drink now would get. */
function verificationOf(scanner: Scanner) {
  if (scanner.mode !== 'advanced' || !scanner.verified) return null;
  return scanner.ticket?.data.verificacion ?? null;
}

/** The holder of the ticket the answer is about: from the answer itself, else from the ticket shown. */
function holderOf({ outcome, ticket, error }: Scanner) {
  if (error) return undefined;
  const shown = ticket?.data.ticket.titular;
  if (outcome?.kind === 'result') {
    return outcome.result.ticket?.titular ?? (ticket?.qrCode === outcome.qrCode ? shown : undefined);
  }
  return shown;
}

/** The answer shown was decided on this device, without the server (docs/rules/offline-and-field.md). */
function decidedOffline({ outcome, error, mode, verified, ticket }: Scanner): boolean {
  if (error) return error.offline === true;
  if (outcome?.kind === 'result') return outcome.result.offline === true;
  return mode === 'advanced' && verified && ticket?.data.offline === true;
}
