import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * us_facts without its foreign key to us_companies (issue 16). Postgres checks a foreign key per
 * inserted row (an index probe and a share lock on the company's row); the companyfacts bulk
 * writes about 1,600 facts per company, and on the benchmark's 240,000 facts the check took half
 * of the insert (3.0-4.0 s with it, 1.55-1.9 s without; docs/decisions.md). The one writer,
 * replaceFacts, creates the company in the same transaction before its facts, and companies are
 * never deleted, so the key guarded nothing the import does not already guarantee.
 */
export class UsFactsNoFk1765324800000 implements MigrationInterface {
  name = 'UsFactsNoFk1765324800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE us_facts DROP CONSTRAINT IF EXISTS us_facts_cik_fkey`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM us_facts f WHERE NOT EXISTS (SELECT 1 FROM us_companies c WHERE c.cik = f.cik)`);
    await runner.query(
      `ALTER TABLE us_facts ADD CONSTRAINT us_facts_cik_fkey FOREIGN KEY (cik) REFERENCES us_companies(cik) ON DELETE CASCADE`,
    );
  }
}
