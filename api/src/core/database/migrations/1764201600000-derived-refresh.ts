import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row: since when what is derived from the register (search indexes a bulk import set aside,
 * search words, statistics, screener views) waits for a refresh handed to the background, so that
 * any `credence-admin refresh` (the background one included) knows whether work is left.
 */
export class DerivedRefresh1764201600000 implements MigrationInterface {
  name = 'DerivedRefresh1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE derived_refresh (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      pending_since timestamptz,
      requested_by text,
      last_finished_at timestamptz
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS derived_refresh`);
  }
}
