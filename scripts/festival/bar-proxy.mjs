// A bar's Wi-Fi, between its devices and the front door (Caddy): a TCP proxy that can lose the
// network. While cut, connections are accepted and then never answered — a device sees a timeout,
// as it does when the access point dies, not a quick refusal it could tell apart.
import { connect, createServer } from 'node:net';

/**
 * @typedef {object} BarProxyStats
 * @property {number} connections every connection a device opened
 * @property {number} forwarded connections passed on to the front door
 * @property {number} hung connections accepted while cut, never answered
 * @property {number} destroyed connections ended by a cut (open ones) or a restore (hanging ones)
 * @property {number} bytesUp bytes from the devices to the front door
 * @property {number} bytesDown bytes from the front door to the devices
 * @property {number} cuts times the network was cut
 */

/**
 * @param {{name: string, targetHost?: string, targetPort: number}} options
 * @returns {Promise<{name: string, port: number, cut(): void, restore(): void, isCut(): boolean,
 *   close(): Promise<void>, stats: BarProxyStats}>}
 */
export async function startBarProxy({ name, targetHost = '127.0.0.1', targetPort }) {
  /** @type {BarProxyStats} */
  const stats = { connections: 0, forwarded: 0, hung: 0, destroyed: 0, bytesUp: 0, bytesDown: 0, cuts: 0 };
  /** Forwarded pairs: [device side, front-door side]. */
  const open = new Set();
  /** Device connections accepted while cut. */
  const hanging = new Set();
  let cut = false;

  const forward = (device) => {
    stats.forwarded += 1;
    const upstream = connect({ host: targetHost, port: targetPort });
    const pair = [device, upstream];
    open.add(pair);
    const end = () => {
      open.delete(pair);
      device.destroy();
      upstream.destroy();
    };
    device.on('data', (chunk) => (stats.bytesUp += chunk.length));
    upstream.on('data', (chunk) => (stats.bytesDown += chunk.length));
    device.pipe(upstream);
    upstream.pipe(device);
    device.on('error', end);
    upstream.on('error', end);
    device.on('close', end);
    upstream.on('close', end);
  };

  const server = createServer({ pauseOnConnect: true }, (device) => {
    stats.connections += 1;
    device.on('error', () => device.destroy());
    if (cut) {
      // Accepted by the kernel, never read, never answered: the device's own timeout ends it.
      stats.hung += 1;
      hanging.add(device);
      device.on('close', () => hanging.delete(device));
      return;
    }
    forward(device);
    device.resume();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());

  /** Ends a device connection at once (a reset), so a request in flight fails. */
  const drop = (socket) => {
    stats.destroyed += 1;
    if (socket.destroyed) return;
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
  };

  return {
    name,
    port,
    stats,
    /** The Wi-Fi dies: open connections are ended, new ones hang. */
    cut() {
      if (cut) return;
      cut = true;
      stats.cuts += 1;
      for (const pair of [...open]) {
        open.delete(pair);
        const [device, upstream] = pair;
        drop(device);
        upstream.destroy();
      }
    },
    /** The Wi-Fi is back: the hanging connections are ended (the devices retry) and new ones forwarded. */
    restore() {
      if (!cut) return;
      cut = false;
      for (const device of [...hanging]) {
        hanging.delete(device);
        drop(device);
      }
    },
    isCut: () => cut,
    /** Stops listening and ends every connection. */
    close() {
      for (const [device, upstream] of open) {
        device.destroy();
        upstream.destroy();
      }
      for (const device of hanging) device.destroy();
      open.clear();
      hanging.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
