// The rehearsal's bar devices: the crash-safe queue, the device logs, and the protocol device against
// a small fake scanner server (online, no answer → offline by the domain's rule function, upload in
// order, revocation).
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offlineTicketId, sealHolderName } from '../../packages/domain/src/offline-crypto.ts';
import { offlineData } from '../../packages/domain/src/offline-data.ts';
import { openDeviceLog, readDeviceLogs } from '../festival/device-log.mjs';
import { runBartender } from '../festival/bartender.mjs';
import { openQueue } from '../festival/durable-queue.mjs';
import { createProtocolDevice } from '../festival/protocol-device.mjs';
import { seededRandom } from '../festival/schedule.mjs';

const work = mkdtempSync(join(tmpdir(), 'festival-devices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('durable queue', () => {
  it('keeps the order and the removals across a reopen', () => {
    const path = join(work, 'order.queue');
    const queue = openQueue(path);
    ['a', 'b', 'c', 'd'].forEach((id) => queue.push({ id, n: id.charCodeAt(0) }));
    expect(queue.remove('b')).toBe(true);
    expect(queue.remove('b')).toBe(false);
    expect(queue.peek()).toEqual({ id: 'a', n: 97 });
    queue.close();

    const reopened = openQueue(path);
    expect(reopened.entries().map((entry) => entry.id)).toEqual(['a', 'c', 'd']);
    expect(reopened.size()).toBe(3);
    reopened.remove('a');
    expect(reopened.peek()?.id).toBe('c');
    reopened.close();
  });

  it('ignores a push torn by a crash, and appends cleanly after it', () => {
    const path = join(work, 'torn.queue');
    const queue = openQueue(path);
    queue.push({ id: 'first' });
    queue.push({ id: 'second' });
    queue.close();
    // The process died in the middle of writing a third entry.
    appendFileSync(path, '+{"id":"third","qrCo');

    const reopened = openQueue(path);
    expect(reopened.entries().map((entry) => entry.id)).toEqual(['first', 'second']);
    reopened.push({ id: 'fourth' });
    reopened.close();
    expect(
      openQueue(path)
        .entries()
        .map((entry) => entry.id),
    ).toEqual(['first', 'second', 'fourth']);
  });

  it('refuses a journal corrupted before its last line', () => {
    const path = join(work, 'corrupt.queue');
    writeFileSync(path, '+{"id":"a"}\nrubbish\n+{"id":"b"}\n');
    expect(() => openQueue(path)).toThrow(/corrupt/);
  });

  it('compacts the journal when most of it is removals', () => {
    const path = join(work, 'compact.queue');
    const queue = openQueue(path);
    for (let index = 0; index < 200; index += 1)
      queue.push({ id: `scan-${index}`, padding: 'x'.repeat(100) });
    const full = statSync(path).size;
    for (let index = 0; index < 190; index += 1) queue.remove(`scan-${index}`);
    queue.close();
    expect(statSync(path).size).toBeLessThan(full / 2);
    expect(
      openQueue(path)
        .entries()
        .map((entry) => entry.id),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `scan-${190 + index}`));
  });
});

describe('device log', () => {
  it('writes lines with the time and the device, and reads every device back', () => {
    const dir = mkdtempSync(join(work, 'logs-'));
    const log = openDeviceLog(join(dir, 'Barra 1 · A.jsonl'), 'Barra 1 · A');
    log.write({ kind: 'network', reachable: false });
    log.write({ kind: 'revoked' });
    log.close();
    // Another device died while writing its second line.
    writeFileSync(join(dir, 'Barra 2 · A.jsonl'), '{"kind":"revoked","device":"Barra 2 · A"}\n{"kind":"sc');

    const logs = readDeviceLogs(dir);
    expect([...logs.keys()]).toEqual(['Barra 1 · A', 'Barra 2 · A']);
    const [first, second] = logs.get('Barra 1 · A');
    expect(first).toMatchObject({ kind: 'network', reachable: false, device: 'Barra 1 · A' });
    expect(new Date(first.at).toISOString()).toBe(first.at);
    expect(second.kind).toBe('revoked');
    expect(logs.get('Barra 2 · A')).toEqual([{ kind: 'revoked', device: 'Barra 2 · A' }]);
  });

  it('refuses a log corrupted before its last line', () => {
    const dir = mkdtempSync(join(work, 'bad-logs-'));
    writeFileSync(join(dir, 'x.jsonl'), '{"kind":"revoked"}\n{broken\n{"kind":"revoked"}\n');
    expect(() => readDeviceLogs(dir)).toThrow(/line 2/);
  });
});

/** An offline data payload as the server builds it, with the domain's own helpers. */
async function buildOfflineData(tickets) {
  const now = Date.now();
  // The festival day's cut-off half a day away, so the drinks of the last minutes are all "today".
  const corteDiario = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(now + 12 * 3_600_000));
  const data = {
    evento: {
      nombre: 'Festival de prueba',
      ubicacion: 'Recinto',
      fechaInicio: new Date(now - 86_400_000).toISOString(),
      fechaFin: new Date(now + 2 * 86_400_000).toISOString(),
      zonaHoraria: 'Europe/Madrid',
      corteDiario,
    },
    tiposTicket: [
      {
        id: 1,
        nombre: 'Abono 3 días',
        modo: 'por_cantidad',
        maxDrinks: 12,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: new Date(now - 86_400_000).toISOString(),
        validoHasta: new Date(now + 2 * 86_400_000).toISOString(),
        maxDrinksPerDay: 4,
      },
    ],
    tickets: await Promise.all(
      tickets.map(async ({ qr, ticketId, drinksMinutesAgo = [] }) => ({
        id: await offlineTicketId(qr),
        ticketId,
        ticketTypeId: 1,
        estado: 'activo',
        createdAt: new Date(now - 86_400_000).toISOString(),
        consumos: drinksMinutesAgo.map((minutes) => new Date(now - minutes * 60_000).toISOString()),
        titular: await sealHolderName(qr, `Invitado ${ticketId}`),
      })),
    ),
    generadoEn: new Date(now).toISOString(),
  };
  return offlineData.parse(data);
}

/**
 * A fake scanner server: answers consume and offline like the real one for a few cases. `mode`:
 * 'answer' (drinks served, uploads stored), 'hang' (consume never answered), 'gateway' (a proxy's
 * 502), 'revoked' (the device
 * was revoked at `revokedAt`: only offline drinks scanned before it are taken).
 */
function fakeScannerServer(payload) {
  const server = {
    mode: 'answer',
    revokedAt: null,
    /** @type {{ method: string, path: string, headers: http.IncomingHttpHeaders, body: any }[]} */
    requests: [],
    url: '',
  };
  const send = (response, status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const listener = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? JSON.parse(text) : null;
      const path = request.url.replace(/^\/api\/scanner\/[^/]+/, '');
      server.requests.push({ method: request.method, path, headers: request.headers, body });
      if (path === '/offline') {
        if (request.headers['if-none-match'] === '"v1"')
          return send(response, 304, undefined, { etag: '"v1"' });
        return send(response, 200, payload, { etag: '"v1"' });
      }
      if (path !== '/consume') return send(response, 404, { error: 'Not Found' });
      if (server.mode === 'hang') return undefined;
      if (server.mode === 'gateway') return send(response, 502, { error: 'Bad Gateway' });
      if (server.mode === 'revoked') {
        const scannedBefore = body.offline && new Date(body.escaneadoEn) < server.revokedAt;
        if (!scannedBefore) return send(response, 401, { error: 'device_revoked', message: 'revocado' });
      }
      if (body.rechazo) {
        return send(response, 200, {
          success: false,
          reason: body.rechazo,
          message: 'Rechazo sin conexión registrado',
        });
      }
      return send(response, 200, {
        success: true,
        canConsume: true,
        message: 'Consumo permitido',
        reason: 'ok',
        tipoBebida: body.tipoBebida ?? 'copa',
        ...(body.offline ? { conflicto: false } : {}),
      });
    });
  });
  return new Promise((resolve) => {
    listener.listen(0, '127.0.0.1', () => {
      server.url = `http://127.0.0.1:${listener.address().port}`;
      server.close = () =>
        new Promise((done) => {
          listener.closeAllConnections();
          listener.close(done);
        });
      resolve(server);
    });
  });
}

async function until(condition, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('protocol device', () => {
  const QR_FRESH = 'FEST-0001-FRESH';
  const QR_DAY_DONE = 'FEST-0002-DAYDONE';
  const QR_OTHER = 'FEST-0003-OTHER';
  const QR_UNKNOWN = 'FEST-9999-UNKNOWN';
  let server;
  let payload;
  const devices = [];

  beforeAll(async () => {
    payload = await buildOfflineData([
      { qr: QR_FRESH, ticketId: 1 },
      // Four drinks this festival day already: the per-day limit (4) is reached.
      { qr: QR_DAY_DONE, ticketId: 2, drinksMinutesAgo: [40, 30, 20, 10] },
      { qr: QR_OTHER, ticketId: 3 },
    ]);
    server = await fakeScannerServer(payload);
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
    server.mode = 'answer';
    server.requests.length = 0;
  });
  afterAll(() => server.close());

  const newDevice = (name, timing = {}) => {
    const device = createProtocolDevice({
      name,
      barra: 'Barra 1',
      deviceId: `device-${name}`,
      token: `token-${name}`,
      apiKey: 'the-key',
      baseUrl: server.url,
      logDir: join(work, 'devices'),
      queueDir: join(work, 'queues'),
      timing: { firstRetryMs: 200, maxRetryMs: 400, ...timing },
    });
    devices.push(device);
    return device;
  };
  const logOf = (name) => readDeviceLogs(join(work, 'devices')).get(name);
  const consumeRequests = () => server.requests.filter((request) => request.path === '/consume');

  it('scans online like the page: device headers, the server verdict logged', async () => {
    const device = newDevice('online');
    await device.ready;
    const verdict = await device.scan(QR_FRESH, { tipoBebida: 'copa' });
    expect(verdict).toMatchObject({ via: 'online', served: true, status: 200, reason: 'ok' });

    const [request] = consumeRequests();
    expect(request.body).toMatchObject({ qrCode: QR_FRESH, barra: 'Barra 1', tipoBebida: 'copa' });
    expect(request.body.scanId).toBe(verdict.scanId);
    expect(request.headers['x-device-token']).toBe('token-online');
    expect(request.headers['x-device-id']).toBe('device-online');
    expect(request.headers['x-device-pending']).toBe('0');
    expect(request.headers['x-device-offline-data']).toBe(payload.generadoEn);

    const lines = logOf('online');
    expect(lines.map((line) => line.kind)).toEqual(['network', 'offline-data', 'scan']);
    expect(lines[1]).toMatchObject({ tickets: 3, status: 200, generadoEn: payload.generadoEn });
    // A refresh with the held copy's ETag is answered 304.
    await device.refreshOfflineData();
    expect(server.requests.at(-1).headers['if-none-match']).toBe('"v1"');
    expect(logOf('online').at(-1)).toMatchObject({ kind: 'offline-data', status: 304, tickets: 3 });
  });

  it('decides offline with the rule function when the server does not answer in 2.5 s, then uploads in order', async () => {
    const device = newDevice('offline');
    await device.ready;
    server.mode = 'hang';

    const started = Date.now();
    const refused = await device.scan(QR_DAY_DONE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(refused).toMatchObject({ via: 'offline', served: false, reason: 'limite_diario', status: null });
    // As the page: the offline verdict keeps the unanswered attempt's scanId, so an attempt the
    // server did record is answered again, not stored twice, when the queue is sent.
    expect(refused.scanId).toBe(consumeRequests().at(-1).body.scanId);

    const served = await device.scan(QR_FRESH);
    expect(served).toMatchObject({ via: 'offline', served: true, reason: 'ok' });
    const unknown = await device.scan(QR_UNKNOWN);
    expect(unknown).toMatchObject({ via: 'offline', served: false });
    // The refusal and the drink wait; the unknown code is not queued.
    expect(device.state()).toMatchObject({ pending: 2, reachable: false });

    // The server answers again: the next scan is online, and the queue goes at once, oldest first.
    server.mode = 'answer';
    const online = await device.scan(QR_OTHER);
    expect(online).toMatchObject({ via: 'online', served: true });
    await until(() => device.state().pending === 0, 'the queue to be sent');

    const uploads = consumeRequests().filter((request) => request.body.offline === true);
    const accepted = uploads.filter(
      (request, index) => uploads.findIndex((r) => r.body.scanId === request.body.scanId) === index,
    );
    expect(accepted.map((request) => request.body.scanId)).toEqual([refused.scanId, served.scanId]);
    expect(accepted[0].body).toMatchObject({
      qrCode: QR_DAY_DONE,
      rechazo: 'limite_diario',
      escaneadoEn: refused.escaneadoEn,
    });
    expect(accepted[1].body).toMatchObject({
      qrCode: QR_FRESH,
      escaneadoEn: served.escaneadoEn,
      barra: 'Barra 1',
    });
    expect(accepted[1].body.rechazo).toBeUndefined();

    const uploadLines = logOf('offline').filter((line) => line.kind === 'upload');
    expect(uploadLines).toEqual([
      expect.objectContaining({ scanId: refused.scanId, status: 200, served: false, refusal: true }),
      expect.objectContaining({
        scanId: served.scanId,
        status: 200,
        served: true,
        conflicto: false,
        refusal: false,
      }),
    ]);
    const flips = logOf('offline')
      .filter((line) => line.kind === 'network')
      .map((line) => line.reachable);
    // An upload still hanging from before may time out after the server came back: a flip more.
    expect(flips.slice(0, 2)).toEqual([true, false]);
    expect(flips.at(-1)).toBe(true);
    flips.slice(1).forEach((reachable, index) => expect(reachable).not.toBe(flips[index]));
  }, 30_000);

  it('counts its own offline drinks: the fifth drink of the day is refused offline', async () => {
    // A shorter wait than the page's 2.5 s: what counts here is the rule, not the wait.
    const device = newDevice('limit', { scanTimeoutMs: 300 });
    await device.ready;
    server.mode = 'hang';
    const drinks = [];
    for (let index = 0; index < 5; index += 1) drinks.push(await device.scan(QR_OTHER));
    expect(drinks.map((drink) => drink.served)).toEqual([true, true, true, true, false]);
    expect(drinks[4].reason).toBe('limite_diario');
    // The device's own undo of a queued drink takes it off the queue: the server never hears of it.
    expect(await device.undo(drinks[3].scanId)).toMatchObject({ undone: true, status: null });
    expect(device.state().pending).toBe(4);
  }, 30_000);

  it('keeps its queue through a crash: a new process of the device sends it', async () => {
    const first = newDevice('restart');
    await first.ready;
    server.mode = 'hang';
    const served = await first.scan(QR_FRESH);
    expect(served.served).toBe(true);
    await first.stop();

    server.mode = 'answer';
    const second = newDevice('restart');
    await second.ready;
    await until(() => second.state().pending === 0, 'the queue of the previous run to be sent');
    expect(logOf('restart').filter((line) => line.kind === 'upload')).toEqual([
      expect.objectContaining({ scanId: served.scanId, status: 200, served: true }),
    ]);
  }, 30_000);

  it('stops scanning at device_revoked, wipes its offline data, and still uploads its queue', async () => {
    const device = newDevice('revoked');
    await device.ready;
    server.mode = 'hang';
    const served = await device.scan(QR_FRESH);
    expect(served).toMatchObject({ via: 'offline', served: true });

    server.revokedAt = new Date();
    server.mode = 'revoked';
    const refused = await device.scan(QR_OTHER);
    expect(refused).toMatchObject({ via: 'online', served: false, status: 401, reason: 'device_revoked' });
    expect(device.state()).toMatchObject({ revoked: true, offlineDataOf: null });
    // The drink served before the revocation still reaches the server.
    await until(() => device.state().pending === 0, 'the queue to be sent after the revocation');

    const before = server.requests.length;
    expect(await device.scan(QR_OTHER)).toEqual({ skipped: true });
    expect(await device.refreshOfflineData()).toBe(false);
    expect(server.requests.length).toBe(before);

    const lines = logOf('revoked');
    expect(lines.filter((line) => line.kind === 'revoked')).toHaveLength(1);
    expect(lines.filter((line) => line.kind === 'upload')).toEqual([
      expect.objectContaining({ scanId: served.scanId, status: 200, served: true }),
    ]);
    expect(lines.filter((line) => line.kind === 'scan')).toHaveLength(2);
  }, 30_000);

  it('takes a 502 from the bar proxy as no answer: decided offline at once', async () => {
    const device = newDevice('gateway');
    await device.ready;
    server.mode = 'gateway';
    const started = Date.now();
    const verdict = await device.scan(QR_FRESH);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(verdict).toMatchObject({ via: 'offline', served: true, status: null });
    expect(verdict.scanId).toBe(consumeRequests().at(-1).body.scanId);
    expect(device.state().pending).toBe(1);
    // No secret in the device's log.
    expect(readFileSync(join(work, 'devices', 'gateway.jsonl'), 'utf8')).not.toContain('token-gateway');
  });
});

/**
 * A device that answers like the server for a pool of guests: VIP tickets only at the VIP bars,
 * vouchers of 2 drinks (top-ups add to them), refunded tickets refused, up to 4 drinks per guest.
 */
function fakeDevice(barra, guests, { revokeAfter = Infinity } = {}) {
  const drinks = new Map();
  const extra = new Map();
  const scans = [];
  const undos = [];
  const notes = [];
  let count = 0;
  return {
    name: `fake ${barra}`,
    scans,
    undos,
    notes,
    topUp: (qr, bebidas) => extra.set(qr, (extra.get(qr) ?? 0) + bebidas),
    state: () => ({ barra }),
    note: (line) => notes.push(line),
    async scan(qr) {
      count += 1;
      if (count > revokeAfter) return { skipped: true };
      const guest = guests.find((candidate) => candidate.qrCode === qr);
      const used = drinks.get(qr) ?? 0;
      let reason = 'ok';
      if (guest.invalidado) reason = 'invalidado';
      else if (guest.barrasPermitidas && !guest.barrasPermitidas.includes(barra))
        reason = 'barra_no_permitida';
      else if (guest.tipo === 'Bono 2 copas' && used >= 2 + (extra.get(qr) ?? 0)) reason = 'agotado';
      else if (guest.tipo !== 'Bono 2 copas' && used >= 4) reason = 'limite_diario';
      const served = reason === 'ok';
      if (served) drinks.set(qr, used + 1);
      const line = {
        kind: 'scan',
        scanId: `scan-${count}`,
        qr,
        via: 'online',
        served,
        reason,
        at: Date.now(),
      };
      scans.push(line);
      return line;
    },
    async undo(scanId) {
      undos.push(scanId);
      return { undone: true };
    },
  };
}

describe('bartender', () => {
  const pool = [
    ...Array.from({ length: 30 }, (_, index) => ({
      qrCode: `ABONO-${index}`,
      ticketId: 100 + index,
      tipo: 'Abono 3 días',
      barrasPermitidas: null,
    })),
    ...Array.from({ length: 8 }, (_, index) => ({
      qrCode: `VIP-${index}`,
      ticketId: 200 + index,
      tipo: 'Abono VIP',
      barrasPermitidas: ['VIP Norte', 'VIP Sur'],
    })),
    ...Array.from({ length: 6 }, (_, index) => ({
      qrCode: `BONO-${index}`,
      ticketId: 300 + index,
      tipo: 'Bono 2 copas',
      barrasPermitidas: null,
    })),
    ...Array.from({ length: 3 }, (_, index) => ({
      qrCode: `REFUNDED-${index}`,
      ticketId: 400 + index,
      tipo: 'Abono 3 días',
      barrasPermitidas: null,
      invalidado: true,
    })),
  ];
  const fast = { repeatAfterMs: [20, 60], backFromSupervisorMs: [30, 80] };

  it('scans the festival mix at a normal bar and sends an exhausted voucher to the supervisor', async () => {
    const device = fakeDevice('Barra 3', pool);
    const topUps = [];
    const supervisor = {
      headers: { authorization: 'Bearer supervisor-session' },
      api: {
        async request(method, path, { headers, body }) {
          topUps.push({ method, path, headers, body });
          const ticketId = Number(/\/api\/tickets\/(\d+)\/recargas/.exec(path)[1]);
          device.topUp(pool.find((guest) => guest.ticketId === ticketId).qrCode, body.bebidas);
          return { status: 201, body: {} };
        },
      },
    };
    const paces = [];
    const stats = await runBartender({
      device,
      guests: pool,
      paceAt: (nowMs) => {
        paces.push(nowMs);
        return 0.002;
      },
      rng: seededRandom(7),
      shouldStop: () => device.scans.length >= 600,
      supervisor,
      returns: fast,
      mix: { undo: 0.05 },
    });

    const reasons = (reason) => device.scans.filter((scan) => scan.reason === reason).length;
    expect(stats.scans).toBe(device.scans.length);
    // Mostly drinks; every kind of refusal the night needs shows up.
    // (the fake's guests never start a new day: later on, most of them have had their 4 drinks)
    expect(device.scans.slice(0, 100).filter((scan) => scan.served).length).toBeGreaterThan(60);
    expect(reasons('barra_no_permitida')).toBeGreaterThan(0);
    expect(reasons('barra_no_permitida')).toBeLessThan(device.scans.length * 0.1);
    expect(reasons('invalidado')).toBeGreaterThan(0);
    expect(reasons('limite_diario')).toBeGreaterThan(0);
    expect(reasons('agotado')).toBeGreaterThan(0);
    // The same code read again within seconds.
    const repeated = device.scans.some((scan, index) =>
      device.scans.slice(index + 1, index + 4).some((later) => later.qr === scan.qr),
    );
    expect(repeated).toBe(true);
    // Undos of drinks just served, by their scanId.
    expect(device.undos.length).toBeGreaterThan(0);
    device.undos.forEach((scanId) =>
      expect(device.scans.find((scan) => scan.scanId === scanId)?.served).toBe(true),
    );
    expect(paces.length).toBeGreaterThan(500);

    // Top-ups: POST …/recargas with 2 drinks and the supervisor's session, logged on the device.
    expect(topUps.length).toBeGreaterThan(0);
    topUps.forEach((topUp) => {
      expect(topUp).toMatchObject({ method: 'POST', body: { bebidas: 2 }, headers: supervisor.headers });
      expect(topUp.path).toMatch(/^\/api\/tickets\/3\d\d\/recargas$/);
    });
    expect(device.notes[0]).toMatchObject({ kind: 'topup', bebidas: 2, status: 201, paraHoy: false });
    expect(stats.topUps).toBe(topUps.length);
    // A topped-up guest came back and was served again.
    const { qr } = device.notes[0];
    const servedAfter = device.scans.filter((scan) => scan.qr === qr && scan.served);
    expect(servedAfter.length).toBeGreaterThan(2);
  });

  it('serves VIP guests at a VIP bar and stops when the device is revoked', async () => {
    const device = fakeDevice('VIP Norte', pool, { revokeAfter: 120 });
    const stats = await runBartender({
      device,
      guests: pool,
      paceAt: () => 0.001,
      rng: seededRandom(11),
      shouldStop: () => false,
      returns: fast,
    });
    expect(device.scans).toHaveLength(120);
    expect(stats.scans).toBe(120);
    expect(device.scans.filter((scan) => scan.reason === 'barra_no_permitida')).toHaveLength(0);
    // A VIP bar sees mostly its own guests.
    const vip = device.scans.filter((scan) => scan.qr.startsWith('VIP-'));
    expect(vip.length).toBeGreaterThan(device.scans.length / 2);
    expect(vip.some((scan) => scan.served)).toBe(true);
  });
});
