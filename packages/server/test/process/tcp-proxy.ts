import { once } from 'node:events';
import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can break the way networks and database restarts
 * do: hold the bytes a client sends (a query that never arrives), cut every connection, refuse new
 * ones for a while, then forward again. The real PostgreSQL keeps running for everyone else.
 */
export interface TcpProxy {
  port: number;
  /** `databaseUrl` pointed at the proxy instead of the database's own host and port. */
  urlFor(databaseUrl: string): string;
  /** Open connections through the proxy. */
  connections(): number;
  /** From now on, bytes from clients are kept back: their statements never reach the database. */
  hold(): void;
  /**
   * Forwards the first message from a client that contains `text` (e.g. a consume's first
   * statement), then holds from the next message of any client on: the pool may send the
   * statement after it on another connection.
   */
  holdAfter(text: string): void;
  /** Holds the first message from a client that contains `text` (e.g. a statement's name), and all after it. */
  holdFrom(text: string): void;
  /** Resolves once a client has sent bytes that `hold` keeps back (a statement now in flight). */
  somethingHeld(): Promise<void>;
  /** Forwards again, the bytes kept back first. */
  release(): void;
  /** Destroys every open connection at once, as a dropped network or a killed backend does. */
  cut(): void;
  /** Cuts every connection and stops listening: new connections are refused (ECONNREFUSED). */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket; held: Buffer[] }>();
  let holding = false;
  let holdAfterText: string | null = null;
  let holdFromText: string | null = null;
  let holdNext = false;
  let heldWaiters: (() => void)[] = [];

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, held: [] as Buffer[] };
    open.add(pair);
    client.on('data', (chunk) => {
      if (holdNext) {
        holding = true;
        holdNext = false;
      }
      if (holdAfterText !== null && chunk.toString('latin1').includes(holdAfterText)) {
        holdNext = true;
        holdAfterText = null;
      }
      if (holdFromText !== null && chunk.toString('latin1').includes(holdFromText)) {
        holding = true;
        holdFromText = null;
      }
      if (holding) {
        pair.held.push(chunk);
        for (const waiter of heldWaiters) waiter();
        heldWaiters = [];
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;

  function cut() {
    for (const pair of [...open]) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    open.clear();
  }

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    connections: () => open.size,
    hold() {
      holding = true;
    },
    holdAfter(text) {
      holdAfterText = text;
    },
    holdFrom(text) {
      holdFromText = text;
    },
    somethingHeld() {
      if ([...open].some((pair) => pair.held.length > 0)) return Promise.resolve();
      return new Promise((resolve) => heldWaiters.push(resolve));
    },
    release() {
      holding = false;
      holdAfterText = null;
      holdFromText = null;
      for (const pair of open) {
        for (const chunk of pair.held) pair.upstream.write(chunk);
        pair.held = [];
      }
    },
    cut,
    async refuse() {
      const closed = new Promise((resolve) => server.close(resolve));
      cut();
      await closed;
    },
    async accept() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
      cut();
      await closed;
    },
  };
}
