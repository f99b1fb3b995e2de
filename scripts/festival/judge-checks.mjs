// The judge's checks: pure functions from the night's plain data (judge-data.mjs) to a verdict.
// Each check answers {id, title, ok, figures, failures} with at most MAX_EXAMPLES failures listed
// (failureCount says how many there were). Nothing here reads the database, the clock or a file.
import { decideScan } from '../../packages/domain/src/scan-rules.ts';
import { judgeOfflineScan } from '../../packages/domain/src/offline-sync.ts';

export const MAX_EXAMPLES = 20;

/** The live dashboard's promise (docs/rules/statistics.md): an update within 2 s of any scan. */
export const DASHBOARD_LAG_MS = 2_000;

/**
 * After the database comes back, the dashboard is excused this long: the servers' pools reconnect
 * and LISTEN again on their next query (about a second), the stream then sends within its 2 s, and
 * the first statistics query after an outage runs on cold caches.
 */
export const DB_OUTAGE_GRACE_MS = 5_000;

/**
 * How long before a device saw an upload's answer the server may have judged it: the upload's
 * request, the server's read and the answer's way back. A state change (top-up, cut-off, undo,
 * invalidation) inside this window makes the predicted conflict ambiguous.
 */
export const UPLOAD_JUDGE_WINDOW_MS = 5_000;

/**
 * How far the driver's timeline (written by another process) may lie from the database's clock for
 * an online drink: a cut-off change or an invalidation this close to a drink may have reached the
 * server on either side of it.
 */
export const ONLINE_JUDGE_WINDOW_MS = 2_000;

const ms = (iso) => (iso === null || iso === undefined ? null : Date.parse(iso));

/** A check's answer, with the failures cut to MAX_EXAMPLES. */
function result(id, title, failures, figures) {
  return {
    id,
    title,
    ok: failures.length === 0,
    figures: { ...figures, failureCount: failures.length },
    failures: failures.slice(0, MAX_EXAMPLES),
  };
}

/** Every device log line with its device's name, in one list. */
function allDeviceLines(data) {
  return Object.entries(data.deviceLogs ?? {}).flatMap(([device, lines]) =>
    lines.map((line) => ({ device, ...line })),
  );
}

/**
 * What the devices say happened, per scanId: the acknowledged drinks (with when the device learnt
 * it), undone drinks, every scanId sent and the offline scans.
 */
export function deviceFacts(data) {
  const acknowledged = new Map();
  const undone = new Map();
  const sent = new Set();
  const offlineScans = new Map();
  const uploads = new Map();
  const undos = [];
  for (const line of allDeviceLines(data)) {
    if (line.kind === 'scan') {
      if (line.scanId) sent.add(line.scanId);
      if (line.via === 'online' && line.served === true) {
        acknowledged.set(line.scanId, { device: line.device, at: ms(line.at), via: 'online' });
      }
      if (line.via === 'offline') offlineScans.set(line.scanId, { device: line.device, ...line });
    } else if (line.kind === 'upload') {
      if (line.scanId) sent.add(line.scanId);
      if (line.status === 200) uploads.set(line.scanId, { ...line, at: ms(line.at) });
      if (line.status === 200 && line.served === true && !line.refusal) {
        acknowledged.set(line.scanId, { device: line.device, at: ms(line.at), via: 'offline' });
      }
    } else if (line.kind === 'upload-retry') {
      if (line.scanId) sent.add(line.scanId);
    } else if (line.kind === 'undo') {
      if (line.undone === true) {
        undone.set(line.scanId, { device: line.device, at: ms(line.at) });
        undos.push(ms(line.at));
      }
    }
  }
  return {
    acknowledged,
    undone,
    sent,
    offlineScans,
    uploads,
    undos: undos.sort((a, b) => a - b),
  };
}

/** The stored drinks grouped by scanId (a drink without one is kept under null). */
function drinksByScanId(drinks) {
  const byScanId = new Map();
  for (const drink of drinks) {
    const key = drink.scanId ?? null;
    if (!byScanId.has(key)) byScanId.set(key, []);
    byScanId.get(key).push(drink);
  }
  return byScanId;
}

/** a. Every acknowledged drink stored exactly once; nothing stored that no device sent. */
export function checkAcknowledgedStoredOnce(data) {
  const facts = deviceFacts(data);
  const stored = drinksByScanId(data.drinks);
  const failures = [];
  let storedOnce = 0;
  for (const [scanId, ack] of facts.acknowledged) {
    const rows = stored.get(scanId) ?? [];
    const wasUndone = facts.undone.has(scanId);
    if (wasUndone) {
      if (rows.length > 0)
        failures.push({
          problem: 'undone-still-stored',
          scanId,
          device: ack.device,
          drinkIds: rows.map((d) => d.id),
        });
      continue;
    }
    if (rows.length === 0) failures.push({ problem: 'lost', scanId, device: ack.device, via: ack.via });
    else if (rows.length > 1)
      failures.push({ problem: 'duplicated', scanId, device: ack.device, drinkIds: rows.map((d) => d.id) });
    else storedOnce++;
  }
  let storedUnanswered = 0;
  for (const [scanId, rows] of stored) {
    if (scanId === null) {
      for (const drink of rows) failures.push({ problem: 'stored-without-scanId', drinkId: drink.id });
      continue;
    }
    if (facts.acknowledged.has(scanId)) continue;
    if (!facts.sent.has(scanId)) {
      failures.push({ problem: 'never-sent', scanId, drinkIds: rows.map((d) => d.id) });
      continue;
    }
    if (rows.length > 1) failures.push({ problem: 'duplicated', scanId, drinkIds: rows.map((d) => d.id) });
    storedUnanswered += rows.length;
  }
  return result(
    'acknowledged-stored-once',
    'Every acknowledged drink is stored exactly once, and only sent scans are stored',
    failures,
    {
      acknowledged: facts.acknowledged.size,
      undone: facts.undone.size,
      storedOnce,
      storedDrinks: data.drinks.length,
      // Sent, stored, but the device never saw a final answer (an upload still queued at the end, or
      // an online scan whose answer was lost without an offline verdict, e.g. an unknown code offline).
      storedUnanswered,
    },
  );
}

/** How long after a device gave up on it an online attempt may still be recorded by the server. */
export const ATTEMPT_RECORDED_WITHIN_MS = 30_000;

/** b. Every drink served offline and acknowledged is stored at its escaneadoEn, to the millisecond. */
export function checkOfflineDrinkTimes(data) {
  const facts = deviceFacts(data);
  const stored = drinksByScanId(data.drinks);
  const failures = [];
  let checked = 0;
  let recordedByTheAttempt = 0;
  for (const [scanId, scan] of facts.offlineScans) {
    const upload = facts.uploads.get(scanId);
    if (!upload || upload.served !== true || upload.refusal || facts.undone.has(scanId)) continue;
    const rows = stored.get(scanId) ?? [];
    if (rows.length !== 1) continue; // check a reports it
    const [drink] = rows;
    // The offline verdict keeps the unanswered online attempt's scanId (as the scanner page does):
    // when that attempt did reach the database, the upload is answered with it, and the drink
    // stands at the attempt's time, recorded online — once, which check a counts.
    const attemptStarted = ms(scan.at) - (scan.latencyMs ?? 0) - 1000;
    // A request may wait in a server for a database connection (a restart) before it records.
    const attemptLatest = ms(scan.at) + ATTEMPT_RECORDED_WITHIN_MS;
    const storedAt = ms(drink.timestamp);
    if (drink.offline === false && storedAt >= attemptStarted && storedAt <= attemptLatest) {
      recordedByTheAttempt++;
      continue;
    }
    checked++;
    if (storedAt !== ms(scan.escaneadoEn)) {
      failures.push({
        scanId,
        device: scan.device,
        escaneadoEn: scan.escaneadoEn,
        stored: drink.timestamp,
        storedOffline: drink.offline,
      });
    }
  }
  return result(
    'offline-drink-times',
    'Every drink served offline is stored at its scan time (to the ms)',
    failures,
    {
      offlineDrinksChecked: checked,
      recordedByTheUnansweredAttempt: recordedByTheAttempt,
    },
  );
}

/** The event's cut-off at `at`, from the timeline's cutoff-change lines. */
export function cutoffAt(data, at) {
  const changes = (data.timeline ?? []).filter((line) => line.name === 'cutoff-change');
  let corte = changes.length > 0 ? changes[0].from : data.evento.corteDiario;
  for (const change of changes) if (ms(change.at) <= at) corte = change.to;
  return corte;
}

/** The re-import windows ([start, end] ms) from the timeline. */
const reimportWindows = (data) =>
  (data.timeline ?? [])
    .filter((line) => line.name === 'reimport')
    .map((line) => [ms(line.startedAt ?? line.at), ms(line.endedAt ?? line.at)]);

/**
 * A ticket's state at `at`: a ticket invalidated by the end of the night was invalidated by a
 * re-import (the only thing in the night that invalidates), so before the re-import it was
 * active, after it invalidated, and during it either ('either').
 */
export function ticketStateAt(data, ticket, at) {
  if (ticket.estado !== 'invalidado') return 'activo';
  const windows = reimportWindows(data);
  if (windows.length === 0) return 'invalidado';
  if (windows.some(([start, end]) => at >= start && at <= end)) return 'either';
  return windows.some(([, end]) => at > end) ? 'invalidado' : 'activo';
}

/** The instants at which the inputs of a judgement may change, for the ambiguity windows. */
function changeInstants(data, ticket, events) {
  const instants = (data.timeline ?? [])
    .filter((line) => line.name === 'cutoff-change')
    .map((line) => ms(line.at));
  for (const [start, end] of reimportWindows(data)) instants.push(start, end);
  for (const topUp of ticket.topUps ?? []) instants.push(ms(topUp.at));
  for (const event of events) if (event.undoneAt !== null) instants.push(event.undoneAt);
  return instants;
}

/**
 * The ticket's drinks in the order the server stored them (scan_log.id, which the same statement
 * writes with the drink, under the ticket's row lock), undone ones included with when they were undone.
 */
function ticketDrinkEvents(data) {
  const drinkById = new Map(data.drinks.map((drink) => [drink.id, drink]));
  const perTicket = new Map();
  const rows = data.scanLog
    .filter((row) => row.accion === 'consumo' && row.allowed && row.ticketId !== null)
    .filter((row) => row.consumoId !== null || row.undoneAt !== null)
    .sort((a, b) => a.id - b.id);
  for (const row of rows) {
    const drink = row.consumoId !== null ? drinkById.get(row.consumoId) : null;
    if (row.consumoId !== null && !drink) continue;
    const event = {
      logId: row.id,
      drink,
      scanId: row.scanId,
      time: ms(drink ? drink.timestamp : row.createdAt),
      offline: drink ? drink.offline : row.offline,
      barra: drink ? drink.barra : row.barra,
      tipoBebida: drink ? drink.tipoBebida : row.tipoBebida,
      undoneAt: drink ? null : ms(row.undoneAt),
      conflicto: drink ? (drink.conflicto ?? null) : (row.conflicto ?? null),
    };
    if (!perTicket.has(row.ticketId)) perTicket.set(row.ticketId, []);
    perTicket.get(row.ticketId).push(event);
  }
  return perTicket;
}

/** The rule inputs of a ticket at judge time `at`, for the drink at `index` of its events. */
function inputsAt(data, ticket, events, index, at) {
  const known = events.slice(0, index).filter((event) => event.undoneAt === null || event.undoneAt > at);
  const topUps = (ticket.topUps ?? []).filter((topUp) => ms(topUp.at) <= at);
  const state = ticketStateAt(data, ticket, at);
  return {
    states: state === 'either' ? ['activo', 'invalidado'] : [state],
    consumos: known.map((event) => new Date(event.time)),
    recargas: topUps.reduce((sum, topUp) => sum + topUp.bebidas, 0),
    recargasHoy: topUps
      .filter((topUp) => topUp.paraHoy)
      .map((topUp) => ({ at: new Date(topUp.at), bebidas: topUp.bebidas })),
    corteDiario: cutoffAt(data, at),
  };
}

/** The ticket's type with Date fields, as the rule function takes it. */
const ruleType = (tipo) => ({
  ...tipo,
  validoDesde: new Date(tipo.validoDesde),
  validoHasta: new Date(tipo.validoHasta),
});

/**
 * Every outcome `decide(inputs)` may have had while the server judged within [from, to]: at both
 * ends and just after each change of its inputs in between.
 */
function possibleOutcomes(data, ticket, events, index, from, to, decide) {
  const moments = new Set([from, to]);
  for (const instant of changeInstants(data, ticket, events)) {
    if (instant > from && instant < to) moments.add(instant);
  }
  const outcomes = new Set();
  for (const moment of moments) {
    const inputs = inputsAt(data, ticket, events, index, moment);
    for (const estado of inputs.states) outcomes.add(decide({ ...inputs, ticket: { estado } }));
  }
  return outcomes;
}

/**
 * When the server judged an offline drink: just before its device saw the upload's answer; with no
 * answer seen, any time from the scan to the end of the night.
 */
function uploadJudgeWindow(data, facts, event) {
  const upload = facts.uploads.get(event.scanId);
  if (upload) return [upload.at - UPLOAD_JUDGE_WINDOW_MS, upload.at];
  const end = (data.timeline ?? []).find((line) => line.name === 'night-end');
  return [event.time, end ? ms(end.at) : Number.MAX_SAFE_INTEGER];
}

/** c. The conflicts flagged equal those a replay of the stored drinks predicts, ticket by ticket. */
export function checkConflicts(data) {
  const facts = deviceFacts(data);
  const ticketById = new Map(data.tickets.map((ticket) => [ticket.id, ticket]));
  const failures = [];
  let offlineJudged = 0;
  let ambiguous = 0;
  let flagged = 0;
  let predicted = 0;
  let orderDiffers = 0;
  const timeZone = data.evento.timeZone;
  for (const [ticketId, events] of ticketDrinkEvents(data)) {
    const ticket = ticketById.get(ticketId);
    if (!ticket) continue;
    const tipo = ruleType(ticket.tipo);
    // The log's order is the drinks' (one statement writes both): a ticket where it is not is counted.
    const drinkIds = events.filter((event) => event.drink).map((event) => event.drink.id);
    if (drinkIds.some((id, i) => i > 0 && id < drinkIds[i - 1])) orderDiffers++;
    events.forEach((event, index) => {
      if (!event.drink) return; // undone: gone with its conflict
      const stored = event.conflicto;
      if (stored !== null) flagged++;
      if (!event.offline) {
        if (stored !== null)
          failures.push({ problem: 'online-drink-flagged', ticketId, drinkId: event.drink.id, stored });
        return;
      }
      offlineJudged++;
      const [from, to] = uploadJudgeWindow(data, facts, event);
      const outcomes = possibleOutcomes(data, ticket, events, index, from, to, (inputs) => {
        const judgement = judgeOfflineScan({
          ...inputs,
          tipo,
          tipoBebida: event.tipoBebida,
          escaneadoEn: new Date(event.time),
          barra: event.barra,
          timeZone,
        });
        return judgement.conflicto ? judgement.reason : null;
      });
      if (outcomes.size > 1) ambiguous++;
      else if ([...outcomes][0] !== null) predicted++;
      if (!outcomes.has(stored)) {
        failures.push({
          problem: stored === null ? 'missed-conflict' : 'extra-conflict',
          ticketId,
          drinkId: event.drink.id,
          scanId: event.scanId,
          stored,
          predicted: [...outcomes],
        });
      }
    });
  }
  return result(
    'conflicts-replayed',
    'The conflicts flagged are those a replay of the night predicts',
    failures,
    {
      offlineDrinksJudged: offlineJudged,
      conflictsFlagged: flagged,
      conflictsPredicted: predicted,
      // Judged while an input was changing (a re-import, a cut-off move, a top-up or an undo within
      // the upload's window): either outcome is right; counted, never hidden.
      ambiguous,
      ticketsWhoseLogOrderDiffersFromDrinkIds: orderDiffers,
    },
  );
}

/** d. Every drink served online was allowed by the rules against the drinks stored before it. */
export function checkOnlineWithinLimits(data) {
  const ticketById = new Map(data.tickets.map((ticket) => [ticket.id, ticket]));
  const failures = [];
  let checked = 0;
  let ambiguous = 0;
  const timeZone = data.evento.timeZone;
  for (const [ticketId, events] of ticketDrinkEvents(data)) {
    const ticket = ticketById.get(ticketId);
    if (!ticket) continue;
    const tipo = ruleType(ticket.tipo);
    events.forEach((event, index) => {
      if (event.offline) return;
      checked++;
      const reasons = possibleOutcomes(
        data,
        ticket,
        events,
        index,
        event.time - ONLINE_JUDGE_WINDOW_MS,
        event.time + ONLINE_JUDGE_WINDOW_MS,
        (inputs) =>
          decideScan({
            ...inputs,
            tipo,
            tipoBebida: event.tipoBebida,
            now: new Date(event.time),
            barra: event.barra,
            timeZone,
          }).reason,
      );
      if (reasons.size > 1) ambiguous++;
      if (!reasons.has('ok')) {
        failures.push({
          ticketId,
          drinkId: event.drink?.id ?? null,
          scanId: event.scanId,
          at: new Date(event.time).toISOString(),
          barra: event.barra,
          refusedFor: [...reasons],
        });
      }
    });
  }
  return result(
    'online-within-limits',
    'No drink served online broke a rule (count, per day, interval, validity, bar)',
    failures,
    {
      onlineDrinksChecked: checked,
      ambiguous,
    },
  );
}

/** e. Nothing recorded from a revoked device after its revocation; late uploads marked. */
export function checkRevokedDevices(data) {
  const facts = deviceFacts(data);
  const failures = [];
  const revoked = data.devices.filter((device) => device.revocadoEn);
  let drinksBefore = 0;
  let markedLate = 0;
  for (const device of revoked) {
    const revokedAt = ms(device.revocadoEn);
    for (const drink of data.drinks.filter((d) => d.dispositivoId === device.id)) {
      if (ms(drink.timestamp) >= revokedAt) {
        failures.push({
          problem: 'drink-after-revocation',
          deviceId: device.id,
          drinkId: drink.id,
          at: drink.timestamp,
        });
        continue;
      }
      drinksBefore++;
      const upload = drink.scanId ? facts.uploads.get(drink.scanId) : undefined;
      if (drink.trasRevocacion) markedLate++;
      if (drink.offline && upload) {
        // Answered after the revocation means uploaded after it; answered long before, before it.
        const uploadedAfter = upload.at >= revokedAt + UPLOAD_JUDGE_WINDOW_MS;
        const uploadedBefore = upload.at < revokedAt;
        if ((uploadedAfter && !drink.trasRevocacion) || (uploadedBefore && drink.trasRevocacion)) {
          failures.push({
            problem: 'tras-revocacion-mark',
            deviceId: device.id,
            drinkId: drink.id,
            marked: drink.trasRevocacion,
          });
        }
      } else if (!drink.offline && drink.trasRevocacion) {
        failures.push({ problem: 'online-drink-marked-late', deviceId: device.id, drinkId: drink.id });
      }
    }
    for (const row of data.scanLog.filter((r) => r.dispositivoId === device.id)) {
      if (ms(row.createdAt) >= revokedAt) {
        failures.push({
          problem: 'scan-after-revocation',
          deviceId: device.id,
          scanLogId: row.id,
          at: row.createdAt,
          accion: row.accion,
        });
      }
    }
  }
  return result('revoked-device', 'Nothing recorded from a revoked device after its revocation', failures, {
    revokedDevices: revoked.length,
    drinksBeforeRevocation: drinksBefore,
    markedTrasRevocacion: markedLate,
  });
}

const countBy = (items, keyOf) => {
  const counts = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null || key === undefined) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

/** The differences between counts from the rows and the statistics' list (missing = 0). */
function compareCounts(what, fromRows, shown, failures) {
  const keys = new Set([...fromRows.keys(), ...shown.keys()]);
  for (const key of keys) {
    const rows = fromRows.get(key) ?? 0;
    const stats = shown.get(key) ?? 0;
    if (rows !== stats) failures.push({ figure: what, key, rows, statistics: stats });
  }
}

/** The name the statistics give a drink without a bar. */
export const NO_BAR = 'Sin barra';

/** f. The statistics the product shows equal the stored rows. */
export function checkStatistics(data) {
  const stats = data.statistics;
  const failures = [];
  const drinks = data.drinks;
  if (stats.totalConsumos !== drinks.length) {
    failures.push({ figure: 'totalConsumos', rows: drinks.length, statistics: stats.totalConsumos });
  }
  const conflicts = drinks.filter(
    (drink) => drink.conflicto !== null && drink.conflicto !== undefined,
  ).length;
  if (stats.conflictosOffline !== conflicts) {
    failures.push({ figure: 'conflictosOffline', rows: conflicts, statistics: stats.conflictosOffline });
  }
  compareCounts(
    'porBarra',
    countBy(drinks, (drink) => drink.barra || NO_BAR),
    new Map(stats.porBarra.map((row) => [row.barra, row.consumos])),
    failures,
  );
  compareCounts(
    'porDispositivo',
    countBy(drinks, (drink) => drink.dispositivoId),
    new Map(stats.porDispositivo.map((row) => [row.dispositivoId, row.consumos])),
    failures,
  );
  compareCounts(
    'porPersona',
    countBy(drinks, (drink) => (drink.dispositivoId === null ? null : drink.usuarioId || null)),
    new Map(stats.porPersona.map((row) => [row.usuarioId, row.consumos])),
    failures,
  );
  return result(
    'statistics-equal-rows',
    'The statistics equal the stored drinks (total, per bar, device, person, conflicts)',
    failures,
    {
      source: stats.source,
      totalConsumos: stats.totalConsumos,
      rows: drinks.length,
    },
  );
}

/**
 * The statistics page's longest wait before it reconnects (1 s doubling to 30 s, ±25 % jitter,
 * docs/rules/statistics.md): a stream closed by an outage may come back this long after it.
 */
export const MAX_RECONNECT_WAIT_MS = 37_500;

/**
 * The database outages, excused from db-down to db-up plus the grace; when the dashboard's stream
 * closed during the outage, until it opened again (at most MAX_RECONNECT_WAIT_MS after db-up) plus
 * the grace: the page's own reconnection backoff, grown while every attempt failed.
 */
function excusedWindows(data) {
  const opens = (data.sse ?? []).filter((line) => line.kind === 'open').map((line) => ms(line.at));
  const closes = (data.sse ?? []).filter((line) => line.kind === 'closed').map((line) => ms(line.at));
  const windows = [];
  let down = null;
  const excuse = (from, up) => {
    let end = up + DB_OUTAGE_GRACE_MS;
    const closedDuring = closes.some((at) => at >= from && at <= up);
    const reopened = opens.find((at) => at >= up);
    if (closedDuring && reopened !== undefined && reopened <= up + MAX_RECONNECT_WAIT_MS) {
      end = Math.max(end, reopened + DB_OUTAGE_GRACE_MS);
    }
    windows.push([from, end]);
  };
  for (const line of data.timeline ?? []) {
    if (line.name === 'db-down') down = ms(line.at);
    if (line.name === 'db-up' && down !== null) {
      excuse(down, ms(line.at));
      down = null;
    }
  }
  if (down !== null) windows.push([down, Number.MAX_SAFE_INTEGER]);
  return windows;
}

/**
 * g. The dashboard was never more than 2 s behind the devices (outside database outages): at each
 * moment a, the drinks acknowledged by a minus the undos done by a + 2 s is at most the dashboard's
 * figure at a + 2 s.
 */
export function checkDashboardLag(data) {
  const facts = deviceFacts(data);
  const acks = [...facts.acknowledged.values()].map((ack) => ack.at).sort((a, b) => a - b);
  const events = (data.sse ?? [])
    .filter((line) => line.kind === 'event')
    .map((line) => ({ at: ms(line.at), consumos: line.consumos }));
  events.sort((a, b) => a.at - b.at);
  const excused = excusedWindows(data);
  // The bound only rises at an acknowledgement, and the figure shown only falls just before an
  // update arrives or when an excused outage ends: those are the moments to look at.
  const moments = new Set(acks);
  for (const event of events) moments.add(event.at - DASHBOARD_LAG_MS - 1);
  for (const [, to] of excused) if (to < Number.MAX_SAFE_INTEGER) moments.add(to + 1 - DASHBOARD_LAG_MS);
  const countUpTo = (sorted, at) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle] <= at) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const eventTimes = events.map((event) => event.at);
  const failures = [];
  let checked = 0;
  let skipped = 0;
  let worstShortfall = 0;
  for (const a of [...moments].sort((x, y) => x - y)) {
    const seenAt = a + DASHBOARD_LAG_MS;
    if (excused.some(([from, to]) => seenAt >= from && seenAt <= to)) {
      skipped++;
      continue;
    }
    checked++;
    const lowerBound = countUpTo(acks, a) - countUpTo(facts.undos, seenAt);
    const shownIndex = countUpTo(eventTimes, seenAt) - 1;
    const shown = shownIndex >= 0 ? events[shownIndex].consumos : 0;
    if (shown < lowerBound) {
      worstShortfall = Math.max(worstShortfall, lowerBound - shown);
      failures.push({
        at: new Date(a).toISOString(),
        acknowledgedMinusUndone: lowerBound,
        dashboardAt2s: shown,
      });
    }
  }
  return result(
    'dashboard-lag',
    'The live dashboard was never more than 2 s behind (outside database outages)',
    failures,
    {
      momentsChecked: checked,
      momentsExcused: skipped,
      graceAfterDbUpMs: DB_OUTAGE_GRACE_MS,
      excusedWindows: excused.map(([from, to]) => [
        new Date(from).toISOString(),
        to < Number.MAX_SAFE_INTEGER ? new Date(to).toISOString() : null,
      ]),
      events: events.length,
      worstShortfall,
    },
  );
}

export const checks = [
  checkAcknowledgedStoredOnce,
  checkOfflineDrinkTimes,
  checkConflicts,
  checkOnlineWithinLimits,
  checkRevokedDevices,
  checkStatistics,
  checkDashboardLag,
];

/** Every check on the night's data: ok only when every check holds. */
export function judge(data) {
  const results = checks.map((check) => check(data));
  return { ok: results.every((check) => check.ok), checks: results };
}
