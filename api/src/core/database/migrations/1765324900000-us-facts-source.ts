import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The companyfacts file each company's facts were last imported from (issue 16): its zip CRC-32
 * and size (or a hash of a plain file) with the KPI catalogue's version. The nightly bulk holds
 * about 18,000 files of which most did not change since the night before: those are skipped
 * without being inflated or parsed. Null (the live sync, the sample data) means "import again".
 */
export class UsFactsSource1765324900000 implements MigrationInterface {
  name = 'UsFactsSource1765324900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE us_companies ADD COLUMN facts_source text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE us_companies DROP COLUMN facts_source`);
  }
}
