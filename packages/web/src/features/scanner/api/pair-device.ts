import type { PairedDevice } from '@drinkflow/domain/devices';
import { deviceMessages } from '@drinkflow/domain/device-wire';

/** The pairing call's own wait: a phone on a venue's link. */
const TIMEOUT_MS = 15_000;

/** Why pairing failed, in Spanish, and the field it is about when the server named one. */
export class PairingError extends Error {
  constructor(
    message: string,
    readonly field?: 'codigo' | 'nombre',
  ) {
    super(message);
  }
}

interface ErrorBody {
  message?: string;
  details?: { field?: string; message?: string }[];
}

async function pairingErrorFrom(response: Response): Promise<PairingError> {
  if (response.status === 429) return new PairingError(deviceMessages.tooManyCodes, 'codigo');
  // An unknown, used or expired code: the same sentence, whatever the status says.
  if (response.status === 404 || response.status === 410) {
    return new PairingError(deviceMessages.codeInvalid, 'codigo');
  }
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy's page): the generic sentence below.
  }
  const detail = body.details?.find((item) => item.field === 'codigo' || item.field === 'nombre');
  if (detail?.message) return new PairingError(detail.message, detail.field as 'codigo' | 'nombre');
  return new PairingError(body.message || 'No se pudo emparejar el dispositivo. Inténtalo de nuevo.');
}

/**
 * POST /api/dispositivos/emparejar (docs/rules/devices.md): the code the organizer shows and the
 * name this phone gives itself, for the device's token. No session; the scanner's own fetch, not
 * the app's client, so scanner.html stays small.
 */
export async function pairDevice(body: { codigo: string; nombre: string }): Promise<PairedDevice> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch('/api/dispositivos/emparejar', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw new PairingError('No se pudo conectar con el servidor. Comprueba la conexión.');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw await pairingErrorFrom(response);
  const paired = (await response.json().catch(() => null)) as PairedDevice | null;
  if (typeof paired?.token !== 'string' || typeof paired.apiKey !== 'string') {
    throw new PairingError('Respuesta inesperada del servidor. Inténtalo de nuevo.');
  }
  return paired;
}
