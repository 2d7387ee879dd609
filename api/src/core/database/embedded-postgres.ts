import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { SessionQueue } from './session-queue.js';

/** The port number only names the socket file (`.s.PGSQL.<port>`), as libpq and `pg` expect. */
export const EMBEDDED_PORT = 5432;
const MAX_SOCKET_PATH = 100; // sun_path is 108 bytes on Linux, less elsewhere

export interface EmbeddedEndpoint {
  /** Directory holding the socket: pass it as `host` to `pg`. */
  socketDir: string;
  port: number;
  pid: number;
}

export interface RunningEmbeddedPostgres extends EmbeddedEndpoint {
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

/** The PGlite engines this process serves, by socket directory (the `host` its clients connect to). */
const engines = new Map<string, PGlite>();

/**
 * The PGlite engine behind a data source's socket when this process serves it (not when it joined
 * another process's embedded database), for what the wire protocol cannot carry (COPY FROM a blob).
 */
export function embeddedEngine(options: { host?: unknown }): PGlite | undefined {
  return typeof options.host === 'string' ? engines.get(options.host) : undefined;
}

function lockFile(dataDir: string): string {
  return join(dataDir, 'pg.lock.json');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The endpoint of the process that serves this data directory now, if any. */
export function findRunningEmbedded(dataDir: string): EmbeddedEndpoint | null {
  try {
    const endpoint = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as EmbeddedEndpoint;
    return isAlive(endpoint.pid) ? endpoint : null;
  } catch {
    return null;
  }
}

function socketDirFor(dataDir: string): string {
  const preferred = join(dataDir, 'run');
  if (join(preferred, `.s.PGSQL.${EMBEDDED_PORT}`).length <= MAX_SOCKET_PATH) return preferred;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `credence-${digest}`);
}

/**
 * Opens PGlite on `<dataDir>/pg` and serves it over a Unix socket that only this user can reach,
 * so the ordinary `pg` driver (and TypeORM) talk to it like to any Postgres server, and
 * `credence-admin` can share it with a running server instead of opening the files twice.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<RunningEmbeddedPostgres> {
  if (findRunningEmbedded(dataDir)) {
    throw new DataDirInUseError(`The embedded database in ${dataDir} is already open in another process.`);
  }
  mkdirSync(join(dataDir, 'pg'), { recursive: true, mode: 0o700 });
  const db = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { pg_trgm } });
  const queue = new SessionQueue(db);
  const socketDir = socketDirFor(dataDir);
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  const socketPath = join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`);
  rmSync(socketPath, { force: true });

  const sockets = new Set<Socket>();
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    handler.addEventListener('close', () => handlers.delete(handler));
    void handler.attach(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  const endpoint: EmbeddedEndpoint = { socketDir, port: EMBEDDED_PORT, pid: process.pid };
  engines.set(socketDir, db);
  writeFileSync(lockFile(dataDir), JSON.stringify(endpoint), { mode: 0o600 });

  let stopped = false;
  return {
    ...endpoint,
    async stop() {
      if (stopped) return;
      stopped = true;
      engines.delete(socketDir);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const handler of handlers) await handler.detach(true);
      for (const socket of sockets) socket.destroy();
      await closed;
      await db.close(); // flushes and closes the data files: nothing half-written on Ctrl-C
      rmSync(lockFile(dataDir), { force: true });
      rmSync(socketPath, { force: true });
    },
  };
}
