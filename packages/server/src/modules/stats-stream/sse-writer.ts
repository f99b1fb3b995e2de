import type { Writable } from 'node:stream';
import type { LiveUpdate } from './hub';

/**
 * Writes one live-statistics stream and respects backpressure: while the client is not taking what
 * was written (`write()` said so, until 'drain'), a new update is not written but kept as the one
 * pending, replacing any older one: updates are whole snapshots, so only the latest matters. The
 * server thus holds at most what the socket already buffers plus one update per stream, however
 * long a client stops reading.
 */
export function createSseWriter(out: Writable) {
  let pending: LiveUpdate | null = null;
  let alertsSent = '';
  let closed = false;

  function write(update: LiveUpdate) {
    let chunk = `event: stats\ndata: ${JSON.stringify(update.stats)}\n\n`;
    // The alerts travel only when they change, not with every figure (docs/decisions/022).
    const alerts = JSON.stringify(update.alerts);
    if (alerts !== alertsSent) chunk += `event: alertas\ndata: ${alerts}\n\n`;
    alertsSent = alerts;
    out.write(chunk);
  }

  out.on('drain', () => {
    if (closed || !pending) return;
    const next = pending;
    pending = null;
    write(next);
  });

  return {
    /** Writes `update` now, or keeps it (only the latest) until the client has read what was sent. */
    send(update: LiveUpdate) {
      if (closed) return;
      if (out.writableNeedDrain) pending = update;
      else write(update);
    },
    /** A heartbeat comment, skipped while the client is behind (the pending update will follow). */
    ping() {
      if (!closed && !out.writableNeedDrain) out.write(': ping\n\n');
    },
    /** Bytes written and not yet taken by the socket. */
    buffered: () => out.writableLength,
    /** Whether an update waits for the client to catch up. */
    hasPending: () => pending !== null,
    /** Nothing more is written (the stream ends). */
    close() {
      closed = true;
      pending = null;
    },
  };
}

export type SseWriter = ReturnType<typeof createSseWriter>;
