import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the API that a test can cut (every connection reset, new ones reset at
 * once) and restore, as a network that drops: the program under test reconnects on its own. It
 * also notes each HTTP request line that passes through.
 */
export interface CuttableProxy {
  url: string;
  /** `GET /api/...` request lines, in order. */
  requests: string[];
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let open = true;
  const server = createServer((client) => {
    if (!open) return client.resetAndDestroy();
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (client.destroy(), upstream.destroy()));
    }
    client.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString('latin1').matchAll(/^(GET|POST|PUT|PATCH|DELETE) (\S+) HTTP\/1\.1\r$/gm))
        requests.push(`${match[1]} ${match[2]}`);
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    cut() {
      open = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => (server.close(() => resolve()), sockets.forEach((s) => s.destroy()))),
  };
}
