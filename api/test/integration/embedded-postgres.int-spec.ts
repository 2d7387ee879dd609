import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import pg from 'pg';
import {
  DataDirInUseError,
  findRunningEmbedded,
  startEmbeddedPostgres,
  type RunningEmbeddedPostgres,
} from '../../src/core/database/embedded-postgres.js';

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

describe('embedded Postgres (PGlite over a Unix socket)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'credence-embedded-'));
  let running: RunningEmbeddedPostgres;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({
      host: running.socketDir,
      port: running.port,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 15_000,
    });
    client.on('error', () => undefined); // a client the test cuts off on purpose
    await client.connect();
    clients.push(client);
    return client;
  }

  before(async () => {
    running = await startEmbeddedPostgres(dataDir);
    const setup = await connect();
    await setup.query(`CREATE TABLE rows (id serial PRIMARY KEY, client int NOT NULL, n int NOT NULL, state text NOT NULL)`);
    await setup.end();
  });
  after(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a socket that the ordinary pg driver talks to', async () => {
    expect(existsSync(join(running.socketDir, `.s.PGSQL.${running.port}`))).toBe(true);
    const client = await connect();
    const { rows } = await client.query<{ version: string; sum: number }>(`SELECT version(), $1::int + $2::int AS sum`, [40, 2]);
    expect(rows[0].version).toMatch(/^PostgreSQL \d+/);
    expect(rows[0].sum).toBe(42);
    await client.end();
  });

  it('keeps two clients apart: interleaved parameterised queries and transactions never see each other', async () => {
    const a = await connect();
    const b = await connect();
    const ITERATIONS = 200;
    const problems: string[] = [];

    async function work(client: pg.Client, me: number): Promise<number> {
      let committed = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const tag = `client-${me}-iteration-${i}`;
        // A parameterised query outside a transaction answers its own parameters.
        const echo = await client.query<{ me: number; tag: string; i: number }>(`SELECT $1::int AS me, $2::text AS tag, $3::int AS i`, [
          me,
          tag,
          i,
        ]);
        if (echo.rows[0].me !== me || echo.rows[0].tag !== tag || echo.rows[0].i !== i)
          problems.push(`${tag}: echo ${JSON.stringify(echo.rows[0])}`);

        await client.query('BEGIN');
        const inserted = await client.query<{ client: number; n: number }>(
          `INSERT INTO rows (client, n, state) VALUES ($1, $2, 'pending') RETURNING client, n`,
          [me, i],
        );
        if (inserted.rows[0].client !== me || inserted.rows[0].n !== i)
          problems.push(`${tag}: inserted ${JSON.stringify(inserted.rows[0])}`);
        // Only my own uncommitted row is pending: never the other client's.
        const pending = await client.query<{ client: number; n: number }>(`SELECT client, n FROM rows WHERE state = 'pending'`);
        if (pending.rows.length !== 1 || pending.rows[0].client !== me || pending.rows[0].n !== i) {
          problems.push(`${tag}: pending ${JSON.stringify(pending.rows)}`);
        }
        const mine = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM rows WHERE client = $1 AND state = 'done'`, [
          me,
        ]);
        if (mine.rows[0].count !== committed) problems.push(`${tag}: ${mine.rows[0].count} committed rows, expected ${committed}`);
        if (i % 3 === 2) {
          await client.query('ROLLBACK');
        } else {
          await client.query(`UPDATE rows SET state = 'done' WHERE client = $1 AND n = $2`, [me, i]);
          await client.query('COMMIT');
          committed += 1;
        }
      }
      return committed;
    }

    const [committedA, committedB] = await within(120_000, 'the interleaved clients', Promise.all([work(a, 1), work(b, 2)]));
    expect(problems).toEqual([]);
    const expected = ITERATIONS - Math.floor(ITERATIONS / 3);
    expect([committedA, committedB]).toEqual([expected, expected]);
    const { rows } = await a.query<{ client: number; state: string; count: number }>(
      `SELECT client, state, count(*)::int AS count FROM rows GROUP BY client, state ORDER BY client, state`,
    );
    expect(rows).toEqual([
      { client: 1, state: 'done', count: expected },
      { client: 2, state: 'done', count: expected },
    ]);
    await a.end();
    await b.end();
  });

  it('keeps each statement with its own parameters when large messages arrive in several socket reads', async () => {
    // A Bind of a few hundred kB reaches the server in several reads: between them the other
    // client's messages arrive, and must not run between this client's Parse and its Bind.
    const a = await connect();
    const b = await connect();
    const problems: string[] = [];
    async function work(client: pg.Client, me: number): Promise<void> {
      for (let i = 0; i < 40; i++) {
        const payload = `${me}:${i}:`.padEnd(300_000 + i * 997 + me * 13, String.fromCharCode(97 + ((i + me) % 26)));
        // The client number is part of the SQL text: running the other client's statement shows.
        const { rows } = await client.query<{ me: number; i: number; len: number; head: string }>(
          `SELECT ${me} AS me, $1::int AS i, length($2::text) AS len, left($2::text, 12) AS head`,
          [i, payload],
        );
        const row = rows[0];
        if (row.me !== me || row.i !== i || row.len !== payload.length || row.head !== payload.slice(0, 12)) {
          problems.push(`client ${me} iteration ${i}: ${JSON.stringify(row)}`);
        }
      }
    }
    await within(120_000, 'the clients with large parameters', Promise.all([work(a, 1), work(b, 2)]));
    expect(problems).toEqual([]);
    await a.end();
    await b.end();
  });

  it("rolls back a client's open transaction when it disconnects, and frees the database for the others", async () => {
    const other = await connect();
    for (const leave of ['end', 'drop'] as const) {
      const leaver = await connect();
      await leaver.query('BEGIN');
      await leaver.query(`INSERT INTO rows (client, n, state) VALUES (99, 0, $1)`, [`orphan-${leave}`]);
      if (leave === 'end') {
        await leaver.end();
      } else {
        // The process dies or the network goes: the socket closes without a goodbye.
        (leaver as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
      const { rows } = await within(
        10_000,
        `a query after the client left (${leave})`,
        other.query(`SELECT count(*)::int AS count FROM rows WHERE client = 99`),
      );
      expect({ leave, orphans: rows[0].count }).toEqual({ leave, orphans: 0 });
      const inTransaction = await other.query(`SELECT now() = statement_timestamp() AS fresh`);
      expect({ leave, fresh: inTransaction.rows[0].fresh }).toEqual({ leave, fresh: true });
    }
    await other.end();
  });

  it('is found by findRunningEmbedded and refuses a second start on the same directory', async () => {
    expect(findRunningEmbedded(dataDir)).toEqual({ socketDir: running.socketDir, port: running.port, pid: process.pid });
    await expect(startEmbeddedPostgres(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
    // The refused start did not disturb the running one.
    const client = await connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });

  it('removes its lock and socket on stop(), and the data survives a restart', async () => {
    const socket = join(running.socketDir, `.s.PGSQL.${running.port}`);
    await running.stop();
    expect(existsSync(join(dataDir, 'pg.lock.json'))).toBe(false);
    expect(existsSync(socket)).toBe(false);
    expect(findRunningEmbedded(dataDir)).toBeNull();

    running = await startEmbeddedPostgres(dataDir);
    expect(findRunningEmbedded(dataDir)).toMatchObject({ pid: process.pid });
    const client = await connect();
    const { rows } = await client.query<{ client: number; count: number }>(
      `SELECT client, count(*)::int AS count FROM rows WHERE state = 'done' GROUP BY client ORDER BY client`,
    );
    expect(rows).toEqual([
      { client: 1, count: 134 },
      { client: 2, count: 134 },
    ]);
    await client.end();
  });
});
