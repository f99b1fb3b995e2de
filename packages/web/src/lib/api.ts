import type { ApiError as ApiErrorBody } from '@drinkflow/domain/errors';
import { saveFile } from './save-file';

export const TOKEN_KEY = 'drinkflow_token';
export const USER_KEY = 'drinkflow_user';

/** A non-OK response: `message` is what a person should read (docs/rules/api-conventions.md). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** The server's message for one field, when it sent field details. */
  fieldMessage(field: string): string | undefined {
    const details = (this.body as Partial<ApiErrorBody> | null)?.details;
    return details?.find((detail) => detail.field === field)?.message;
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    return new ApiError(body.message || body.error || response.statusText, response.status, body);
  } catch {
    return new ApiError(`${response.status} ${text || response.statusText}`.trim(), response.status, text);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Bytes sent as they are (a file), with their content type, instead of a JSON body. */
  raw?: { data: Blob; contentType: string };
  /** Resolve to null on 401 instead of failing (docs/rules/api-conventions.md). */
  nullOn401?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The call itself: the session's token, the body, and a non-OK answer thrown as an ApiError. */
async function send(method: string, path: string, options: RequestOptions): Promise<Response | null> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.raw) headers['content-type'] = options.raw.contentType;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'include',
    body: options.raw?.data ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  if (response.status === 401 && options.nullOn401) return null;
  if (!response.ok) throw await errorFrom(response);
  return response;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response === null) return null as T;
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.text()) as Promise<T>;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** POST a file's bytes as they are, labelled with `contentType` whatever the browser called it. */
  upload: <T>(path: string, data: Blob, contentType: string, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, raw: { data, contentType } }),
};

/** GET a file of the API (a PDF) with the session's token and hand it to the browser as `filename`. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const response = await send('GET', path, {});
  saveFile(await response!.blob(), filename);
}

/** The message to show for any thrown value, with a fallback for non-API failures. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;
