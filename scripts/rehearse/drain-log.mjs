// The drained process's log: every request it accepted got its answer.
import { readFileSync } from 'node:fs';

/** Fastify's request lines of one process's JSON log: accepted, answered, in flight at `at`. */
export function requestsIn(logPath, at, from) {
  const incoming = new Map();
  const completed = new Map();
  let refusedWhileClosing = 0;
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'incoming request') incoming.set(entry.reqId, entry.time);
    // Fastify's answer to a request on a kept-alive connection once closing: 503, Connection: close.
    if (entry.msg?.startsWith('request aborted - refusing')) refusedWhileClosing++;
    if (entry.msg === 'request completed')
      completed.set(entry.reqId, { time: entry.time, status: entry.res?.statusCode });
  }
  // Requests taken in since `from` (A back in the pool, 2 s before the SIGTERM) must all be answered;
  // an older one without an answer was abandoned by the proxy (its body never came), not drained.
  const unansweredAt = [...incoming].filter(([id]) => !completed.has(id)).map(([, time]) => time);
  const unanswered = unansweredAt.filter((time) => time >= from);
  const inFlight = [...incoming].filter(
    ([id, time]) => time <= at && (completed.get(id)?.time ?? Infinity) > at,
  );
  const afterSignal = [...incoming].filter(([, time]) => time > at).map(([id]) => completed.get(id)?.status);
  return {
    accepted: incoming.size,
    answered: [...incoming.keys()].filter((id) => completed.has(id)).length,
    unanswered: unanswered.length,
    abandonedEarlier: unansweredAt.length - unanswered.length,
    inFlightAtSignal: inFlight.length,
    /** When the last of them was answered, after the signal (the rest of the drain is connections). */
    lastInFlightAnsweredMs: Math.max(0, ...inFlight.map(([id]) => (completed.get(id)?.time ?? at) - at)),
    inFlightStatuses: countBy(inFlight.map(([id]) => completed.get(id)?.status ?? 'none')),
    acceptedAfterSignal: afterSignal.length,
    afterSignalStatuses: countBy(afterSignal.map((status) => status ?? 'none')),
    refusedWhileClosing,
  };
}

function countBy(items) {
  const counts = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}
