import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { holderNameKeyParameters, padHolderName, type SealedName } from '@drinkflow/domain/offline-data';

/**
 * The offline data's ticket ids and sealed holder names (docs/decisions/035), with node:crypto, and
 * the names a process keeps sealed between builds (offline-data.ts).
 */

const { hash, salt, info, keyBytes, ivBytes } = holderNameKeyParameters;

/** The domain's `offlineTicketId`, synchronously: hex SHA-256 of the QR code's UTF-8 bytes. */
export const offlineIdOf = (qrCode: string): string =>
  createHash('sha256').update(qrCode, 'utf8').digest('hex');

/**
 * The domain's `sealHolderName` with node:crypto, synchronously (HKDF-SHA-256 of the QR code →
 * AES-256-GCM over the padded name, tag appended): 3–16× faster than WebCrypto's three
 * awaited calls per ticket (bench/offline-data.mjs). The domain's `openHolderName` opens it.
 */
export function sealName(qrCode: string, name: string, iv: Buffer = randomBytes(ivBytes)): SealedName {
  const key = new Uint8Array(hkdfSync(hash, qrCode, salt, info, keyBytes));
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const datos = Buffer.concat([cipher.update(padHolderName(name)), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64url'), datos: datos.toString('base64url') };
}

/** A ticket's id and sealed name as last sent, with the holder's name they were sealed from. */
export interface SealedTicket {
  id: string;
  holder: string;
  titular: SealedName;
}

/**
 * The sealed names of the events this process built last, by event and ticket: a download seals
 * again only the tickets whose QR code (seen through its hash, the id) or holder changed since, so
 * the bars' regular refreshes cost a hash per ticket instead of a key derivation and an encryption
 * (bench/RESULTS.md). Only what the answer carries is kept, and the holder's name; no QR code. The
 * least recently built events go first beyond `maxTickets`; an event larger than that is not kept.
 * Per process and never shared: another process seals the same name with another IV, and both open.
 */
export function createSealCache(maxTickets: number) {
  const events = new Map<number, Map<number, SealedTicket>>();
  let total = 0;
  const drop = (eventoId: number) => {
    total -= events.get(eventoId)?.size ?? 0;
    events.delete(eventoId);
  };
  return {
    of: (eventoId: number) => events.get(eventoId),
    keep(eventoId: number, tickets: Map<number, SealedTicket>) {
      drop(eventoId);
      if (tickets.size > maxTickets) return;
      events.set(eventoId, tickets);
      total += tickets.size;
      for (const oldest of events.keys()) {
        if (total <= maxTickets) break;
        drop(oldest);
      }
    },
  };
}
