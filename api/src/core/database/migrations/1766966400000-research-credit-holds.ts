import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A research credit a queued job holds until it is settled: its job deletes the hold when it ends
 * (kept when it answered, given back when it failed), and a reader of a job whose worker died, or
 * that the queue lost, gives it back by deleting it. Deleting the row is what settles the credit, so
 * it is settled exactly once whichever process gets there first.
 */
export class ResearchCreditHolds1766966400000 implements MigrationInterface {
  name = 'ResearchCreditHolds1766966400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE research_credit_holds (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        period text NOT NULL,
        job_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX research_credit_holds_job ON research_credit_holds (job_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE research_credit_holds`);
  }
}
