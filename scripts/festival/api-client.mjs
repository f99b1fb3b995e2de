// A small client for DrinkFlow's API over one keep-alive agent, HTTPS (trusting a given CA, such
// as Caddy's internal one) or plain HTTP. Errors name the method, the path without its query and
// the status: never a header or a body, which may hold a session, a device token or a QR code.
import http from 'node:http';
import https from 'node:https';

/**
 * @typedef {object} ApiResponse
 * @property {number} status
 * @property {any} body the parsed JSON, else the text ('' for none)
 * @property {import('node:http').IncomingHttpHeaders} headers
 */

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, string>} [headers]
 * @property {{ contentType: string, data: string | Buffer }} [form] a file body sent as it is
 *   (the guest import takes the file's bytes with its own content type)
 * @property {number} [timeoutMs] no answer by then: the request fails (default 60 s)
 */

/** A path with no query: a scanner path's QR code or API key is cut at its segment. */
export function safePath(path) {
  return path
    .split('?')[0]
    .replace(/\/(scanner)\/[^/]+/, '/$1/…')
    .replace(/\/(ticket)\/[^/]+/, '/$1/…');
}

export class ApiError extends Error {
  /** @param {string} method @param {string} path @param {ApiResponse} response */
  constructor(method, path, response) {
    const reason = typeof response.body === 'object' && response.body ? response.body.error : undefined;
    super(`${method} ${safePath(path)} answered ${response.status}${reason ? ` (${reason})` : ''}`);
    this.status = response.status;
    /** The error's code and Spanish message, never the rest of the body (it may hold a token). */
    this.reason = reason;
    this.serverMessage =
      typeof response.body === 'object' && response.body && response.status >= 400
        ? response.body.message
        : undefined;
  }
}

/**
 * @param {{ baseUrl: string, ca?: string | Buffer, maxSockets?: number }} options
 *   baseUrl: `https://localhost:<port>` or `http://127.0.0.1:<port>`; ca: the PEM to trust
 */
export function createApiClient({ baseUrl, ca, maxSockets = 16 }) {
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets, ca })
    : new http.Agent({ keepAlive: true, maxSockets });

  /**
   * @param {string} method
   * @param {string} path starting with '/'
   * @param {RequestOptions} [options]
   * @returns {Promise<ApiResponse>}
   */
  function request(method, path, { body, headers = {}, form, timeoutMs = 60_000 } = {}) {
    const url = new URL(path, base);
    /** @type {Record<string, string | number>} */
    const sent = { accept: 'application/json', ...headers };
    let payload;
    if (form) {
      payload = typeof form.data === 'string' ? Buffer.from(form.data, 'utf8') : form.data;
      sent['content-type'] = form.contentType;
    } else if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body), 'utf8');
      sent['content-type'] = 'application/json';
    }
    if (payload) sent['content-length'] = payload.length;
    return new Promise((resolve, reject) => {
      const outgoing = transport.request(url, { method, agent, headers: sent }, (incoming) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const isJson = (incoming.headers['content-type'] ?? '').includes('json');
          let parsed = text;
          if (isJson && text !== '') {
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = text;
            }
          }
          resolve({ status: incoming.statusCode ?? 0, body: parsed, headers: incoming.headers });
        });
      });
      outgoing.setTimeout(timeoutMs, () =>
        outgoing.destroy(new Error(`${method} ${safePath(path)}: no answer in ${timeoutMs} ms`)),
      );
      outgoing.on('error', (error) =>
        reject(
          // The node error's own text names only the address; the path is cut as above.
          new Error(`${method} ${safePath(path)} failed: ${error.code ?? error.message}`, { cause: error }),
        ),
      );
      outgoing.end(payload);
    });
  }

  /**
   * The request, expecting one of `statuses` (else an ApiError): for set-up steps that must work.
   * @param {string} method @param {string} path @param {RequestOptions & { expect?: number[] }} [options]
   */
  async function must(method, path, { expect = [200, 201, 204], ...options } = {}) {
    const response = await request(method, path, options);
    if (!expect.includes(response.status)) throw new ApiError(method, path, response);
    return response;
  }

  return { baseUrl: base.origin, request, must, close: () => agent.destroy() };
}

/** The session header of a bearer token. @param {string} token */
export const bearer = (token) => ({ authorization: `Bearer ${token}` });
