import { scannerRateLimits } from './admission/limits';
import type { ScannerEventRow } from './admission/event-of-key';
import type { TicketRead } from './ticket-read';

/**
 * What this server process last read of the events and tickets its bars scan (docs/decisions/048).
 * A scan of a ticket read before is decided from that read and recorded in one statement that
 * checks every row it relied on is unchanged (`xmin` of the event, the order, the type and the
 * ticket: any drink, undo, top-up, edit or regenerated key changes one); when one changed, nothing
 * is written and the scan is read and decided again. Memory is a cache, never the truth: a process
 * that restarts, or another process, only starts with fewer known tickets.
 */

/** An event as an API key opened it, with the version a scan decided from memory checks. */
type KnownEvent = ScannerEventRow & { version: string };

/** Events are few; their keys are remembered as long as their tickets are scanned. */
const MAX_EVENTS = 1_000;

/** A map that forgets its least recently used entries beyond `max`. */
function lruMap<V>(max: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: V) {
      if (max === 0) return;
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    delete: (key: string) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}

export function createKnownScans(maxTickets: number = scannerRateLimits.defaultKnownTickets) {
  const events = lruMap<KnownEvent>(MAX_EVENTS);
  const tickets = lruMap<TicketRead>(maxTickets);
  // The QR code is free text: a separator no code can contain keeps two events' keys apart.
  const ticketKey = (eventoId: number, qrCode: string) => `${eventoId}\u0000${qrCode}`;
  /** How far the database's clock is ahead of this process's, as the last read measured it. */
  let databaseClockOffsetMs = 0;

  return {
    rememberEvent(apiKey: string, evento: ScannerEventRow) {
      if (evento.version !== undefined) events.set(apiKey, { ...evento, version: evento.version });
    },
    forgetEvent: (apiKey: string) => events.delete(apiKey),

    /** A ticket as read, or as this process's record of a scan left it. */
    rememberTicket(eventoId: number, qrCode: string, read: TicketRead) {
      tickets.set(ticketKey(eventoId, qrCode), { ...read, earlier: null });
    },
    forgetTicket: (eventoId: number, qrCode: string) => tickets.delete(ticketKey(eventoId, qrCode)),
    get ticketCount() {
      return tickets.size;
    },

    /**
     * Scans decided from memory take the database's time as estimated from the last read (every
     * process keeps to the one clock: docs/rules/offline-and-field.md's drink times, intervals and cut-offs).
     */
    observeDatabaseTime(databaseMs: number) {
      databaseClockOffsetMs = databaseMs - Date.now();
    },

    /**
     * The remembered-ticket path: the event `apiKey` opened and its ticket of `qrCode` as last read,
     * at the database's time as estimated now; undefined when either is not remembered.
     */
    read(apiKey: string, qrCode: string): { evento: KnownEvent; read: TicketRead } | undefined {
      const evento = events.get(apiKey);
      const remembered = evento && tickets.get(ticketKey(evento.id, qrCode));
      if (!evento || !remembered) return undefined;
      return { evento, read: { ...remembered, nowMs: Date.now() + databaseClockOffsetMs } };
    },
  };
}

export type KnownScans = ReturnType<typeof createKnownScans>;
