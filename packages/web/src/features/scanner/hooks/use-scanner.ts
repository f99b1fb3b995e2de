import type { ScannedTicket, ScanResult } from '@drinkflow/domain/scanner';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { consumeTicket } from '../api/consume-ticket';
import { getScannerTicket } from '../api/get-scanner-ticket';
import { ScannerApiError } from '../api/scanner-client';
import { undoConsume } from '../api/undo-consume';
import { OfflineScanError, type OfflineAwareResult, type OfflineAwareTicket } from '../offline/offline-scan';
import { createDuplicateGuard, repeatText, replaceFinishedCode } from '../utils/duplicate-guard';
import { deviceId, randomId } from '../utils/storage';
import type { Feedback } from './use-scanner-settings';

export type ScanMode = 'quick' | 'advanced';

/** How long the device that recorded a drink may undo it. */
export const UNDO_WINDOW_MS = SCANNER_LIMITS.undoWindowMs;
/** Quick mode empties the code this long after a recorded drink (docs/rules/states-and-flows.md). */
export const CLEAR_AFTER_MS = 3000;
/** Advanced mode reloads the ticket this long after a recorded drink (docs/rules/states-and-flows.md). */
export const ADVANCED_REFETCH_MS = 500;

export interface ScanError {
  title: string;
  message: string;
  /** Decided on this device without the server (an unknown code offline). */
  offline?: boolean;
}

export type Outcome =
  | { kind: 'result'; result: OfflineAwareResult; qrCode: string; scanId: string }
  | { kind: 'undone'; message: string };

export interface TicketView {
  qrCode: string;
  /** The ticket; `verificacion` only when it was looked up (advanced mode's 'Verificar Ticket'). */
  data: ScannedTicket & Partial<Pick<OfflineAwareTicket, 'verificacion' | 'offline'>>;
}

/** The ticket a consume answer carries (the server sends it with every decision it makes). */
function ticketOfAnswer(result: ScanResult): TicketView['data'] | null {
  const { ticket, tipoTicket, consumos } = result;
  return ticket && tipoTicket && consumos ? { ticket, tipoTicket, consumos } : null;
}

type Pending = 'consume' | 'verify' | 'undo' | null;
type TimerName = 'clear' | 'refetch' | 'undo';

const isOffline = (error: unknown) => error instanceof OfflineScanError;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Ha ocurrido un error inesperado.';

interface ScannerOptions {
  apiKey: string;
  /** The bar's name, sent with every drink. */
  barra: string | null;
  feedback(outcome: Feedback): void;
  /** The code field, focused again after every answer. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The scanner's state and actions (docs/rules/screens.md, docs/rules/states-and-flows.md, docs/rules/validation.md): the code, the mode, the request in flight,
 * the last result or error, the ticket shown, undo. One read is one code: once a code is submitted
 * the next characters typed start a new code instead of adding to it (a handheld scanner types the
 * next guest's code and Enter without a pause), and after every answer the field gets the focus
 * back with its text selected. The same code again within 3 s is a repeat: it is not sent, it is
 * shown ('Ya escaneado hace 1 s'), and in quick mode the field is emptied.
 */
export function useScanner({ apiKey, barra, feedback, inputRef }: ScannerOptions) {
  const [mode, setModeState] = useState<ScanMode>('quick');
  const [qr, setQr] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<ScanError | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [ticket, setTicket] = useState<TicketView | null>(null);
  const [undoable, setUndoable] = useState(false);
  /** Advanced mode's drink; '' lets the server record the ticket's default one. */
  const [tipoBebida, setTipoBebida] = useState('');
  /** 'Ya escaneado hace 1 s': the last read was a repeat, not sent. */
  const [repeat, setRepeat] = useState<string | null>(null);

  const [guard] = useState(createDuplicateGuard);
  /** Bumped by every scan and reset: an answer for an older one is dropped. */
  const scan = useRef(0);
  const busy = useRef(false);
  /** The field's text as it was submitted, until it is edited: the next read replaces it. */
  const finished = useRef<string | null>(null);
  /** A new code read while a scan was in flight: it goes next. */
  const queued = useRef<string | null>(null);
  const [timers] = useState(() => new Map<TimerName, ReturnType<typeof setTimeout>>());

  useEffect(
    () => () => {
      scan.current += 1;
      timers.forEach(clearTimeout);
    },
    [timers],
  );

  const schedule = (name: TimerName, run: () => void, ms: number) => {
    clearTimeout(timers.get(name));
    timers.set(name, setTimeout(run, ms));
  };
  const cancelTimers = () => {
    timers.forEach(clearTimeout);
    timers.clear();
  };

  /**
   * The field gets the focus back (without scrolling the page: the result and the holder stay where
   * they are), its code selected as a sign that the next read replaces it. Not when a new code is
   * already being typed into it: selecting that would let its next character replace the first.
   */
  const focusInput = () => {
    const input = inputRef.current;
    if (!input) return;
    if (document.activeElement !== input) input.focus({ preventScroll: true });
    if (finished.current !== null && input.value === finished.current) input.select();
  };

  /** The field's text, set by the page (not typed): a code, or '' to empty it. */
  const showCode = (code: string) => {
    finished.current = code || null;
    setQr(code);
  };

  /** Starts a scan: forgets the last answer; the ticket shown stays only if it is this code's. */
  const begin = (kind: Pending, code: string) => {
    scan.current += 1;
    busy.current = true;
    setPending(kind);
    setError(null);
    setOutcome(null);
    setRepeat(null);
    setUndoable(false);
    clearTimeout(timers.get('undo'));
    setTicket((current) => (current?.qrCode === code ? current : null));
    return scan.current;
  };
  const finish = (id: number) => {
    if (id !== scan.current) return;
    busy.current = false;
    setPending(null);
    focusInput();
    const next = queued.current;
    queued.current = null;
    if (next) start(next);
  };

  /** Reloads the ticket; on failure the earlier data stays (docs/rules/states-and-flows.md). */
  const refreshTicket = async (code: string, id: number) => {
    try {
      const data = await getScannerTicket(apiKey, code, barra);
      if (id === scan.current) setTicket({ qrCode: code, data });
    } catch {
      // Keep what is shown.
    }
  };

  const consume = async (
    code: string,
    after: { refetchMs: number; clearMs?: number; tipoBebida?: string },
  ) => {
    const id = begin('consume', code);
    const scanId = randomId();
    try {
      const result = await consumeTicket(apiKey, {
        qrCode: code,
        scanId,
        tipoBebida: after.tipoBebida || undefined,
        barra: barra || undefined,
        deviceId: deviceId(),
      });
      if (id !== scan.current) return;
      setOutcome({ kind: 'result', result, qrCode: code, scanId: result.scanId ?? scanId });
      feedback(result.success ? 'ok' : 'refused');
      if (result.success) {
        setUndoable(true);
        schedule('undo', () => setUndoable(false), UNDO_WINDOW_MS);
        if (after.clearMs !== undefined) {
          schedule(
            'clear',
            () => setQr((current) => (current.trim() === code ? '' : current)),
            after.clearMs,
          );
        }
      }
      // Quick mode shows the ticket the answer carries: no second request per scan, which a venue's
      // bars behind one address would pay for in rate limit (docs/decisions/029).
      const shown = after.refetchMs === 0 ? ticketOfAnswer(result) : null;
      if (shown) setTicket({ qrCode: code, data: shown });
      else schedule('refetch', () => void refreshTicket(code, id), after.refetchMs);
    } catch (caught) {
      if (id !== scan.current) return;
      // A failed request is no scan: the same code may be tried again at once.
      guard.forget(code);
      setError({
        title: 'Error al procesar el ticket',
        message: messageOf(caught),
        offline: isOffline(caught),
      });
      feedback('refused');
    } finally {
      finish(id);
    }
  };

  const verify = async (code: string) => {
    const id = begin('verify', code);
    // The drink chosen for the last ticket may not suit this one.
    setTipoBebida('');
    try {
      const data = await getScannerTicket(apiKey, code, barra);
      if (id === scan.current) setTicket({ qrCode: code, data });
    } catch (caught) {
      if (id !== scan.current) return;
      guard.forget(code);
      setTicket(null);
      setError({
        title: 'Error al obtener información del ticket',
        message: messageOf(caught),
        offline: isOffline(caught),
      });
    } finally {
      finish(id);
    }
  };

  /** Quick mode records a drink, advanced mode verifies. */
  function start(code: string) {
    if (mode === 'quick') void consume(code, { refetchMs: 0, clearMs: CLEAR_AFTER_MS });
    else void verify(code);
  }

  /**
   * A code typed and Enter, the main button, or the camera. The same code again within 3 s is not
   * sent: from the camera (which keeps seeing a code held up) it is ignored for as long as it stays
   * in view; typed or from a handheld scanner it is shown as a repeat. A new code read while a scan
   * is in flight goes once that scan is answered.
   */
  const submit = (raw: string, fromCamera = false) => {
    const code = raw.trim();
    if (!code) return;
    const now = Date.now();
    if (fromCamera) {
      if (busy.current) return guard.touch(code, now);
      if (!guard.accept(code, now, true)) return;
      showCode(code);
      return start(code);
    }
    // Whatever comes next in the field is a new read.
    finished.current = raw;
    const since = guard.repeatOf(code, now);
    if (since !== null) {
      setRepeat(repeatText(since));
      // Advanced mode keeps the code, so its verified ticket can still be registered.
      if (mode === 'quick') showCode('');
      focusInput();
      return;
    }
    if (busy.current) {
      queued.current = code;
      return;
    }
    start(code);
  };

  /** Advanced mode's 'Registrar Consumo', for the ticket just verified. */
  const register = () => {
    if (!ticket || busy.current) return;
    void consume(ticket.qrCode, { refetchMs: ADVANCED_REFETCH_MS, tipoBebida });
  };

  const undo = async () => {
    if (outcome?.kind !== 'result' || busy.current) return;
    const { scanId, qrCode } = outcome;
    const id = scan.current;
    busy.current = true;
    setPending('undo');
    setError(null);
    try {
      const answer = await undoConsume(apiKey, scanId, deviceId());
      if (id !== scan.current) return;
      setUndoable(false);
      clearTimeout(timers.get('undo'));
      setOutcome({ kind: 'undone', message: answer.message });
      void refreshTicket(qrCode, id);
    } catch (caught) {
      if (id !== scan.current) return;
      if (caught instanceof ScannerApiError && caught.status !== 429) setUndoable(false);
      setError({ title: 'No se pudo deshacer el consumo', message: messageOf(caught) });
    } finally {
      finish(id);
    }
  };

  /** 'Nuevo Escaneo', and a mode change: nothing of the last scan stays. */
  const clearAll = (emptyCode: boolean) => {
    scan.current += 1;
    busy.current = false;
    cancelTimers();
    guard.reset();
    queued.current = null;
    if (emptyCode) showCode('');
    setPending(null);
    setError(null);
    setOutcome(null);
    setTicket(null);
    setUndoable(false);
    setTipoBebida('');
    setRepeat(null);
    focusInput();
  };

  return {
    mode,
    setMode(next: ScanMode) {
      setModeState(next);
      clearAll(false);
    },
    qr,
    /** The field as edited by hand or by a handheld scanner (a new read replaces a submitted code). */
    setQr(typed: string) {
      const value = replaceFinishedCode(finished.current, typed);
      finished.current = null;
      setQr(value);
    },
    pending,
    error,
    outcome,
    ticket,
    /** Advanced mode: the code shown was verified, so 'Registrar Consumo' may record it. */
    verified: ticket !== null && ticket.qrCode === qr.trim(),
    repeat,
    undoable,
    tipoBebida,
    setTipoBebida,
    submit,
    register,
    undo,
    reset: () => clearAll(true),
    /**
     * The ticket shown changed elsewhere (the organizer added drinks): reload it, and let the same
     * code be scanned again at once rather than be taken for a repeat.
     */
    reloadTicket() {
      if (!ticket) return;
      guard.forget(ticket.qrCode);
      void refreshTicket(ticket.qrCode, scan.current);
    },
  };
}

export type Scanner = ReturnType<typeof useScanner>;
