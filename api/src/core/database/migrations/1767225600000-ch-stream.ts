import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Companies House streams (issue 29): each stream's position, written in the same transaction
 * as the changes it applied, so that a restart resumes exactly; the companies a lost stretch of a
 * stream (a 416) may have changed, waiting to be fetched again through the REST API; and the two
 * registers the streams carry that the API importer did not store (insolvency cases, disqualified
 * officers).
 */
export class ChStream1767225600000 implements MigrationInterface {
  name = 'ChStream1767225600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ch_stream_positions (
        stream text PRIMARY KEY,
        timepoint bigint,
        last_published_at timestamptz,
        last_applied_at timestamptz,
        applied bigint NOT NULL DEFAULT 0,
        duplicates bigint NOT NULL DEFAULT 0,
        skipped bigint NOT NULL DEFAULT 0,
        events_per_second real,
        connected_at timestamptz,
        heartbeat_at timestamptz,
        last_error text,
        owner text,
        lease_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE ch_stream_resync (
        company_number text PRIMARY KEY,
        stream text NOT NULL,
        reason text NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await runner.query(`
      CREATE TABLE insolvency_cases (
        company_number text PRIMARY KEY REFERENCES companies(company_number) ON DELETE CASCADE,
        cases jsonb NOT NULL DEFAULT '[]',
        status text[] NOT NULL DEFAULT '{}',
        etag text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE disqualified_officers (
        officer_id text PRIMARY KEY,
        kind text NOT NULL,
        name text,
        date_of_birth date,
        disqualifications jsonb NOT NULL DEFAULT '[]',
        data jsonb NOT NULL DEFAULT '{}',
        etag text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE disqualified_officers`);
    await runner.query(`DROP TABLE insolvency_cases`);
    await runner.query(`DROP TABLE ch_stream_resync`);
    await runner.query(`DROP TABLE ch_stream_positions`);
  }
}
