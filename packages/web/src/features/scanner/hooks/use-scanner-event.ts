import type { ScannerEvent } from '@drinkflow/domain/scanner';
import { useEffect, useState } from 'react';
import { getScannerEvent } from '../api/get-scanner-event';
import { ScannerApiError } from '../api/scanner-client';

export const INVALID_KEY_MESSAGE =
  'API Key inválida o evento no encontrado. Verifica que tengas el enlace correcto del escáner.';

export type ScannerEventState =
  | { status: 'loading' }
  | { status: 'ready'; event: ScannerEvent }
  /** The key names no event (404), or the server refuses it (too many wrong keys). */
  | { status: 'invalid'; message: string }
  /** No answer: the network; worth another try. */
  | { status: 'error'; message: string };

/** The event of a public scanner URL (docs/rules/api-conventions.md: loaded once, no automatic retry). */
export function useScannerEvent(apiKey: string) {
  const [state, setState] = useState<ScannerEventState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getScannerEvent(apiKey).then(
      (event) => current && setState({ status: 'ready', event }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ScannerApiError && error.status === 404) {
          setState({ status: 'invalid', message: INVALID_KEY_MESSAGE });
        } else if (error instanceof ScannerApiError && error.status < 500) {
          setState({ status: 'invalid', message: error.message || INVALID_KEY_MESSAGE });
        } else {
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : INVALID_KEY_MESSAGE,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [apiKey, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}
