/**
 * A TCP proxy in front of a server (the API, PostgreSQL) that a test can cut, as a network that
 * drops: every open connection is reset and new ones are refused (ECONNREFUSED), until restore()
 * listens again on the same port. The program under test must notice and reconnect on its own.
 * It also notes the HTTP request lines that pass through. Node only: exported as
 * `@credence/shared/cuttable-proxy` for the api and cli tests, never from the package's main entry.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface CuttableProxy {
  /** `http://127.0.0.1:<port>`: the proxy as an HTTP server's address. */
  url: string;
  port: number;
  /** The HTTP request lines seen (`GET /api/...`), in order. */
  requests: string[];
  /** Resets every connection and stops listening; resolves once new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE) (\S+) HTTP\/1\.1\r$/gm;

/**
 * A proxy to `target`: an http(s) URL, or a host and port. A cut resets its connections (the peer
 * reads ECONNRESET, as when a network drops) unless `reset` is false: then they are closed.
 */
export async function cuttableProxy(
  target: string | { host: string; port: number },
  { reset = true }: { reset?: boolean } = {},
): Promise<CuttableProxy> {
  const { host, port: targetPort } =
    typeof target === 'string' ? { host: new URL(target).hostname, port: Number(new URL(target).port) } : target;
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let server: Server | null = null;
  let port = 0;

  const pipe = (client: Socket) => {
    if (!server) return client.destroy();
    const upstream = connect(targetPort, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (client.destroy(), upstream.destroy()));
    }
    client.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString('latin1').matchAll(REQUEST_LINE)) requests.push(`${match[1]} ${match[2]}`);
    });
    client.pipe(upstream).pipe(client);
  };

  const listen = async () => {
    if (server) return;
    const listening = createServer(pipe);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.address() as { port: number }).port;
    server = listening;
  };

  // A socket still connecting is destroyed, never reset: a CI run's test process was left spinning
  // at full CPU after its suite, never exiting, when a cut reset an upstream connection under way.
  const stop = async (drop: (socket: Socket) => void) => {
    const closing = server;
    server = null;
    for (const socket of sockets) drop(socket);
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  const cut = () => stop((socket) => (reset && !socket.connecting ? socket.resetAndDestroy() : socket.destroy()));
  const close = () => stop((socket) => socket.destroy());

  await listen();
  return { url: `http://127.0.0.1:${port}`, port, requests, cut, restore: listen, close };
}
