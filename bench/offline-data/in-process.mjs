// What the server does with the offline data's JSON after building it, here in this process: the
// zod response schema, JSON.stringify, brotli (quality 4, the server's setting) and gzip.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { offlineData } from '../../packages/domain/src/offline-data.ts';

/** Milliseconds of each step over 10 rounds, for the answer's JSON `text`. */
export function answerWorkTimes(text) {
  const parsed = JSON.parse(text);
  const inProcess = { zod: [], stringify: [], br: [], gzip: [] };
  for (let n = 0; n < 10; n++) {
    let started = performance.now();
    offlineData.encode(parsed);
    inProcess.zod.push(performance.now() - started);
    started = performance.now();
    const json = JSON.stringify(parsed);
    inProcess.stringify.push(performance.now() - started);
    started = performance.now();
    brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    inProcess.br.push(performance.now() - started);
    started = performance.now();
    gzipSync(json);
    inProcess.gzip.push(performance.now() - started);
  }
  return inProcess;
}
