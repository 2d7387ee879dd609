import { after, before, describe, it } from 'node:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect } from 'expect';
import { createTestEnvironment, type TestEnvironment } from '../support/environment.js';
import { ADMIN, run, startServer } from '../support/processes.js';
import { missingRows, rowDigests, schemaSnapshot, tableColumns, withDatabase } from '../support/schema-snapshot.js';

/**
 * Upgrades keep every row: each dump in test/fixtures/releases was made by a landed release
 * (api/scripts/release-dump.sh: that release migrated, created users and seeded a register). The
 * test restores it, migrates it with today's `credence-admin migrate`, and checks that the schema
 * equals a fresh database's, that every row is still there, and that the users, refresh, screeners,
 * lender detail and seed work on it.
 */

function releasesDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'releases');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('test fixtures not found: test/fixtures/releases');
}

const RELEASES = readdirSync(releasesDir())
  .filter((file) => file.endsWith('.sql.gz'))
  .map((file) => file.replace('.sql.gz', ''));

/** The users every dump holds (release-dump.sh). */
const ANALYST = { email: 'analyst@example.com', password: 'release dump passphrase one' };

/** Bookkeeping rows that a migration or a refresh rewrites by design (generations are counted up). */
const REWRITTEN_TABLES = new Set(['screener_view_generations', 'derived_refresh']);

/**
 * Replays a pg_dump script through an ordinary connection. psql's `\restrict` guard lines go; on
 * the embedded database so does uuid-ossp, which TypeORM created on server Postgres only.
 */
function restorableScript(release: string, embedded: boolean): string {
  return gunzipSync(readFileSync(join(releasesDir(), `${release}.sql.gz`)))
    .toString('utf8')
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .filter((line) => !(embedded && line.startsWith('CREATE EXTENSION') && line.includes('uuid-ossp')))
    .join('\n');
}

async function admin(environment: TestEnvironment, ...args: string[]) {
  const result = await run(ADMIN, args, environment.env);
  if (result.code !== 0) throw new Error(`credence-admin ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

describe('upgrading a database made by an earlier release', () => {
  let fresh: Record<string, string[]>;

  before(async () => {
    // a copy of the database the runner migrated once (global-setup), through the same migrations
    // that `credence-admin migrate` runs below
    const environment = await createTestEnvironment();
    try {
      fresh = await withDatabase(environment, schemaSnapshot);
    } finally {
      await environment.cleanup();
    }
  });

  it('has dumps of the releases that shaped the schema', () => {
    // 2f9b412: the first screener views; 3f808bf: the last before the lender detail views.
    expect(RELEASES).toEqual(expect.arrayContaining(['2f9b412', '3f808bf']));
  });

  for (const release of RELEASES) {
    describe(`from release ${release}`, () => {
      let environment: TestEnvironment;
      let columnsBefore: Map<string, string[]>;
      let rowsBefore: Map<string, string[]>;
      let companiesBefore: { company_number: string; company_name: string }[];
      let lenderBefore: string | undefined;

      before(async () => {
        environment = await createTestEnvironment({}, { empty: true });
        const embedded = !environment.env.DATABASE_URL;
        await withDatabase(environment, async (db) => {
          await db.query(restorableScript(release, embedded));
          await db.query('RESET ALL'); // the dump's session settings (an empty search_path among them)
          columnsBefore = await tableColumns(db);
          for (const table of REWRITTEN_TABLES) columnsBefore.delete(table);
          rowsBefore = await rowDigests(db, columnsBefore);
          companiesBefore = (await db.query(`SELECT company_number, company_name FROM companies ORDER BY company_number`)).rows;
          lenderBefore = (await db.query(`SELECT raw_name FROM charge_lenders GROUP BY raw_name ORDER BY count(*) DESC, raw_name LIMIT 1`))
            .rows[0]?.raw_name;
        });
        await admin(environment, 'migrate');
      });

      after(() => environment?.cleanup());

      it('migrates to the schema of a fresh database', async () => {
        const upgraded = await withDatabase(environment, schemaSnapshot);
        for (const part of Object.keys(fresh)) {
          expect({ part, lines: upgraded[part] }).toEqual({ part, lines: fresh[part] });
        }
      });

      it('keeps every row it had', async () => {
        expect(companiesBefore.length).toBeGreaterThan(0);
        // The same columns as before: a later migration may add columns, never take one away.
        const rowsAfter = await withDatabase(environment, (db) => rowDigests(db, columnsBefore));
        expect(missingRows(rowsBefore, rowsAfter)).toEqual({});
      });

      it('refreshes, signs its users in, and answers the screeners, search and lender detail from its rows', async () => {
        await admin(environment, 'refresh', '--force');
        const server = await startServer({ ...environment.env, LOG_LEVEL: 'error' });
        try {
          const call = async (path: string, token?: string, body?: unknown) => {
            const response = await fetch(server.url + path, {
              method: body ? 'POST' : 'GET',
              headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            });
            const reply = { status: response.status, body: (await response.json()) as any };
            if (reply.status >= 500) throw new Error(`${path} answered ${reply.status}; the server said:\n${server.output()}`);
            return reply;
          };
          const login = await call('/api/login', undefined, ANALYST);
          expect(login.status).toBe(200);
          const token: string = login.body.access_token;

          const companies = await call('/api/companies_house/get-screener-info?page_size=100', token);
          expect(companies.status).toBe(200);
          expect(companies.body.data.total_count).toBe(companiesBefore.length);
          const [first] = companiesBefore;
          const search = await call(`/api/companies_house/search_companies?query=${first.company_number}`, token);
          expect(search.status).toBe(200);
          expect(JSON.stringify(search.body)).toContain(first.company_name);
          const overview = await call(`/api/companies_house/get_overview?company_number=${first.company_number}`, token);
          expect(overview.status).toBe(200);

          const charges = await call('/api/companies_house/charges-screener-info', token);
          expect(charges.status).toBe(200);
          expect(lenderBefore).toBeDefined();
          const detail = await call(`/api/companies_house/charges/lender-detail?lender_name=${encodeURIComponent(lenderBefore!)}`, token);
          expect(detail.status).toBe(200);
          expect(detail.body.data.total_charges).toBeGreaterThan(0);
        } finally {
          await server.stop();
        }
      });

      it('seeds a new sample on it', async () => {
        const seeded = await admin(environment, 'seed', '--companies', '5', '--seed', '3', '--json');
        expect(JSON.parse(seeded.stdout)).toMatchObject({ companies: 5 });
      });
    });
  }
});
