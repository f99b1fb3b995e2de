import { describe, expect, it } from 'vitest';
import {
  initialScanState,
  scanLifecycle,
  type ScanAction,
  type ScanState,
  type TicketView,
} from '@/features/scanner/utils/scan-lifecycle';
import { aRefusal, aScannerTicket, aScanResult } from './scanner-fixtures';

const ticketOf = (qrCode: string): TicketView => ({ qrCode, data: aScannerTicket() });
const error = { title: 'Error al procesar el ticket', message: 'Failed to fetch' };

const run = (actions: ScanAction[], from: ScanState = initialScanState) =>
  actions.reduce(scanLifecycle, from);

const decided = (result = aScanResult(), ticket: TicketView | null = null): ScanAction => ({
  type: 'decided',
  outcome: { kind: 'result', result, qrCode: 'QR-1', scanId: 'scan-1' },
  ticket,
});

/** A drink recorded for QR-1, its ticket shown, the answer in. */
const afterDrink = run([
  { type: 'started', pending: 'consume', code: 'QR-1' },
  decided(aScanResult(), ticketOf('QR-1')),
  { type: 'finished' },
]);

describe('scan lifecycle: a scan', () => {
  it('starts in quick mode with nothing shown and nothing in flight', () => {
    expect(initialScanState).toMatchObject({
      mode: 'quick',
      pending: null,
      outcome: null,
      ticket: null,
      undoable: false,
    });
  });

  it('a new scan forgets the last answer, its error, its repeat and its undo, and is a new scan id', () => {
    const before = { ...afterDrink, error, repeat: 'Ya escaneado hace 1 s' };
    const next = scanLifecycle(before, { type: 'started', pending: 'consume', code: 'QR-2' });
    expect(next).toMatchObject({
      pending: 'consume',
      error: null,
      outcome: null,
      repeat: null,
      undoable: false,
    });
    expect(next.scan).toBe(before.scan + 1);
  });

  it("keeps the ticket shown only when the new scan is that ticket's code", () => {
    const same = scanLifecycle(afterDrink, { type: 'started', pending: 'consume', code: 'QR-1' });
    const other = scanLifecycle(afterDrink, { type: 'started', pending: 'consume', code: 'QR-2' });
    expect(same.ticket).toBe(afterDrink.ticket);
    expect(other.ticket).toBeNull();
  });

  it('a verification forgets the drink chosen for the last ticket; a drink keeps it', () => {
    const chosen = scanLifecycle(afterDrink, { type: 'drinkChosen', tipoBebida: 'cerveza' });
    expect(scanLifecycle(chosen, { type: 'started', pending: 'verify', code: 'QR-1' }).tipoBebida).toBe('');
    expect(scanLifecycle(chosen, { type: 'started', pending: 'consume', code: 'QR-1' }).tipoBebida).toBe(
      'cerveza',
    );
  });

  it('a recorded drink may be undone; a refusal may not', () => {
    const started = scanLifecycle(initialScanState, { type: 'started', pending: 'consume', code: 'QR-1' });
    expect(scanLifecycle(started, decided(aScanResult())).undoable).toBe(true);
    expect(scanLifecycle(started, decided(aRefusal())).undoable).toBe(false);
  });

  it('shows the ticket the answer carries, else keeps the one shown', () => {
    const started = scanLifecycle(afterDrink, { type: 'started', pending: 'consume', code: 'QR-1' });
    const carried = ticketOf('QR-1');
    expect(scanLifecycle(started, decided(aScanResult(), carried)).ticket).toBe(carried);
    expect(scanLifecycle(started, decided(aScanResult(), null)).ticket).toBe(afterDrink.ticket);
  });

  it('a drink that got no decision keeps the ticket shown; a failed lookup shows none', () => {
    const consuming = scanLifecycle(afterDrink, { type: 'started', pending: 'consume', code: 'QR-1' });
    const verifying = scanLifecycle(afterDrink, { type: 'started', pending: 'verify', code: 'QR-1' });
    expect(scanLifecycle(consuming, { type: 'consumeFailed', error })).toMatchObject({
      error,
      ticket: afterDrink.ticket,
    });
    expect(scanLifecycle(verifying, { type: 'lookupFailed', error })).toMatchObject({ error, ticket: null });
  });

  it('a code read while a scan is in flight waits; the answer ends the wait and the request', () => {
    const waiting = run([
      { type: 'started', pending: 'consume', code: 'QR-1' },
      { type: 'queued', code: 'QR-2' },
    ]);
    expect(waiting).toMatchObject({ pending: 'consume', queued: 'QR-2' });
    expect(scanLifecycle(waiting, { type: 'finished' })).toMatchObject({ pending: null, queued: null });
  });

  it('a repeat is shown without touching the scan in flight', () => {
    const started = scanLifecycle(initialScanState, { type: 'started', pending: 'consume', code: 'QR-1' });
    const next = scanLifecycle(started, { type: 'repeated', text: 'Ya escaneado hace 1 s' });
    expect(next).toEqual({ ...started, repeat: 'Ya escaneado hace 1 s' });
  });
});

describe('scan lifecycle: undo', () => {
  it('is a request in flight that forgets the last error, within the same scan', () => {
    const next = scanLifecycle({ ...afterDrink, error }, { type: 'undoStarted' });
    expect(next).toMatchObject({ pending: 'undo', error: null, scan: afterDrink.scan });
  });

  it('once done, says so and may not be done again', () => {
    const next = run([{ type: 'undoStarted' }, { type: 'undone', message: 'Consumo deshecho' }], afterDrink);
    expect(next).toMatchObject({ outcome: { kind: 'undone', message: 'Consumo deshecho' }, undoable: false });
  });

  it('may be tried again after a 429 or no answer, not after a refusal', () => {
    const undoing = scanLifecycle(afterDrink, { type: 'undoStarted' });
    const retry = scanLifecycle(undoing, { type: 'undoFailed', error, canRetry: true });
    const refused = scanLifecycle(undoing, { type: 'undoFailed', error, canRetry: false });
    expect(retry).toMatchObject({ error, undoable: true });
    expect(refused).toMatchObject({ error, undoable: false });
  });

  it('is over when its time is', () => {
    expect(scanLifecycle(afterDrink, { type: 'undoExpired' }).undoable).toBe(false);
  });
});

describe('scan lifecycle: starting again', () => {
  const busy = run(
    [
      { type: 'drinkChosen', tipoBebida: 'copa' },
      { type: 'repeated', text: 'Ya escaneado hace 2 s' },
      { type: 'started', pending: 'consume', code: 'QR-1' },
      { type: 'queued', code: 'QR-2' },
      { type: 'consumeFailed', error },
    ],
    afterDrink,
  );

  it("'Nuevo Escaneo' keeps nothing of the last scan but the mode, and drops the answers on their way", () => {
    const advanced = { ...busy, mode: 'advanced' as const };
    const next = scanLifecycle(advanced, { type: 'cleared' });
    expect(next).toEqual({ ...initialScanState, mode: 'advanced', scan: advanced.scan + 1 });
  });

  it('a mode change clears the same way', () => {
    const next = scanLifecycle(busy, { type: 'modeChosen', mode: 'advanced' });
    expect(next).toEqual({ ...initialScanState, mode: 'advanced', scan: busy.scan + 1 });
  });

  it('a scanner that is gone drops the answers on their way and changes nothing else', () => {
    expect(scanLifecycle(busy, { type: 'abandoned' })).toEqual({ ...busy, scan: busy.scan + 1 });
  });
});
