import http from 'node:http';
import net from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { noAlertRules } from '@drinkflow/domain/alerts';
import type { EventStats } from '@drinkflow/domain/stats';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveUpdate } from '../../src/modules/stats-stream/hub';
import { createSseWriter } from '../../src/modules/stats-stream/sse-writer';

// Issue 18 part 5: a client that stops reading the live stream must not make the server buffer
// without bound. The writer keeps at most one update back (the latest: updates are snapshots).

const padding = 'x'.repeat(8_000);

/** An update of about 8 kB whose `totalConsumos` numbers it. */
const update = (n: number): LiveUpdate => ({
  stats: {
    totalConsumos: n,
    totalAsistentes: 1,
    promedioConsumos: 0,
    horasPico: [],
    consumosPorHora: [],
    bebidasPopulares: [{ tipoBebida: padding, cantidad: n }],
    estadoTickets: { activo: 1, agotado: 0, invalidado: 0, caducado: 0 },
    rechazos: {},
    deshechos: 0,
    porBarra: [],
    conflictosOffline: 0,
    conflictos: [],
  } satisfies EventStats,
  alerts: { reglas: noAlertRules, alertas: [] },
});

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

/** A response on a real socket whose client reads nothing until `resume()`. */
async function stalledResponse() {
  let accept!: (res: http.ServerResponse) => void;
  const response = new Promise<http.ServerResponse>((resolve) => (accept = resolve));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    accept(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  socket.write('GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
  socket.pause();
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  cleanup.push(() => {
    socket.destroy();
    server.closeAllConnections();
    server.close();
  });
  return { res: await response, socket, received: () => received };
}

describe('createSseWriter', () => {
  it('keeps the bytes waiting for a client that does not read bounded, and only the latest update back', async () => {
    const { res, socket, received } = await stalledResponse();
    const writer = createSseWriter(res);
    const size = Buffer.byteLength(`event: stats\ndata: ${JSON.stringify(update(0).stats)}\n\n`);
    const updates = 5_000; // about 40 MB: far more than the kernel's socket buffers take
    let most = 0;
    let behind = 0;
    for (let n = 1; n <= updates; n++) {
      writer.send(update(n));
      writer.ping();
      most = Math.max(most, writer.buffered(), res.writableLength);
      if (writer.hasPending()) behind++;
      if (n % 100 === 0) await nextTurn();
    }

    // The socket's high-water mark (16 kB) plus the first update's alerts and the write that
    // crossed it: never thousands of updates.
    expect(most).toBeLessThan(16_384 + 3 * size);
    expect(behind).toBeGreaterThan(updates / 2); // the client really fell behind

    // Once the client reads again it gets what was written, then the latest update, not the rest.
    socket.resume();
    const deadline = Date.now() + 10_000;
    while (!received().includes(`"totalConsumos":${updates},`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received()).toContain(`"totalConsumos":${updates},`);
    const sent = received().split('event: stats\n').length - 1;
    expect(sent).toBeLessThan(updates / 2);
    expect(writer.hasPending()).toBe(false);
  });

  it('writes every update at once while the client keeps up, alerts only when they change', async () => {
    const { res, socket, received } = await stalledResponse();
    socket.resume();
    const writer = createSseWriter(res);
    for (let n = 1; n <= 3; n++) writer.send(update(n));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(received().split('event: stats\n').length - 1).toBe(3);
    expect(received().split('event: alertas\n').length - 1).toBe(1);
    expect(writer.hasPending()).toBe(false);
  });
});
