import { describe, expect, it } from 'vitest';
import {
  checkAcknowledgedStoredOnce,
  checkConflicts,
  checkDashboardLag,
  checkOfflineDrinkTimes,
  checkOnlineWithinLimits,
  checkRevokedDevices,
  checkStatistics,
  cutoffAt,
  DB_OUTAGE_GRACE_MS,
  judge,
  MAX_EXAMPLES,
  MAX_RECONNECT_WAIT_MS,
  ticketStateAt,
} from '../festival/judge-checks.mjs';

// A small fabricated night: two bar devices, four tickets, online and offline drinks, an undo, a
// lost online attempt served again offline, a conflict, a revocation and the live dashboard.
const T0 = Date.parse('2026-07-10T20:00:00.000Z'); // 22:00 in Madrid
const at = (seconds) => new Date(T0 + seconds * 1000).toISOString();

const abono = {
  nombre: 'Abono 3 días',
  modo: 'por_cantidad',
  maxDrinks: 12,
  maxDrinksPerDay: 4,
  drinkIntervalMinutes: null,
  drinkType: 'todas',
  validoDesde: at(-86_400),
  validoHasta: at(86_400 * 3),
  barrasPermitidas: null,
};
const bono = { ...abono, nombre: 'Bono 2 copas', maxDrinks: 2, maxDrinksPerDay: null };
const pulsera = {
  ...abono,
  nombre: 'Pulsera barra libre',
  modo: 'intervalos_controlados',
  maxDrinks: 30,
  maxDrinksPerDay: null,
  drinkIntervalMinutes: 1,
};
const vip = {
  ...abono,
  nombre: 'Abono VIP',
  maxDrinks: 24,
  maxDrinksPerDay: 8,
  barrasPermitidas: ['VIP Norte', 'VIP Sur'],
};

/** One stored drink and its scan-log row (the server writes both in one statement). */
function stored(
  night,
  {
    scanId,
    ticketId,
    seconds,
    device,
    offline = false,
    conflicto = null,
    undoneAt = null,
    trasRevocacion = false,
  },
) {
  const deviceRow = night.devices.find((d) => d.nombre === device);
  // Every drink takes the next id, an undone one too (its row is gone, its log row stays).
  const drinksSoFar = night.scanLog.filter((row) => row.accion === 'consumo' && row.allowed).length;
  const consumoId = undoneAt === null ? drinksSoFar + 1 : null;
  if (consumoId !== null) {
    night.drinks.push({
      id: consumoId,
      ticketId,
      tipoBebida: 'cerveza',
      timestamp: at(seconds),
      offline,
      conflicto,
      dispositivoId: deviceRow.id,
      usuarioId: deviceRow.usuarioId,
      trasRevocacion,
      barra: deviceRow.barra,
      scanId,
    });
  }
  night.scanLog.push({
    id: night.scanLog.length + 1,
    ticketId,
    consumoId,
    accion: 'consumo',
    scanId,
    tipoBebida: 'cerveza',
    barra: deviceRow.barra,
    dispositivoId: deviceRow.id,
    allowed: true,
    reason: 'ok',
    offline,
    conflicto,
    trasRevocacion,
    createdAt: at(seconds),
    undoneAt: undoneAt === null ? null : at(undoneAt),
  });
}

function undoRow(night, { seconds, device, ticketId }) {
  const deviceRow = night.devices.find((d) => d.nombre === device);
  night.scanLog.push({
    id: night.scanLog.length + 1,
    ticketId,
    consumoId: null,
    accion: 'deshacer',
    scanId: null,
    tipoBebida: 'cerveza',
    barra: deviceRow.barra,
    dispositivoId: deviceRow.id,
    allowed: true,
    reason: 'deshecho',
    offline: false,
    conflicto: null,
    trasRevocacion: false,
    createdAt: at(seconds),
    undoneAt: null,
  });
}

const online = (scanId, seconds, served = true) => ({
  at: at(seconds + 0.1),
  kind: 'scan',
  scanId,
  qr: 'Q',
  barra: 'x',
  tipoBebida: 'cerveza',
  via: 'online',
  served,
  reason: served ? null : 'agotado',
  status: 200,
  latencyMs: 100,
});
const offlineScan = (scanId, seconds, extra = {}) => ({
  at: at(seconds),
  kind: 'scan',
  scanId,
  qr: 'Q',
  barra: 'x',
  tipoBebida: 'cerveza',
  via: 'offline',
  served: true,
  reason: null,
  status: null,
  latencyMs: 2500,
  escaneadoEn: at(seconds),
  ...extra,
});
const upload = (scanId, seconds, conflicto = false) => ({
  at: at(seconds),
  kind: 'upload',
  scanId,
  status: 200,
  served: true,
  conflicto,
  reason: conflicto ? 'agotado' : 'ok',
  refusal: false,
});

/** The night where every check holds. */
function goodNight() {
  const night = {
    evento: { id: 1, corteDiario: '06:00', timeZone: 'Europe/Madrid' },
    tickets: [
      { id: 1, estado: 'activo', tipo: abono, topUps: [] },
      { id: 2, estado: 'activo', tipo: bono, topUps: [] },
      { id: 3, estado: 'activo', tipo: pulsera, topUps: [] },
      { id: 4, estado: 'invalidado', tipo: abono, topUps: [] },
      { id: 5, estado: 'activo', tipo: vip, topUps: [] },
    ],
    devices: [
      { id: 1, nombre: 'dev-a', barra: 'Barra 1', usuarioId: 10, revocadoEn: null },
      { id: 2, nombre: 'dev-b', barra: 'Barra 2', usuarioId: 11, revocadoEn: at(100) },
      { id: 3, nombre: 'dev-vip', barra: 'VIP Norte', usuarioId: 12, revocadoEn: null },
    ],
    drinks: [],
    scanLog: [],
    deviceLogs: { 'dev-a': [], 'dev-b': [], 'dev-vip': [] },
    timeline: [
      { at: at(0), kind: 'phase', name: 'night-start' },
      { at: at(100), kind: 'fault', name: 'revoke', deviceName: 'dev-b', deviceId: 2, revocadoEn: at(100) },
      {
        at: at(200),
        kind: 'phase',
        name: 'reimport',
        startedAt: at(200),
        endedAt: at(210),
        nuevos: 0,
        anulados: 1,
      },
      { at: at(300), kind: 'phase', name: 'night-end' },
    ],
    sse: [],
  };
  const a = night.deviceLogs['dev-a'];
  const b = night.deviceLogs['dev-b'];
  const v = night.deviceLogs['dev-vip'];
  // Online drinks, in the order the server stored them.
  stored(night, { scanId: 's1', ticketId: 1, seconds: 1, device: 'dev-a' });
  a.push(online('s1', 1));
  stored(night, { scanId: 's3', ticketId: 2, seconds: 5, device: 'dev-a' });
  a.push(online('s3', 5));
  stored(night, { scanId: 's2', ticketId: 1, seconds: 10, device: 'dev-a' });
  a.push(online('s2', 10));
  stored(night, { scanId: 'v1', ticketId: 5, seconds: 12, device: 'dev-vip' });
  v.push(online('v1', 12));
  // A wristband drink undone ten seconds later: gone, and no longer counted in any interval.
  stored(night, { scanId: 's4', ticketId: 3, seconds: 40, device: 'dev-a', undoneAt: 50 });
  a.push(online('s4', 40));
  undoRow(night, { seconds: 50, device: 'dev-a', ticketId: 3 });
  a.push({ at: at(50), kind: 'undo', scanId: 's4', status: 200, undone: true });
  // dev-b offline: two drinks of a two-drink voucher that had one already → the second conflicts.
  b.push({ at: at(15), kind: 'network', reachable: false });
  b.push(offlineScan('o1', 20));
  b.push(offlineScan('o2', 30));
  b.push({ at: at(55), kind: 'network', reachable: true });
  stored(night, { scanId: 'o1', ticketId: 2, seconds: 20, device: 'dev-b', offline: true });
  b.push(upload('o1', 60));
  stored(night, {
    scanId: 'o2',
    ticketId: 2,
    seconds: 30,
    device: 'dev-b',
    offline: true,
    conflicto: 'agotado',
  });
  b.push(upload('o2', 61, true));
  // dev-a: an online drink, then an online attempt the server recorded whose answer was lost; the
  // guest is served offline under the same scanId, and the upload is answered with that drink.
  a.push(online('la1', 70));
  stored(night, { scanId: 'la1', ticketId: 1, seconds: 70, device: 'dev-a' });
  stored(night, { scanId: 'o4', ticketId: 1, seconds: 71, device: 'dev-a' });
  a.push(offlineScan('o4', 72.5));
  a.push(upload('o4', 80));
  // dev-b scanned offline before its revocation and uploaded after: accepted, marked.
  b.push(offlineScan('o3', 90));
  b.push({ at: at(101), kind: 'upload-retry', scanId: 'o3', status: 503 });
  stored(night, {
    scanId: 'o3',
    ticketId: 3,
    seconds: 90,
    device: 'dev-b',
    offline: true,
    trasRevocacion: true,
  });
  b.push(upload('o3', 120));
  // The dashboard: each change shown half a second after it.
  const shown = [
    [1.5, 1],
    [5.5, 2],
    [10.5, 3],
    [12.5, 4],
    [40.5, 5],
    [50.5, 4],
    [60.5, 5],
    [61.5, 6],
    [70.5, 7],
    [80.5, 8],
    [120.5, 9],
  ];
  night.sse.push({ at: at(0), kind: 'open' });
  for (const [seconds, consumos] of shown) night.sse.push({ at: at(seconds), kind: 'event', consumos });
  night.statistics = {
    source: 'api',
    totalConsumos: 9,
    conflictosOffline: 1,
    porBarra: [
      { barra: 'Barra 1', consumos: 5 },
      { barra: 'Barra 2', consumos: 3 },
      { barra: 'VIP Norte', consumos: 1 },
      { barra: 'Barra 7', consumos: 0 },
    ],
    porDispositivo: [
      { dispositivoId: 1, consumos: 5 },
      { dispositivoId: 2, consumos: 3 },
      { dispositivoId: 3, consumos: 1 },
    ],
    porPersona: [
      { usuarioId: 10, consumos: 5 },
      { usuarioId: 11, consumos: 3 },
      { usuarioId: 12, consumos: 1 },
    ],
  };
  return night;
}

const drinkOf = (night, scanId) => night.drinks.find((drink) => drink.scanId === scanId);
const problems = (check) => check.failures.map((failure) => failure.problem);

describe('the judge on a night where everything went right', () => {
  it('passes every check', () => {
    const verdict = judge(goodNight());
    for (const check of verdict.checks)
      expect({ id: check.id, failures: check.failures }).toEqual({ id: check.id, failures: [] });
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.map((check) => check.id)).toEqual([
      'acknowledged-stored-once',
      'offline-drink-times',
      'conflicts-replayed',
      'online-within-limits',
      'revoked-device',
      'statistics-equal-rows',
      'dashboard-lag',
    ]);
  });

  it('counts what it checked', () => {
    const [a, b, c, d, e, , g] = judge(goodNight()).checks;
    expect(a.figures).toMatchObject({
      acknowledged: 10,
      undone: 1,
      storedOnce: 9,
      storedUnanswered: 0,
    });
    expect(b.figures).toMatchObject({ offlineDrinksChecked: 3, recordedByTheUnansweredAttempt: 1 });
    expect(c.figures).toMatchObject({
      offlineDrinksJudged: 3,
      conflictsFlagged: 1,
      conflictsPredicted: 1,
      ambiguous: 0,
    });
    expect(d.figures.onlineDrinksChecked).toBe(7);
    expect(e.figures).toMatchObject({
      revokedDevices: 1,
      drinksBeforeRevocation: 3,
      markedTrasRevocacion: 1,
    });
    expect(g.figures.momentsChecked).toBeGreaterThan(10);
  });
});

describe('a. every acknowledged drink stored exactly once', () => {
  it('fails on a duplicated drink', () => {
    const night = goodNight();
    night.drinks.push({ ...drinkOf(night, 's1'), id: 99 });
    const check = checkAcknowledgedStoredOnce(night);
    expect(check.ok).toBe(false);
    expect(check.failures).toEqual([
      expect.objectContaining({ problem: 'duplicated', scanId: 's1', drinkIds: [1, 99] }),
    ]);
  });

  it('fails on a lost acknowledged drink, online or offline', () => {
    for (const scanId of ['s2', 'o1']) {
      const night = goodNight();
      night.drinks = night.drinks.filter((drink) => drink.scanId !== scanId);
      const check = checkAcknowledgedStoredOnce(night);
      expect(check.ok).toBe(false);
      expect(check.failures).toEqual([expect.objectContaining({ problem: 'lost', scanId })]);
    }
  });

  it('fails on an undone drink still stored', () => {
    const night = goodNight();
    night.drinks.push({ ...drinkOf(night, 's1'), id: 98, scanId: 's4', ticketId: 3 });
    expect(problems(checkAcknowledgedStoredOnce(night))).toEqual(['undone-still-stored']);
  });

  it('fails on a drink whose scanId no device sent, or with none', () => {
    const night = goodNight();
    night.drinks.push({ ...drinkOf(night, 's1'), id: 97, scanId: 'ghost' });
    night.drinks.push({ ...drinkOf(night, 's1'), id: 96, scanId: null });
    expect(problems(checkAcknowledgedStoredOnce(night)).sort()).toEqual([
      'never-sent',
      'stored-without-scanId',
    ]);
  });

  it('a refused online scan or a queued refusal is no acknowledged drink', () => {
    const night = goodNight();
    night.deviceLogs['dev-a'].push(online('r1', 150, false));
    night.deviceLogs['dev-b'].push({ ...upload('r2', 151), served: false, refusal: true });
    expect(checkAcknowledgedStoredOnce(night).ok).toBe(true);
  });

  it('counts a stored drink whose answer never came, without failing', () => {
    const night = goodNight();
    night.deviceLogs['dev-a'].push({ at: at(150), kind: 'upload-retry', scanId: 'q1', error: 'ECONNRESET' });
    night.drinks.push({ ...drinkOf(night, 's1'), id: 95, scanId: 'q1' });
    const check = checkAcknowledgedStoredOnce(night);
    expect(check.ok).toBe(true);
    expect(check.figures.storedUnanswered).toBe(1);
  });

  it('lists at most MAX_EXAMPLES failures but counts them all', () => {
    const night = goodNight();
    for (let i = 0; i < 30; i++)
      night.drinks.push({ ...drinkOf(night, 's1'), id: 200 + i, scanId: `ghost${i}` });
    const check = checkAcknowledgedStoredOnce(night);
    expect(check.failures).toHaveLength(MAX_EXAMPLES);
    expect(check.figures.failureCount).toBe(30);
  });
});

describe('b. offline drinks stored at their scan time', () => {
  it('fails on an offline drink stored a millisecond off', () => {
    const night = goodNight();
    drinkOf(night, 'o1').timestamp = new Date(Date.parse(at(20)) + 1).toISOString();
    const check = checkOfflineDrinkTimes(night);
    expect(check.ok).toBe(false);
    expect(check.failures).toEqual([expect.objectContaining({ scanId: 'o1', escaneadoEn: at(20) })]);
  });

  it('fails on an offline drink stored at its upload time', () => {
    const night = goodNight();
    drinkOf(night, 'o3').timestamp = at(120);
    expect(checkOfflineDrinkTimes(night).failures.map((f) => f.scanId)).toEqual(['o3']);
  });

  it('fails on an offline drink stored as online at its upload time', () => {
    const night = goodNight();
    Object.assign(drinkOf(night, 'o3'), { offline: false, timestamp: at(150) });
    expect(checkOfflineDrinkTimes(night).failures.map((f) => f.scanId)).toEqual(['o3']);
  });

  it('takes a drink the unanswered online attempt recorded (same scanId, online, before the verdict) as that drink', () => {
    const night = goodNight();
    Object.assign(drinkOf(night, 'o3'), {
      offline: false,
      timestamp: new Date(Date.parse(at(90)) - 1500).toISOString(),
    });
    const check = checkOfflineDrinkTimes(night);
    expect(check.ok).toBe(true);
    // o4 of the good night, and o3 here.
    expect(check.figures.recordedByTheUnansweredAttempt).toBe(2);
  });
});

describe('c. conflicts flagged = conflicts a replay predicts', () => {
  it('fails on a missed conflict', () => {
    const night = goodNight();
    drinkOf(night, 'o2').conflicto = null;
    const check = checkConflicts(night);
    expect(check.ok).toBe(false);
    expect(check.failures).toEqual([
      expect.objectContaining({
        problem: 'missed-conflict',
        ticketId: 2,
        scanId: 'o2',
        predicted: ['agotado'],
      }),
    ]);
  });

  it('counts a ticket whose log order differs from its drink ids', () => {
    const night = goodNight();
    expect(checkConflicts(night).figures.ticketsWhoseLogOrderDiffersFromDrinkIds).toBe(0);
    const [first, second] = night.scanLog.filter((row) => row.ticketId === 1);
    [first.id, second.id] = [second.id, first.id];
    expect(checkConflicts(night).figures.ticketsWhoseLogOrderDiffersFromDrinkIds).toBe(1);
  });

  it('fails on an extra conflict', () => {
    const night = goodNight();
    drinkOf(night, 'o1').conflicto = 'agotado';
    expect(problems(checkConflicts(night))).toEqual(['extra-conflict']);
  });

  it('fails on a conflict with the wrong reason', () => {
    const night = goodNight();
    drinkOf(night, 'o2').conflicto = 'intervalo';
    expect(checkConflicts(night).ok).toBe(false);
  });

  it('fails on an online drink flagged', () => {
    const night = goodNight();
    drinkOf(night, 's2').conflicto = 'agotado';
    expect(problems(checkConflicts(night))).toEqual(['online-drink-flagged']);
  });

  it('knows an undone drink is no longer counted: an interval conflict only while it stood', () => {
    const night = goodNight();
    // Undone after o3's upload was judged: then it stood within one interval of o3 (s4 at 40 s,
    // o3 at 90 s) and o3 should have been flagged.
    night.scanLog.find((row) => row.scanId === 's4').undoneAt = at(200);
    expect(problems(checkConflicts(night))).toEqual(['missed-conflict']);
    drinkOf(night, 'o3').conflicto = 'intervalo';
    expect(checkConflicts(night).ok).toBe(true);
  });

  it('judges with the top-ups that existed when the upload was judged', () => {
    const night = goodNight();
    night.tickets[1].topUps = [{ at: at(61.5), bebidas: 1, paraHoy: false }];
    // Made after o2's upload was answered: the conflict stands.
    expect(checkConflicts(night).ok).toBe(true);
    // Made long before: o2 is no conflict.
    night.tickets[1].topUps[0].at = at(10);
    expect(problems(checkConflicts(night))).toEqual(['extra-conflict']);
  });

  it('counts as ambiguous (either way right) a top-up made while the upload was on its way', () => {
    const night = goodNight();
    night.tickets[1].topUps = [{ at: at(59), bebidas: 1, paraHoy: false }];
    const flagged = checkConflicts(night);
    expect(flagged.ok).toBe(true);
    expect(flagged.figures.ambiguous).toBe(1);
    drinkOf(night, 'o2').conflicto = null;
    expect(checkConflicts(night).ok).toBe(true);
  });

  it('judges the ticket invalidated after the re-import, and either way during it', () => {
    const night = goodNight();
    const b = night.deviceLogs['dev-b'];
    b.push(offlineScan('o5', 150));
    stored(night, {
      scanId: 'o5',
      ticketId: 4,
      seconds: 150,
      device: 'dev-a',
      offline: true,
      conflicto: 'invalidado',
    });
    b.push(upload('o5', 220, true));
    expect(checkConflicts(night).failures).toEqual([]);
    drinkOf(night, 'o5').conflicto = null;
    expect(problems(checkConflicts(night))).toEqual(['missed-conflict']);
    // Uploaded during the re-import: either outcome is right, and counted.
    b.at(-1).at = at(205);
    const during = checkConflicts(night);
    expect(during.ok).toBe(true);
    expect(during.figures.ambiguous).toBe(1);
  });
});

describe('d. no online drink over a limit', () => {
  it('fails on an online drink over the count limit', () => {
    const night = goodNight();
    stored(night, { scanId: 's5', ticketId: 2, seconds: 130, device: 'dev-a' });
    const check = checkOnlineWithinLimits(night);
    expect(check.ok).toBe(false);
    expect(check.failures).toEqual([
      expect.objectContaining({ ticketId: 2, scanId: 's5', refusedFor: ['agotado'] }),
    ]);
  });

  it('fails on a fifth drink of the day, and passes it once the cut-off moved', () => {
    const night = goodNight();
    stored(night, { scanId: 's6', ticketId: 1, seconds: 140, device: 'dev-a' });
    const check = checkOnlineWithinLimits(night);
    expect(check.failures).toEqual([
      expect.objectContaining({ scanId: 's6', refusedFor: ['limite_diario'] }),
    ]);
    // Day 2 ends when the organizer moves the cut-off to the minute just begun (22:02 Madrid).
    night.timeline.push({ at: at(125), kind: 'phase', name: 'cutoff-change', from: '06:00', to: '22:02' });
    expect(cutoffAt(night, T0 + 130_000)).toBe('22:02');
    expect(cutoffAt(night, T0)).toBe('06:00');
    expect(checkOnlineWithinLimits(night).ok).toBe(true);
  });

  it('fails on a wristband drink within its interval, and passes once the earlier one is undone', () => {
    const night = goodNight();
    stored(night, { scanId: 's7', ticketId: 3, seconds: 130, device: 'dev-a' });
    expect(checkOnlineWithinLimits(night).failures).toEqual([
      expect.objectContaining({ refusedFor: ['intervalo'] }),
    ]);
    night.scanLog.find((row) => row.scanId === 'o3').undoneAt = at(125);
    night.scanLog.find((row) => row.scanId === 'o3').consumoId = null;
    night.drinks = night.drinks.filter((drink) => drink.scanId !== 'o3');
    expect(checkOnlineWithinLimits(night).ok).toBe(true);
  });

  it('fails on a VIP ticket served at another bar, and on an invalidated ticket served', () => {
    const night = goodNight();
    stored(night, { scanId: 's8', ticketId: 5, seconds: 130, device: 'dev-a' });
    stored(night, { scanId: 's9', ticketId: 4, seconds: 250, device: 'dev-a' });
    expect(checkOnlineWithinLimits(night).failures.map((f) => f.refusedFor)).toEqual([
      ['barra_no_permitida'],
      ['invalidado'],
    ]);
  });

  it('fails on a drink outside the type validity', () => {
    const night = goodNight();
    night.tickets[0].tipo = { ...abono, validoHasta: at(5) };
    expect(checkOnlineWithinLimits(night).failures.map((f) => [f.scanId, f.refusedFor])).toEqual([
      ['s2', ['caducado']],
      ['la1', ['caducado']],
      ['o4', ['caducado']],
    ]);
  });

  it('counts a drink as ambiguous when the cut-off moved right beside it', () => {
    const night = goodNight();
    stored(night, { scanId: 's6', ticketId: 1, seconds: 140, device: 'dev-a' });
    night.timeline.push({ at: at(141), kind: 'phase', name: 'cutoff-change', from: '06:00', to: '22:02' });
    const check = checkOnlineWithinLimits(night);
    expect(check.ok).toBe(true);
    expect(check.figures.ambiguous).toBe(1);
  });
});

describe('e. nothing from the revoked device after its revocation', () => {
  it('fails on a drink after revocation', () => {
    const night = goodNight();
    drinkOf(night, 'o3').timestamp = at(110);
    const check = checkRevokedDevices(night);
    expect(check.ok).toBe(false);
    expect(problems(check)).toEqual(['drink-after-revocation']);
  });

  it('fails on a scan-log row after revocation (a refusal or an undo)', () => {
    const night = goodNight();
    undoRow(night, { seconds: 130, device: 'dev-b', ticketId: 3 });
    expect(problems(checkRevokedDevices(night))).toEqual(['scan-after-revocation']);
  });

  it('fails on a late upload not marked, and on an early one marked', () => {
    const night = goodNight();
    drinkOf(night, 'o3').trasRevocacion = false;
    expect(problems(checkRevokedDevices(night))).toEqual(['tras-revocacion-mark']);
    const early = goodNight();
    drinkOf(early, 'o1').trasRevocacion = true;
    expect(problems(checkRevokedDevices(early))).toEqual(['tras-revocacion-mark']);
  });
});

describe('f. the statistics equal the rows', () => {
  it('fails on a total off by one', () => {
    const night = goodNight();
    night.statistics.totalConsumos = 10;
    const check = checkStatistics(night);
    expect(check.ok).toBe(false);
    expect(check.failures).toEqual([{ figure: 'totalConsumos', rows: 9, statistics: 10 }]);
  });

  it('fails on a bar, device, person or conflict count off by one', () => {
    const cases = [
      ['porBarra', (s) => (s.porBarra[1].consumos = 2)],
      ['porDispositivo', (s) => (s.porDispositivo[0].consumos = 6)],
      ['porPersona', (s) => s.porPersona.pop()],
      ['conflictosOffline', (s) => (s.conflictosOffline = 0)],
    ];
    for (const [figure, spoil] of cases) {
      const night = goodNight();
      spoil(night.statistics);
      expect(checkStatistics(night).failures.map((f) => f.figure)).toEqual([figure]);
    }
  });

  it("names a drink without a bar 'Sin barra'", () => {
    const night = goodNight();
    drinkOf(night, 's1').barra = null;
    night.statistics.porBarra[0].consumos = 4;
    night.statistics.porBarra.push({ barra: 'Sin barra', consumos: 1 });
    expect(checkStatistics(night).ok).toBe(true);
  });
});

describe('g. the live dashboard never more than 2 s behind', () => {
  const shiftEvents = (night, seconds) => {
    for (const line of night.sse)
      if (line.kind === 'event') line.at = new Date(Date.parse(line.at) + seconds * 1000).toISOString();
  };

  it('passes 1.9 s behind', () => {
    const night = goodNight();
    shiftEvents(night, 1.3);
    expect(checkDashboardLag(night).ok).toBe(true);
  });

  it('fails 3 s behind outside an outage', () => {
    const night = goodNight();
    shiftEvents(night, 2.5);
    const check = checkDashboardLag(night);
    expect(check.ok).toBe(false);
    expect(check.failures[0]).toEqual({ at: at(1.1), acknowledgedMinusUndone: 1, dashboardAt2s: 0 });
  });

  it('fails when the dashboard misses one drink for good', () => {
    const night = goodNight();
    const last = night.sse.at(-1);
    // 9 drinks stored, all acknowledged and not undone.
    last.consumos = 8;
    expect(checkDashboardLag(night).failures.at(-1)).toMatchObject({
      acknowledgedMinusUndone: 9,
      dashboardAt2s: 8,
    });
  });

  it('excuses the database outage and its grace, not later', () => {
    const night = goodNight();
    // The dashboard froze from 55 s to 95 s; the database was down from 56 s to 85 s.
    night.sse = night.sse.filter(
      (line) => !(Date.parse(line.at) > T0 + 55_000 && Date.parse(line.at) < T0 + 95_000),
    );
    night.sse.push({ at: at(95), kind: 'event', consumos: 8 });
    night.sse.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
    expect(checkDashboardLag(night).ok).toBe(false);
    night.timeline.push(
      { at: at(56), kind: 'fault', name: 'db-down' },
      { at: at(85), kind: 'fault', name: 'db-up' },
    );
    expect(85 + DB_OUTAGE_GRACE_MS / 1000).toBeLessThan(95);
    expect(checkDashboardLag(night).ok).toBe(false);
    night.timeline.at(-1).at = at(95 - DB_OUTAGE_GRACE_MS / 1000);
    const excused = checkDashboardLag(night);
    expect(excused.ok).toBe(true);
    expect(excused.figures.momentsExcused).toBeGreaterThan(0);
  });

  it('excuses a stream closed by the outage until the page reconnects, within its longest backoff', () => {
    const night = goodNight();
    night.sse = night.sse.filter(
      (line) => !(Date.parse(line.at) > T0 + 55_000 && Date.parse(line.at) < T0 + 110_000),
    );
    night.sse.push({ at: at(58), kind: 'closed', reason: 'stream ended' });
    night.sse.push({ at: at(105), kind: 'open' }, { at: at(105.2), kind: 'event', consumos: 8 });
    night.sse.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
    night.timeline.push(
      { at: at(56), kind: 'fault', name: 'db-down' },
      { at: at(85), kind: 'fault', name: 'db-up' },
    );
    expect(checkDashboardLag(night).ok).toBe(true);
    // Reopened later than the page's longest wait after db-up: behind.
    night.sse.find((line) => line.kind === 'open' && Date.parse(line.at) > T0).at = at(
      85 + MAX_RECONNECT_WAIT_MS / 1000 + 1,
    );
    night.sse.find((line) => line.consumos === 8 && Date.parse(line.at) > T0 + 100_000).at = at(
      85 + MAX_RECONNECT_WAIT_MS / 1000 + 1.2,
    );
    night.sse.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
    expect(checkDashboardLag(night).ok).toBe(false);
  });

  it('takes undos into account: a dashboard lower by an undo is not behind', () => {
    const night = goodNight();
    night.deviceLogs['dev-a'].push({ at: at(140), kind: 'undo', scanId: 's2', status: 200, undone: true });
    night.sse.push({ at: at(140.5), kind: 'event', consumos: 8 });
    expect(checkDashboardLag(night).ok).toBe(true);
  });
});

describe('the replay helpers', () => {
  it('a ticket invalidated by the end of the night was active before the re-import', () => {
    const night = goodNight();
    const ticket = night.tickets[3];
    expect(ticketStateAt(night, ticket, T0 + 100_000)).toBe('activo');
    expect(ticketStateAt(night, ticket, T0 + 205_000)).toBe('either');
    expect(ticketStateAt(night, ticket, T0 + 211_000)).toBe('invalidado');
    expect(ticketStateAt(night, night.tickets[0], T0 + 211_000)).toBe('activo');
  });

  it('one failing check makes the verdict fail and is named', () => {
    const night = goodNight();
    night.statistics.totalConsumos = 8;
    const verdict = judge(night);
    expect(verdict.ok).toBe(false);
    expect(verdict.checks.filter((check) => !check.ok).map((check) => check.id)).toEqual([
      'statistics-equal-rows',
    ]);
  });
});

describe('the dashboard watcher', () => {
  it('logs each stats event, reconnects when the stream closes and stops on 401', async () => {
    const { createServer } = await import('node:http');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { watchDashboard } = await import('../festival/sse-watch.mjs');
    const requests = [];
    const server = createServer((request, response) => {
      requests.push({ url: request.url, authorization: request.headers.authorization });
      if (requests.length === 3) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const total = requests.length * 10;
      response.write(
        `event: stats\ndata: ${JSON.stringify({ totalConsumos: total, conflictosOffline: 1 })}\n\n`,
      );
      response.write(': ping\n\nevent: alertas\ndata: []\n\n');
      // Split across writes, as a network may deliver it.
      response.write('event: stats\ndata: {"totalConsumos": ');
      setTimeout(() => response.end(`${total + 1}}\n\n`), 20);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logPath = join(mkdtempSync(join(tmpdir(), 'sse-watch-')), 'sse.jsonl');
    const watcher = watchDashboard({
      baseUrl: `http://127.0.0.1:${server.address().port}`,
      eventoId: 7,
      headers: { authorization: 'Bearer test' },
      logPath,
      random: () => 0,
    });
    await watcher.stopped;
    server.close();
    const lines = readFileSync(logPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map(({ kind, consumos, reason }) => [kind, consumos ?? reason ?? null])).toEqual([
      ['open', null],
      ['event', 10],
      ['event', 11],
      ['closed', 'stream ended'],
      ['open', null],
      ['event', 20],
      ['event', 21],
      ['closed', 'stream ended'],
      ['closed', 'stopped 401'],
    ]);
    expect(requests).toEqual(Array(3).fill({ url: '/api/stats/7/stream', authorization: 'Bearer test' }));
    for (const line of lines) expect(Number.isNaN(Date.parse(line.at))).toBe(false);
  });
});

describe('the verdict for the report', () => {
  it('counts the stored drinks and conflicts per bar', async () => {
    const { drinksPerBar } = await import('../festival/judge.mjs');
    const night = goodNight();
    drinkOf(night, 's1').barra = null;
    expect(drinksPerBar(night.drinks)).toEqual([
      { barra: 'Sin barra', drinks: 1, conflicts: 0 },
      { barra: 'Barra 1', drinks: 4, conflicts: 0 },
      { barra: 'VIP Norte', drinks: 1, conflicts: 0 },
      { barra: 'Barra 2', drinks: 3, conflicts: 1 },
    ]);
  });
});

describe('the dashboard watcher, stopped', () => {
  it('closes an open stream and resolves', async () => {
    const { createServer } = await import('node:http');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { watchDashboard } = await import('../festival/sse-watch.mjs');
    const server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`event: stats\ndata: ${JSON.stringify({ totalConsumos: 5 })}\n\n`);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logPath = join(mkdtempSync(join(tmpdir(), 'sse-watch-')), 'sse.jsonl');
    const watcher = watchDashboard({
      baseUrl: `http://127.0.0.1:${server.address().port}`,
      eventoId: 1,
      headers: {},
      logPath,
    });
    await expect.poll(() => readFileSync(logPath, 'utf8')).toContain('"consumos":5');
    await watcher.stop();
    server.closeAllConnections();
    server.close();
    const kinds = readFileSync(logPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).kind);
    expect(kinds).toEqual(['open', 'event', 'closed']);
  });
});
