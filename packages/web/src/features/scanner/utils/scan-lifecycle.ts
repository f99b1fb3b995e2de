import type { ScannedTicket } from '@drinkflow/domain/scanner';
import type { OfflineAwareResult, OfflineAwareTicket } from '../offline/offline-scan';

/*
 * The scanner's lifecycle as data (docs/rules/states-and-flows.md, docs/rules/screens.md): what a
 * scan, its answer, an undo, a repeat and a reset each change. Pure: the requests, the timers, the
 * sounds and the code field's focus are the hook's (use-scanner.ts).
 */

export type ScanMode = 'quick' | 'advanced';

/** The request in flight; while one is, a new code waits its turn. */
export type Pending = 'consume' | 'verify' | 'undo' | null;

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

export interface ScanState {
  mode: ScanMode;
  /** Bumped by every scan and reset: an answer for an older one is dropped. */
  scan: number;
  pending: Pending;
  error: ScanError | null;
  outcome: Outcome | null;
  ticket: TicketView | null;
  undoable: boolean;
  /** Advanced mode's drink; '' lets the server record the ticket's default one. */
  tipoBebida: string;
  /** 'Ya escaneado hace 1 s': the last read was a repeat, not sent. */
  repeat: string | null;
  /** A new code read while a scan was in flight: it goes next. */
  queued: string | null;
}

export type ScanAction =
  /** A code goes to the server: to record a drink, or (advanced mode) to be verified. */
  | { type: 'started'; pending: 'consume' | 'verify'; code: string }
  /** The server (or this device, offline) decided a drink; `ticket` when the answer carries it. */
  | {
      type: 'decided';
      outcome: Extract<Outcome, { kind: 'result' }>;
      ticket: TicketView | null;
    }
  /** A ticket arrived: verified, or reloaded after a drink, an undo or a top-up. */
  | { type: 'ticketShown'; ticket: TicketView }
  /** A drink got no decision: the ticket shown stays. */
  | { type: 'consumeFailed'; error: ScanError }
  /** A ticket could not be looked up: nothing of it is shown. */
  | { type: 'lookupFailed'; error: ScanError }
  /** The request in flight got its answer (or its failure). */
  | { type: 'finished' }
  | { type: 'queued'; code: string }
  | { type: 'undoStarted' }
  | { type: 'undone'; message: string }
  /** `canRetry`: no answer, or the server only asked to slow down (429): the drink may still be undone. */
  | { type: 'undoFailed'; error: ScanError; canRetry: boolean }
  /** The device's time to undo the last drink is over. */
  | { type: 'undoExpired' }
  | { type: 'repeated'; text: string }
  | { type: 'drinkChosen'; tipoBebida: string }
  /** 'Nuevo Escaneo': nothing of the last scan stays. */
  | { type: 'cleared' }
  /** A mode change clears like 'Nuevo Escaneo'. */
  | { type: 'modeChosen'; mode: ScanMode }
  /** The scanner is gone: the answers on their way are not wanted. */
  | { type: 'abandoned' };

export const initialScanState: ScanState = {
  mode: 'quick',
  scan: 0,
  pending: null,
  error: null,
  outcome: null,
  ticket: null,
  undoable: false,
  tipoBebida: '',
  repeat: null,
  queued: null,
};

const cleared = (state: ScanState): ScanState => ({
  ...initialScanState,
  mode: state.mode,
  scan: state.scan + 1,
});

export function scanLifecycle(state: ScanState, action: ScanAction): ScanState {
  switch (action.type) {
    case 'started':
      // The last answer goes; the ticket shown stays only if it is this code's. The drink chosen
      // for the last ticket may not suit the one being verified.
      return {
        ...state,
        scan: state.scan + 1,
        pending: action.pending,
        error: null,
        outcome: null,
        repeat: null,
        undoable: false,
        ticket: state.ticket?.qrCode === action.code ? state.ticket : null,
        tipoBebida: action.pending === 'verify' ? '' : state.tipoBebida,
      };
    case 'decided':
      return {
        ...state,
        outcome: action.outcome,
        undoable: action.outcome.result.success,
        ticket: action.ticket ?? state.ticket,
      };
    case 'ticketShown':
      return { ...state, ticket: action.ticket };
    case 'consumeFailed':
      return { ...state, error: action.error };
    case 'lookupFailed':
      return { ...state, error: action.error, ticket: null };
    case 'finished':
      return { ...state, pending: null, queued: null };
    case 'queued':
      return { ...state, queued: action.code };
    case 'undoStarted':
      return { ...state, pending: 'undo', error: null };
    case 'undone':
      return { ...state, undoable: false, outcome: { kind: 'undone', message: action.message } };
    case 'undoFailed':
      return { ...state, error: action.error, undoable: state.undoable && action.canRetry };
    case 'undoExpired':
      return { ...state, undoable: false };
    case 'repeated':
      return { ...state, repeat: action.text };
    case 'drinkChosen':
      return { ...state, tipoBebida: action.tipoBebida };
    case 'cleared':
      return cleared(state);
    case 'modeChosen':
      return { ...cleared(state), mode: action.mode };
    case 'abandoned':
      return { ...state, scan: state.scan + 1 };
  }
}
