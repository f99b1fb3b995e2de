import type { ScannedTicket, ScannerTicketResponse, ScanResult } from '@drinkflow/domain/scanner';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { consumeTicket } from '../api/consume-ticket';
import { getScannerTicket } from '../api/get-scanner-ticket';
import { ScannerApiError } from '../api/scanner-client';
import { undoConsume } from '../api/undo-consume';
import { createDuplicateGuard } from '../utils/duplicate-guard';
import { deviceId, randomId } from '../utils/storage';
import type { Feedback } from './use-scanner-settings';

export type ScanMode = 'quick' | 'advanced';

/** How long the device that recorded a drink may undo it. */
export const UNDO_WINDOW_MS = SCANNER_LIMITS.undoWindowMs;
/** Quick mode empties the code this long after a recorded drink (spec §4). */
export const CLEAR_AFTER_MS = 3000;
/** Advanced mode reloads the ticket this long after a recorded drink (spec §4). */
export const ADVANCED_REFETCH_MS = 500;

export interface ScanError {
  title: string;
  message: string;
}

export type Outcome =
  | { kind: 'result'; result: ScanResult; qrCode: string; scanId: string }
  | { kind: 'undone'; message: string };

export interface TicketView {
  qrCode: string;
  /** The ticket; `verificacion` only when it was looked up (advanced mode's 'Verificar Ticket'). */
  data: ScannedTicket & Partial<Pick<ScannerTicketResponse, 'verificacion'>>;
}

/** The ticket a consume answer carries (the server sends it with every decision it makes). */
function ticketOfAnswer(result: ScanResult): TicketView['data'] | null {
  const { ticket, tipoTicket, consumos } = result;
  return ticket && tipoTicket && consumos ? { ticket, tipoTicket, consumos } : null;
}

type Pending = 'consume' | 'verify' | 'undo' | null;
type TimerName = 'clear' | 'refetch' | 'undo';

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
 * The scanner's state and actions (spec §2, §4, §5): the code, the mode, the request in flight,
 * the last result or error, the ticket shown, undo. After every answer the code field gets the
 * focus back with its text selected, so the next scan (a handheld scanner types the code and
 * Enter) replaces it without a touch.
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

  const [guard] = useState(createDuplicateGuard);
  /** Bumped by every scan and reset: an answer for an older one is dropped. */
  const scan = useRef(0);
  const busy = useRef(false);
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

  const focusInput = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  /** Starts a scan: forgets the last answer; the ticket shown stays only if it is this code's. */
  const begin = (kind: Pending, code: string) => {
    scan.current += 1;
    busy.current = true;
    setPending(kind);
    setError(null);
    setOutcome(null);
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
  };

  /** Reloads the ticket; on failure the earlier data stays (spec §4). */
  const refreshTicket = async (code: string, id: number) => {
    try {
      const data = await getScannerTicket(apiKey, code);
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
      guard.reset();
      setError({ title: 'Error al procesar el ticket', message: messageOf(caught) });
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
      const data = await getScannerTicket(apiKey, code);
      if (id === scan.current) setTicket({ qrCode: code, data });
    } catch (caught) {
      if (id !== scan.current) return;
      guard.reset();
      setTicket(null);
      setError({ title: 'Error al obtener información del ticket', message: messageOf(caught) });
    } finally {
      finish(id);
    }
  };

  /**
   * A code typed and Enter, the main button, or the camera: quick mode records a drink, advanced
   * mode verifies. The same code again within 3 s is ignored; `fromCamera` keeps ignoring it while
   * the camera keeps seeing it.
   */
  const submit = (raw: string, fromCamera = false) => {
    const code = raw.trim();
    if (!code) return;
    const now = Date.now();
    if (busy.current) {
      if (fromCamera) guard.touch(code, now);
      return;
    }
    if (!guard.accept(code, now, fromCamera)) return;
    if (fromCamera) setQr(code);
    if (mode === 'quick') void consume(code, { refetchMs: 0, clearMs: CLEAR_AFTER_MS });
    else void verify(code);
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
    if (emptyCode) setQr('');
    setPending(null);
    setError(null);
    setOutcome(null);
    setTicket(null);
    setUndoable(false);
    setTipoBebida('');
    focusInput();
  };

  return {
    mode,
    setMode(next: ScanMode) {
      setModeState(next);
      clearAll(false);
    },
    qr,
    setQr,
    pending,
    error,
    outcome,
    ticket,
    /** Advanced mode: the code shown was verified, so 'Registrar Consumo' may record it. */
    verified: ticket !== null && ticket.qrCode === qr.trim(),
    undoable,
    tipoBebida,
    setTipoBebida,
    submit,
    register,
    undo,
    reset: () => clearAll(true),
  };
}

export type Scanner = ReturnType<typeof useScanner>;
