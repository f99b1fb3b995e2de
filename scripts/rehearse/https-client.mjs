// HTTPS through Caddy, trusting only Caddy's internal CA.
import { Agent, request as httpsRequest } from 'node:https';

const ATTEMPT_TIMEOUT_MS = 15_000;

let agent;
let baseHost;
let basePort;

/** Sends every later request to `https://localhost:{port}`, trusting only the certificate authority `ca`. */
export function useCaddy({ ca, port, maxSockets }) {
  agent = new Agent({ ca, keepAlive: true, maxSockets });
  baseHost = 'localhost';
  basePort = port;
}

/** One HTTPS request; resolves `{status, body}` or `{error}` (network error or timeout). */
export function send(method, path, { body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpsRequest(
      {
        host: baseHost,
        port: basePort,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export async function api(method, path, headers, body) {
  const response = await send(method, path, { headers, body });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(
      `${method} ${path} → ${response.status ?? response.error} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body;
}
