import type { ScannerEvent } from '@drinkflow/domain/scanner';
import { useRef } from 'react';
import { useScanner } from '../hooks/use-scanner';
import { useScannerSettings } from '../hooks/use-scanner-settings';
import { CameraScanner } from './camera-scanner';
import { EventBanner } from './event-banner';
import { ScanForm } from './scan-form';
import { ScanOutcome } from './scan-outcome';
import { ScannerSettings, BarPrompt } from './scanner-settings';
import { TicketInfo } from './ticket-info';

interface ScannerPanelProps {
  /** The event's scanner key: every call goes to the public scanner API with it. */
  apiKey: string;
  event: ScannerEvent;
}

/**
 * The scanner of one event, shared by the public page and the organizer's: event, result, code
 * field with camera, ticket, device settings. Render it with `key={apiKey}` so that another event
 * starts from a clean state.
 */
export function ScannerPanel({ apiKey, event }: ScannerPanelProps) {
  const settings = useScannerSettings();
  const inputRef = useRef<HTMLInputElement>(null);
  const scanner = useScanner({ apiKey, barra: settings.barra, feedback: settings.feedback, inputRef });
  // After the bar question the next handheld scan must land in the code field, untouched.
  const focusCode = () => inputRef.current?.focus();

  return (
    <div className="space-y-4">
      <EventBanner event={event} />
      <BarPrompt settings={settings} onDone={focusCode} />
      <ScanOutcome
        outcome={scanner.outcome}
        error={scanner.error}
        undoable={scanner.undoable}
        undoing={scanner.pending === 'undo'}
        onUndo={() => void scanner.undo()}
      />
      <ScanForm
        scanner={scanner}
        inputRef={inputRef}
        camera={<CameraScanner onCode={(code) => scanner.submit(code, true)} />}
      />
      {scanner.ticket && (
        <TicketInfo data={scanner.ticket.data} showVerification={scanner.mode === 'advanced'} />
      )}
      <ScannerSettings settings={settings} onDone={focusCode} />
    </div>
  );
}
