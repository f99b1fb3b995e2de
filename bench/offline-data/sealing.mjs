// Sealing the holders' names and ids of `ticketCount` tickets in this process: the domain's WebCrypto
// functions (three awaited calls per ticket) against the server's node:crypto ones, 5 rounds each.
import { randomBytes } from 'node:crypto';
import { offlineTicketId, openHolderName, sealHolderName } from '../../packages/domain/src/offline-data.ts';
import { offlineIdOf, sealName } from '../../packages/server/src/modules/scanner/offline-seal.ts';
import { nameOf } from './names.mjs';

export async function sealingFigures(ticketCount) {
  const codes = Array.from({ length: ticketCount }, () => randomBytes(24).toString('base64url'));
  const runs = { webcryptoSequential: [], webcryptoAtOnce: [], node: [] };
  for (let round = 0; round < 5; round++) {
    let started = performance.now();
    for (const [n, code] of codes.entries()) {
      await offlineTicketId(code);
      await sealHolderName(code, nameOf(n));
    }
    runs.webcryptoSequential.push(performance.now() - started);
    started = performance.now();
    await Promise.all(
      codes.map(async (code, n) => [await offlineTicketId(code), await sealHolderName(code, nameOf(n))]),
    );
    runs.webcryptoAtOnce.push(performance.now() - started);
    started = performance.now();
    const ivs = randomBytes(12 * codes.length);
    for (const [n, code] of codes.entries()) {
      offlineIdOf(code);
      sealName(code, nameOf(n), ivs.subarray(12 * n, 12 * n + 12));
    }
    runs.node.push(performance.now() - started);
  }
  // Interoperability on every code: the domain opens what node:crypto sealed.
  for (const [n, code] of codes.entries()) {
    if ((await openHolderName(code, sealName(code, nameOf(n)))) !== nameOf(n))
      throw new Error('not interoperable');
  }
  return runs;
}
