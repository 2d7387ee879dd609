import { describe, it } from 'node:test';
import { expect } from 'expect';
import { loadConfig } from '../../src/core/config/config.js';
import { createContext } from '../../src/context.js';
import { createTestEnvironment } from '../support/environment.js';
import { ADMIN, run, startServer } from '../support/processes.js';

/** Counts in the environment's database (joining a running server's embedded database when there is one). */
async function counts(env: Record<string, string>): Promise<{ companies: number; sample: number; filings: number; statements: number }> {
  const context = await createContext({ ...loadConfig(env), runJobs: false });
  try {
    const [row] = await context.dataSource.query(
      `SELECT (SELECT count(*) FROM companies)::int AS companies, (SELECT count(*) FROM companies WHERE source = 'sample')::int AS sample,
              (SELECT count(*) FROM filings)::int AS filings, (SELECT count(*) FROM financial_statements)::int AS statements`,
    );
    return row;
  } finally {
    await context.close();
  }
}

describe('sample data from the command line and on first start', () => {
  it('credence-admin seed --companies 20 --json generates them and says what it wrote', async () => {
    const environment = await createTestEnvironment();
    try {
      const result = await run(ADMIN, ['seed', '--companies', '20', '--seed', '5', '--json'], environment.env);
      expect(result.code).toBe(0);
      const summary = JSON.parse(result.stdout);
      expect(summary).toMatchObject({
        companies: 20,
        tables: expect.objectContaining({ companies: 20, sic_codes: 731 }),
        seconds: expect.any(Number),
      });
      expect(summary.tables.filings).toBeGreaterThan(50);
      const after = await counts(environment.env);
      expect(after).toMatchObject({
        companies: 20,
        sample: 20,
        filings: summary.tables.filings,
        statements: summary.tables.financial_statements,
      });

      const bad = await run(ADMIN, ['seed', '--companies', 'lots'], environment.env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--companies');
    } finally {
      await environment.cleanup();
    }
  });

  it('a first start on an empty database generates SAMPLE_COMPANIES companies, and a second start keeps them', async () => {
    const environment = await createTestEnvironment({ SAMPLE_COMPANIES: '30', LOG_LEVEL: 'warn' });
    try {
      const server = await startServer(environment.env, 120_000);
      try {
        expect(server.output()).toMatch(/Generating sample data: 30 companies\.\.\./);
        expect(server.output()).toMatch(/Sample data ready: 30 companies, [\d,]+ rows in [\d.]+ s/);
        expect(server.output()).toMatch(
          /US sample data ready: 200 companies \(CIK 990000001 on\), [\d,]+ facts in [\d.]+ s \(labelled sample/,
        );
        expect(await counts(environment.env)).toMatchObject({ companies: 30, sample: 30 });
      } finally {
        expect((await server.stop()).code).toBe(0);
      }
      const again = await startServer(environment.env, 120_000);
      try {
        expect(again.output()).not.toContain('Generating sample data');
        expect(again.output()).not.toContain('Generating US sample data');
        expect(await counts(environment.env)).toMatchObject({ companies: 30 });
      } finally {
        await again.stop();
      }
    } finally {
      await environment.cleanup();
    }
  });
});
