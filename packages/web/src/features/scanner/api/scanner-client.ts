/*
 * The public scanner's own fetch client (STYLE: "a tiny API client for the public scanner, so the
 * scanner bundle stays small"): no session, no login token, no TanStack Query. Errors read like the app's
 * (docs/rules/api-conventions.md): the body's message, else its error, else the status text.
 */

/** A non-OK answer of the scanner API. */
export class ScannerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfter?: number,
    /** The body's `error` code ('device_required', 'device_revoked'…). */
    readonly code?: string,
  ) {
    super(message);
  }
}

import { DEVICE_TOKEN_HEADER } from '@drinkflow/domain/device-wire';
import { SCANNER_DEVICE_HEADER } from '@drinkflow/domain/scanner-limits';
import { reportDeviceRefusal } from '../device/device-access';
import { deviceHeaders } from '../device/device-report';
import { reportReachable } from '../offline/connectivity';
import { deviceId } from '../utils/storage';

/** The request never got an answer (no network, server down, timed out). */
export class ScannerNetworkError extends Error {
  constructor(
    message: string,
    /** It waited its whole timeout (rather than failing at once). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** How long a request waits for the server, unless it says otherwise. */
const TIMEOUT_MS = 10_000;
/**
 * How long a scan waits for the server before the device decides it offline (docs/rules/offline-and-field.md): a
 * bartender with a guest in front of them should not wait longer; the server's usual answer takes
 * a few tens of milliseconds.
 */
export const SCAN_TIMEOUT_MS = 2_500;
/** Answers of a proxy or a server that cannot serve now: as good as no answer for a scan. */
const UNAVAILABLE = [502, 503, 504];

/**
 * The server did not answer the scan (no network, timed out, or a proxy/server saying it cannot
 * serve now): the scanner decides offline (docs/rules/offline-and-field.md).
 */
export const unreachable = (error: unknown) =>
  error instanceof ScannerNetworkError ||
  (error instanceof ScannerApiError && UNAVAILABLE.includes(error.status));

/** The error of a non-OK answer: its message as the app reads it, its code and Retry-After. */
export async function scannerErrorFrom(response: Response): Promise<ScannerApiError> {
  const text = await response.text().catch(() => '');
  let message = response.statusText || `Error ${response.status}`;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: string; error?: string };
    message = body.message || body.error || message;
    code = typeof body.error === 'string' ? body.error : undefined;
  } catch {
    if (text) message = `${response.status} ${text}`;
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ScannerApiError(message, response.status, retryAfter > 0 ? retryAfter : undefined, code);
}

/**
 * One call to /api/scanner/{apiKey}{path}: its answer when OK (or 304 to `ifNoneMatch`), else a
 * ScannerApiError or ScannerNetworkError. Every call names this device (X-Device-Id), so the
 * server's rate limits count per device, not per venue address (docs/decisions/029), and carries
 * its pairing token and sync figures when it has them; a 401 saying the device needs pairing or
 * was revoked stops the event's scanner (docs/rules/devices.md).
 */
async function send(
  apiKey: string,
  path: string,
  body: unknown,
  { timeoutMs = TIMEOUT_MS, ifNoneMatch }: { timeoutMs?: number; ifNoneMatch?: string },
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const device = deviceHeaders(apiKey);
  let response: Response;
  try {
    response = await fetch(`/api/scanner/${encodeURIComponent(apiKey)}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        [SCANNER_DEVICE_HEADER]: deviceId(),
        ...device,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    reportReachable(false);
    throw new ScannerNetworkError(
      'No se pudo conectar con el servidor. Comprueba la conexión.',
      controller.signal.aborted,
    );
  } finally {
    clearTimeout(timer);
  }
  reportReachable(!UNAVAILABLE.includes(response.status));
  if (response.ok || (ifNoneMatch && response.status === 304)) return response;
  const error = await scannerErrorFrom(response);
  if (error.status === 401) reportDeviceRefusal(apiKey, error.code, device[DEVICE_TOKEN_HEADER]);
  throw error;
}

/** One call to /api/scanner/{apiKey}{path}: its JSON on success (see `send`). */
export async function scannerRequest<T>(
  apiKey: string,
  path: string,
  body?: unknown,
  { timeoutMs = TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  return (await (await send(apiKey, path, body, { timeoutMs })).json()) as T;
}

/**
 * A GET of data this device keeps, asked only if it changed since the copy of ETag `etag`
 * (docs/decisions/051): `unchanged` on a 304, else the JSON with its ETag.
 */
export async function scannerDownload(
  apiKey: string,
  path: string,
  etag: string | undefined,
  { timeoutMs = TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<{ unchanged: true } | { unchanged: false; body: unknown; etag: string | null }> {
  const response = await send(apiKey, path, undefined, { timeoutMs, ifNoneMatch: etag });
  if (response.status === 304) return { unchanged: true };
  return { unchanged: false, body: await response.json(), etag: response.headers.get('etag') };
}
