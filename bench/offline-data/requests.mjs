// The offline-data benchmark's requests to the server: GET …/offline as a browser would, its size
// on the wire, devices downloading without pause, and sequential scans.
import { api } from '../lib/api.mjs';
import { summary } from '../lib/statistics.mjs';

/**
 * One download, decoded as a browser would: the time to the last byte, the JSON text and its ETag.
 * With `etag`, a refresh of unchanged data: 304, no body (docs/decisions/051).
 */
export async function download(base, apiKey, encoding, etag) {
  const started = performance.now();
  const response = await fetch(`${base}/api/scanner/${apiKey}/offline`, {
    headers: { 'accept-encoding': encoding ?? 'identity', ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== (etag ? 304 : 200)) throw new Error(`offline → ${response.status} ${text}`);
  if (!etag && (response.headers.get('content-encoding') ?? null) !== encoding)
    throw new Error(`not ${encoding}`);
  return { ms, text, etag: response.headers.get('etag') };
}

/** Wire bytes of a compressed answer: fetch decodes, so ask node's http for the raw length. */
export async function wireBytes(base, apiKey, encoding) {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(
        `${base}/api/scanner/${apiKey}/offline`,
        { headers: { 'accept-encoding': encoding } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk) => (bytes += chunk.length));
          response.on('end', () =>
            response.headers['content-encoding'] === encoding
              ? resolve(bytes)
              : reject(new Error(`not ${encoding}`)),
          );
        },
      )
      .on('error', reject);
  });
}

/** Devices that download the offline data (brotli) one after another until told to stop. */
export const DOWNLOADER = `
  const { parentPort, workerData } = require('node:worker_threads');
  let downloading = true;
  let downloads = 0;
  parentPort.on('message', () => (downloading = false));
  const device = async () => {
    while (downloading) {
      const response = await fetch(workerData.url, { headers: { 'accept-encoding': 'br' } });
      if (response.status !== 200) throw new Error('offline → ' + response.status);
      await response.text();
      downloads++;
    }
  };
  parentPort.postMessage('started');
  Promise.all(Array.from({ length: workerData.devices }, device)).then(() => {
    parentPort.postMessage(downloads);
    parentPort.close();
  });
`;

export async function scanLatencies(base, apiKey, qrCodes, scanCount) {
  const times = [];
  for (let n = 0; n < scanCount; n++) {
    const started = performance.now();
    await api(base, 'POST', `/api/scanner/${apiKey}/consume`, {}, { qrCode: qrCodes[n % qrCodes.length] });
    times.push(performance.now() - started);
  }
  return summary(times);
}
