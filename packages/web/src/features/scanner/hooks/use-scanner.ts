import type { ScanResult } from '@drinkflow/domain/scanner';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { consumeTicket } from '../api/consume-ticket';
import { getScannerTicket } from '../api/get-scanner-ticket';
import { ScannerApiError } from '../api/scanner-client';
import { undoConsume } from '../api/undo-consume';
import { OFFLINE_NOT_FOUND } from '@drinkflow/domain/offline-decision';
import { OfflineScanError } from '../offline/offline-scan';
import { createDuplicateGuard, repeatText } from '../utils/duplicate-guard';
import {
  initialScanState,
  scanLifecycle,
  type ScanAction,
  type ScanMode,
  type ScanState,
  type TicketView,
} from '../utils/scan-lifecycle';
import { deviceId, randomId } from '../utils/storage';
import { useCodeField } from './use-code-field';
import type { Feedback } from './use-scanner-settings';
import { useTimeouts } from './use-timeouts';

/** How long the device that recorded a drink may undo it. */
const UNDO_WINDOW_MS = SCANNER_LIMITS.undoWindowMs;
/** Quick mode empties the code this long after a recorded drink (docs/rules/states-and-flows.md). */
const CLEAR_AFTER_MS = 3000;
/** Advanced mode reloads the ticket this long after a recorded drink (docs/rules/states-and-flows.md). */
const ADVANCED_REFETCH_MS = 500;

/** The ticket a consume answer carries (the server sends it with every decision it makes). */
function ticketOfAnswer(result: ScanResult): TicketView['data'] | null {
  const { ticket, tipoTicket, consumos } = result;
  return ticket && tipoTicket && consumos ? { ticket, tipoTicket, consumos } : null;
}

const isOffline = (error: unknown) => error instanceof OfflineScanError;

/**
 * A code the event has no ticket for, or another event's ticket: the ticket is refused, nothing
 * failed ('Ticket no válido', docs/rules/scanner.md). Anything else is a fault, titled `fault`.
 */
function errorTitle(error: unknown, fault: string) {
  const refused =
    error instanceof ScannerApiError &&
    (error.status === 403 || (error.status === 404 && error.message === OFFLINE_NOT_FOUND));
  return refused ? 'Ticket no válido' : fault;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Ha ocurrido un error inesperado.';

/**
 * The lifecycle's state, also readable at once: a handheld scanner's next Enter, or an answer
 * arriving, must see the scan in flight before React has rendered it. Once the scanner is gone,
 * the answers on their way are dropped.
 */
function useScanLifecycle() {
  const latest = useRef(initialScanState);
  const [state, setState] = useState(initialScanState);
  const dispatch = useCallback((action: ScanAction) => {
    latest.current = scanLifecycle(latest.current, action);
    setState(latest.current);
  }, []);
  useEffect(() => () => dispatch({ type: 'abandoned' }), [dispatch]);
  const current = (): ScanState => latest.current;
  return { state, dispatch, current };
}

interface ScannerOptions {
  apiKey: string;
  /** The bar's name, sent with every drink. */
  barra: string | null;
  feedback(outcome: Feedback): void;
  /** The code field, focused again after every answer. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The scanner's state and actions (docs/rules/screens.md, docs/rules/states-and-flows.md,
 * docs/rules/validation.md): the code, the mode, the request in flight, the last result or error,
 * the ticket shown, undo. The same code again within 3 s is a repeat: it is not sent, it is shown
 * ('Ya escaneado hace 1 s'), and in quick mode the field is emptied.
 */
export function useScanner({ apiKey, barra, feedback, inputRef }: ScannerOptions) {
  const { state, dispatch, current } = useScanLifecycle();
  const field = useCodeField(inputRef);
  const timers = useTimeouts<'clear' | 'refetch' | 'undo'>();
  const [guard] = useState(createDuplicateGuard);

  const isCurrent = (id: number) => id === current().scan;
  const busy = () => current().pending !== null;

  /** Starts a scan: forgets the last answer; the ticket shown stays only if it is this code's. */
  const begin = (pending: 'consume' | 'verify', code: string) => {
    dispatch({ type: 'started', pending, code });
    timers.cancel('undo');
    return current().scan;
  };
  const finish = (id: number) => {
    if (!isCurrent(id)) return;
    const next = current().queued;
    dispatch({ type: 'finished' });
    field.focus();
    if (next) start(next);
  };

  /** Reloads the ticket; on failure the earlier data stays (docs/rules/states-and-flows.md). */
  const refreshTicket = async (code: string, id: number) => {
    try {
      const data = await getScannerTicket(apiKey, code, barra);
      if (isCurrent(id)) dispatch({ type: 'ticketShown', ticket: { qrCode: code, data } });
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
      if (!isCurrent(id)) return;
      // Quick mode shows the ticket the answer carries: no second request per scan, which a venue's
      // bars behind one address would pay for in rate limit (docs/decisions/029).
      const shown = after.refetchMs === 0 ? ticketOfAnswer(result) : null;
      dispatch({
        type: 'decided',
        outcome: { kind: 'result', result, qrCode: code, scanId: result.scanId ?? scanId },
        ticket: shown && { qrCode: code, data: shown },
      });
      feedback(result.success ? 'ok' : 'refused');
      if (result.success) {
        timers.schedule('undo', () => dispatch({ type: 'undoExpired' }), UNDO_WINDOW_MS);
        if (after.clearMs !== undefined)
          timers.schedule('clear', () => field.clearIfStill(code), after.clearMs);
      }
      if (!shown) timers.schedule('refetch', () => void refreshTicket(code, id), after.refetchMs);
    } catch (caught) {
      if (!isCurrent(id)) return;
      // A failed request is no scan: the same code may be tried again at once.
      guard.forget(code);
      dispatch({
        type: 'consumeFailed',
        error: {
          title: errorTitle(caught, 'Error al procesar el ticket'),
          message: messageOf(caught),
          offline: isOffline(caught),
        },
      });
      feedback('refused');
    } finally {
      finish(id);
    }
  };

  const verify = async (code: string) => {
    const id = begin('verify', code);
    try {
      const data = await getScannerTicket(apiKey, code, barra);
      if (isCurrent(id)) dispatch({ type: 'ticketShown', ticket: { qrCode: code, data } });
    } catch (caught) {
      if (!isCurrent(id)) return;
      guard.forget(code);
      dispatch({
        type: 'lookupFailed',
        error: {
          title: errorTitle(caught, 'Error al obtener información del ticket'),
          message: messageOf(caught),
          offline: isOffline(caught),
        },
      });
    } finally {
      finish(id);
    }
  };

  /** Quick mode records a drink, advanced mode verifies. */
  function start(code: string) {
    if (current().mode === 'quick') void consume(code, { refetchMs: 0, clearMs: CLEAR_AFTER_MS });
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
      if (busy()) return guard.touch(code, now);
      if (!guard.accept(code, now, true)) return;
      field.show(code);
      return start(code);
    }
    field.submitted(raw);
    const since = guard.repeatOf(code, now);
    if (since !== null) {
      dispatch({ type: 'repeated', text: repeatText(since) });
      // Advanced mode keeps the code, so its verified ticket can still be registered.
      if (current().mode === 'quick') field.show('');
      field.focus();
      return;
    }
    if (busy()) return dispatch({ type: 'queued', code });
    start(code);
  };

  /** Advanced mode's 'Registrar Consumo', for the ticket just verified. */
  const register = () => {
    const { ticket, tipoBebida } = current();
    if (!ticket || busy()) return;
    void consume(ticket.qrCode, { refetchMs: ADVANCED_REFETCH_MS, tipoBebida });
  };

  const undo = async () => {
    const { outcome, scan: id } = current();
    if (outcome?.kind !== 'result' || busy()) return;
    dispatch({ type: 'undoStarted' });
    try {
      const answer = await undoConsume(apiKey, outcome.scanId, deviceId());
      if (!isCurrent(id)) return;
      timers.cancel('undo');
      dispatch({ type: 'undone', message: answer.message });
      void refreshTicket(outcome.qrCode, id);
    } catch (caught) {
      if (!isCurrent(id)) return;
      dispatch({
        type: 'undoFailed',
        error: { title: 'No se pudo deshacer el consumo', message: messageOf(caught) },
        canRetry: !(caught instanceof ScannerApiError) || caught.status === 429,
      });
    } finally {
      finish(id);
    }
  };

  /** 'Nuevo Escaneo', and a mode change: nothing of the last scan stays. */
  const clearAll = (action: ScanAction, emptyCode: boolean) => {
    timers.cancelAll();
    guard.reset();
    dispatch(action);
    if (emptyCode) field.show('');
    field.focus();
  };

  const { ticket } = state;
  return {
    mode: state.mode,
    setMode: (mode: ScanMode) => clearAll({ type: 'modeChosen', mode }, false),
    qr: field.value,
    setQr: field.edit,
    pending: state.pending,
    error: state.error,
    outcome: state.outcome,
    ticket,
    /** Advanced mode: the code shown was verified, so 'Registrar Consumo' may record it. */
    verified: ticket !== null && ticket.qrCode === field.value.trim(),
    repeat: state.repeat,
    undoable: state.undoable,
    tipoBebida: state.tipoBebida,
    setTipoBebida: (tipoBebida: string) => dispatch({ type: 'drinkChosen', tipoBebida }),
    submit,
    register,
    undo,
    reset: () => clearAll({ type: 'cleared' }, true),
    /**
     * The ticket shown changed elsewhere (the organizer added drinks): reload it, and let the same
     * code be scanned again at once rather than be taken for a repeat.
     */
    reloadTicket() {
      if (!ticket) return;
      guard.forget(ticket.qrCode);
      void refreshTicket(ticket.qrCode, current().scan);
    },
  };
}

export type Scanner = ReturnType<typeof useScanner>;
